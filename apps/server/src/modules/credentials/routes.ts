// Open Badges credentials over HTTP. Two kinds of answer: the public documents
// a verifier's software reads (the issuer Profile, its keys, status lists,
// the credential itself) are the standard documents as they are, not wrapped
// in { message, data }; the platform's own calls (verify, the earner's list,
// the admin's list of a badge's credentials and revoke) answer { message,
// data } like every other call.
import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  badgeCredentialListResponseSchema,
  badgeCredentialsQuerySchema,
  CREDENTIAL_MESSAGES,
  credentialIdParamsSchema,
  earnerCredentialListResponseSchema,
  errorResponseSchema,
  revokeCredentialRequestSchema,
  revokeCredentialResponseSchema,
  verificationResponseSchema,
  verifyRequestSchema,
} from '@gets/schema';
import type { AppContext } from '../../context.ts';
import { actorOf, requireAdmin, requireUser } from '../../http/auth.ts';
import { AppError } from '../../http/errors.ts';
import { perIpLimit, publicReadLimit } from '../accounts/rate-limits.ts';
import { CREDENTIALS_PREFIX } from './issuer-urls.ts';
import {
  badgeCredentials,
  bakedCredentialPng,
  credentialDocument,
  credentialJwt,
  credentialWithDataIntegrityProof,
  earnerCredentials,
  revokeCredentialByAdmin,
  signedStatusList,
} from './service.ts';
import { negotiateStatusListForm } from './status-list.ts';
import { issuerDocument, issuerJwks, issuerKey, multikeyDocument } from './issuer-documents.ts';
import { publicVerification } from './public-verification.ts';
import { readCredentialFile } from './verify.ts';

/** The multipart field of POST /verify: a baked PNG, or a .json / .jwt file. */
export const VERIFY_FILE_FIELD = 'file';
const VC_JWT_MEDIA_TYPE = 'application/vc+jwt';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};
const documentSchema = z.record(z.string(), z.unknown());
const jwtSchema = z.string().describe('a compact JWS (VC-JWT)');
const statusListSchema = z
  .string()
  .describe(
    'a compact JWS (VC-JWT), or the list credential as JSON with its eddsa-rdfc-2022 proof',
  );
const prefix = CREDENTIALS_PREFIX.replace(/^\/gs-api/, '');

export function credentialRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const maxBytes = ctx.config.uploads.maxBytes;
    await app.register(fastifyMultipart, { limits: { fileSize: maxBytes, files: 1, fields: 5 } });
    app.addContentTypeParser(
      [VC_JWT_MEDIA_TYPE, 'application/jwt'],
      { parseAs: 'string' },
      (_request, body, done) => done(null, body),
    );

    // ---- public documents of the issuer

    app.get(
      `${prefix}/issuer`,
      {
        schema: {
          tags: ['credentials'],
          summary: "The issuer's Open Badges 3.0 Profile (the issuer id of every credential)",
          response: { 200: documentSchema },
        },
      },
      async (_request, reply) =>
        reply.header('cache-control', 'public, max-age=300').send(await issuerDocument(ctx)),
    );

    app.get(
      `${prefix}/issuer/jwks`,
      {
        schema: {
          tags: ['credentials'],
          summary: "The issuer's public keys as a JWKS (each kid is the key's own URL)",
          response: { 200: documentSchema },
        },
      },
      async (_request, reply) =>
        reply.header('cache-control', 'public, max-age=300').send(await issuerJwks(ctx)),
    );

    app.get(
      `${prefix}/issuer/keys/:thumbprint`,
      {
        schema: {
          tags: ['credentials'],
          summary: 'One public key of the issuer as a JWK: the kid a VC-JWT names',
          params: z.object({ thumbprint: z.string() }),
          response: { 200: documentSchema, 404: errorResponseSchema },
        },
      },
      async (request, reply) =>
        reply
          .header('cache-control', 'public, max-age=300')
          .send(await issuerKey(ctx, request.params.thumbprint)),
    );

    app.get(
      `${prefix}/issuer/multikeys/:thumbprint`,
      {
        schema: {
          tags: ['credentials'],
          summary:
            'One Ed25519 key of the issuer as a Multikey: the verificationMethod of a Data Integrity proof',
          params: z.object({ thumbprint: z.string() }),
          response: { 200: documentSchema, 404: errorResponseSchema },
        },
      },
      async (request, reply) =>
        reply
          .header('cache-control', 'public, max-age=300')
          .send(await multikeyDocument(ctx, request.params.thumbprint)),
    );

    app.get(
      `${prefix}/status/:listId`,
      {
        schema: {
          tags: ['credentials'],
          summary: `A Bitstring Status List (revocation) as a signed credential, in the form the Accept header asks for: ${VC_JWT_MEDIA_TYPE} (the default) or JSON with an embedded Data Integrity proof (application/vc, application/ld+json, application/json)`,
          params: z.object({ listId: z.uuid({ error: 'Status list not found' }) }),
          response: { 200: statusListSchema, 400: errorResponseSchema, 404: errorResponseSchema },
        },
      },
      async (request, reply) => {
        // Issued credentials name this one URL: JOSE and JSON-LD verifiers both fetch it.
        const { form, mediaType } = negotiateStatusListForm(request.headers.accept);
        const document = await signedStatusList(ctx, request.params.listId, form);
        return reply
          .header('content-type', mediaType)
          .header('vary', 'Accept')
          .header('cache-control', 'no-cache')
          .send(document);
      },
    );

    // ---- the earner's credentials

    app.get(
      `${prefix}/mine`,
      {
        onRequest: requireUser(ctx),
        schema: {
          tags: ['credentials'],
          summary: "The signed-in earner's credentials, with where to verify and download each",
          response: { 200: earnerCredentialListResponseSchema, ...errors },
        },
      },
      async (request) => ({
        message: CREDENTIAL_MESSAGES.myCredentials,
        data: await earnerCredentials(ctx, actorOf(request).id),
      }),
    );

    app.get(
      `${prefix}/:credentialId`,
      {
        schema: {
          tags: ['credentials'],
          summary:
            'The credential as JSON, exactly as signed (public: it is the proof an earner shares)',
          params: credentialIdParamsSchema,
          response: { 200: documentSchema, 400: errorResponseSchema, 404: errorResponseSchema },
        },
      },
      async (request) => credentialDocument(ctx, request.params.credentialId),
    );

    app.get(
      `${prefix}/:credentialId/jwt`,
      {
        schema: {
          tags: ['credentials'],
          summary: `The credential as its signed VC-JWT (${VC_JWT_MEDIA_TYPE}; public)`,
          params: credentialIdParamsSchema,
          response: { 200: jwtSchema, 400: errorResponseSchema, 404: errorResponseSchema },
        },
      },
      async (request, reply) =>
        reply
          .header('content-type', VC_JWT_MEDIA_TYPE)
          .send(await credentialJwt(ctx, request.params.credentialId)),
    );

    app.get(
      `${prefix}/:credentialId/data-integrity`,
      {
        schema: {
          tags: ['credentials'],
          summary:
            'The credential as JSON with its embedded Data Integrity proof (eddsa-rdfc-2022, Ed25519; public)',
          params: credentialIdParamsSchema,
          response: { 200: documentSchema, 400: errorResponseSchema, 404: errorResponseSchema },
        },
      },
      async (request) => credentialWithDataIntegrityProof(ctx, request.params.credentialId),
    );

    app.get(
      `${prefix}/:credentialId/png`,
      {
        onRequest: requireUser(ctx),
        schema: {
          tags: ['credentials'],
          summary:
            'The badge image with the credential baked in (iTXt "openbadgecredential"): its earner only',
          params: credentialIdParamsSchema,
          response: { 200: z.any().describe('image/png'), ...errors },
        },
      },
      async (request, reply) => {
        const png = await bakedCredentialPng(ctx, request.params.credentialId, actorOf(request).id);
        return reply
          .header('content-type', 'image/png')
          .header(
            'content-disposition',
            `attachment; filename="badge-${request.params.credentialId}.png"`,
          )
          .send(png);
      },
    );

    // ---- revocation by an admin

    app.get(
      '/admin/credentials',
      {
        onRequest: requireAdmin(ctx),
        schema: {
          tags: ['credentials', 'admin'],
          summary:
            "The credentials issued for a badge: earner, wallet, issue date, status, and a revocation's reason",
          querystring: badgeCredentialsQuerySchema,
          response: { 200: badgeCredentialListResponseSchema, ...errors },
        },
      },
      async (request) => ({
        message: CREDENTIAL_MESSAGES.badgeCredentials,
        data: await badgeCredentials(ctx.db, request.query.badgeId),
      }),
    );

    app.post(
      '/admin/credentials/:credentialId/revoke',
      {
        onRequest: requireAdmin(ctx),
        schema: {
          tags: ['credentials', 'admin'],
          summary:
            'Revokes a credential (its status list bit is set); the reason is kept, not published',
          params: credentialIdParamsSchema,
          body: revokeCredentialRequestSchema,
          response: { 200: revokeCredentialResponseSchema, ...errors },
        },
      },
      async (request) => ({
        message: CREDENTIAL_MESSAGES.revoked,
        data: await revokeCredentialByAdmin(
          ctx.db,
          actorOf(request),
          request.params.credentialId,
          request.body.reason,
        ),
      }),
    );

    // ---- public verification

    // Anyone may verify: bounded, and kept briefly (public-verification.ts).
    const verification = publicVerification(ctx);

    app.post(
      '/verify',
      {
        config: perIpLimit(ctx.config),
        // A file (multipart field "file"), a raw JWT, or a bare credential document
        // become { credential } before validation.
        preValidation: async (request) => {
          if (request.isMultipart()) {
            let bytes: Buffer | undefined;
            try {
              for await (const part of request.parts()) {
                if (part.type === 'file' && part.fieldname === VERIFY_FILE_FIELD && !bytes) {
                  bytes = await part.toBuffer();
                } else if (part.type === 'file') {
                  part.file.resume();
                }
              }
            } catch (error) {
              if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
                throw new AppError(413, CREDENTIAL_MESSAGES.fileTooLarge);
              throw error;
            }
            if (!bytes?.length) throw new AppError(400, CREDENTIAL_MESSAGES.nothingToVerify);
            request.body = { credential: readCredentialFile(bytes) };
          } else if (typeof request.body === 'string') {
            request.body = { credential: request.body };
          } else if (
            request.body &&
            typeof request.body === 'object' &&
            !('credential' in request.body) &&
            ('@context' in request.body || 'type' in request.body)
          ) {
            request.body = { credential: request.body };
          }
        },
        schema: {
          tags: ['credentials'],
          summary:
            'Verifies an Open Badges credential check by check (signature, schema, issuer, validity dates, status, chain record), or says why it is not a badge: JSON { credential }, a bare credential (with or without its Data Integrity proof), a VC-JWT, or a file',
          consumes: ['application/json', 'multipart/form-data', VC_JWT_MEDIA_TYPE, 'text/plain'],
          body: verifyRequestSchema,
          requestBodies: {
            'multipart/form-data': {
              type: 'object',
              properties: {
                [VERIFY_FILE_FIELD]: {
                  type: 'string',
                  format: 'binary',
                  description:
                    'A badge image with the credential baked in (PNG, iTXt "openbadgecredential"), or a .json / .jwt file of the credential',
                },
              },
              required: [VERIFY_FILE_FIELD],
            },
            [VC_JWT_MEDIA_TYPE]: { type: 'string', description: 'The compact VC-JWT' },
            'text/plain': { type: 'string', description: 'The compact VC-JWT' },
          },
          response: {
            200: verificationResponseSchema,
            ...errors,
            413: errorResponseSchema,
            429: errorResponseSchema,
            503: errorResponseSchema,
          },
        },
      },
      async (request) => ({
        message: CREDENTIAL_MESSAGES.verified,
        data: await verification.sent(request.body.credential),
      }),
    );

    app.get(
      '/verify/:credentialId',
      {
        config: publicReadLimit(ctx.config),
        schema: {
          tags: ['credentials'],
          summary:
            'Verifies a credential this platform issued, by its id (the /verify/{id} page); the chain record is kept for 30 seconds, a revocation shows at once',
          params: credentialIdParamsSchema,
          response: {
            200: verificationResponseSchema,
            400: errorResponseSchema,
            404: errorResponseSchema,
            429: errorResponseSchema,
            503: errorResponseSchema,
          },
        },
      },
      async (request) => ({
        message: CREDENTIAL_MESSAGES.verified,
        data: await verification.stored(request.params.credentialId),
      }),
    );
  };
}
