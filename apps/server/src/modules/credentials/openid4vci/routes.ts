// "Add to wallet" over HTTP. The earner's call for an offer answers
// { message, data } like every platform call and is in the API docs. The
// protocol endpoints a wallet calls (token, nonce, credential, the two
// metadata documents) answer exactly as OpenID4VCI and OAuth 2.0 say, errors
// included ({ error, error_description }), and are left out of the API docs:
// the metadata documents describe them.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { IssuerMetadataResult } from '@openid4vc/openid4vci';
import { z } from 'zod';
import {
  Oauth2ResourceUnauthorizedError,
  Oauth2ServerErrorResponseError,
  type RequestLike,
} from '@openid4vc/oauth2';
import {
  CREDENTIAL_OFFER_MESSAGES,
  credentialIdParamsSchema,
  credentialOfferRequestSchema,
  credentialOfferResponseSchema,
  errorResponseSchema,
} from '@gets/schema';
import type { AppContext } from '../../../context.ts';
import { actorOf, requireUser } from '../../../http/auth.ts';
import { perIpLimit } from '../../accounts/rate-limits.ts';
import { CREDENTIALS_PREFIX } from '../issuer-urls.ts';
import {
  createCredentialOffer,
  createNonce,
  exchangePreAuthorizedCode,
  issueCredentialToWallet,
} from './service.ts';
import {
  OPENID4VCI_PREFIX,
  walletIssuerMetadata,
  walletIssuerUrls,
  type WalletIssuerUrls,
} from './wallet-issuer.ts';

const apiPath = (path: string) => path.replace(/^\/gs-api/, '');
const FORM_MEDIA_TYPE = 'application/x-www-form-urlencoded';

/** The request as the libraries read it, at its public URL (what a DPoP proof names). */
function requestLike(request: FastifyRequest, publicUrl: string): RequestLike {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (typeof value === 'string') headers.set(name, value);
    else if (Array.isArray(value)) for (const each of value) headers.append(name, each);
  }
  return { headers, method: request.method as RequestLike['method'], url: publicUrl };
}

/**
 * An error_description as a WWW-Authenticate header may carry it (RFC 6750
 * section 3: printable ASCII but quote and backslash). The library wraps one
 * error in another, whose message adds a line of JSON: only the first line is
 * what a client should read, and a raw newline in a header is a 500.
 */
function headerSafeDescription(description: string | undefined): string | undefined {
  if (description === undefined) return undefined;
  const [firstLine = ''] = description.split('\n');
  return firstLine.replace(/["\\]/g, "'").replace(/[^\x20-\x7e]/g, ' ');
}

type Challenge = Oauth2ResourceUnauthorizedError['wwwAuthenticateHeaders'][number];

/** The WWW-Authenticate value of the challenges, with only the parameters that have a value. */
const wwwAuthenticate = (challenges: Challenge[]) =>
  challenges
    .map(({ scheme, error, error_description, scope }) => {
      const params = Object.entries({ error, error_description, scope })
        .filter(([, value]) => value)
        .map(([name, value]) => `${name}="${value}"`);
      return params.length > 0 ? `${scheme} ${params.join(', ')}` : scheme;
    })
    .join(', ');

/** Answers the library's OAuth errors as the protocol says; anything else is the platform's error. */
async function answerOauth(reply: FastifyReply, run: () => Promise<unknown>) {
  reply.header('cache-control', 'no-store');
  try {
    return reply.send(await run());
  } catch (error) {
    if (error instanceof Oauth2ServerErrorResponseError) {
      return reply.status(error.status).send(error.errorResponse);
    }
    if (error instanceof Oauth2ResourceUnauthorizedError) {
      const challenges = error.wwwAuthenticateHeaders.map((challenge) => ({
        ...challenge,
        error_description: headerSafeDescription(challenge.error_description),
      }));
      const [challenge] = challenges;
      return reply
        .status(401)
        .header('www-authenticate', wwwAuthenticate(challenges))
        .send({
          error: challenge?.error ?? 'invalid_token',
          error_description: challenge?.error_description,
        });
    }
    throw error;
  }
}

const bodyOf = (request: FastifyRequest) =>
  request.body && typeof request.body === 'object' ? (request.body as Record<string, unknown>) : {};

/** Under the API prefix: the earner's offer, and the wallet's token and credential endpoints. */
export function walletIssuerRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.addContentTypeParser(FORM_MEDIA_TYPE, { parseAs: 'string' }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });

    app.post(
      `${apiPath(CREDENTIALS_PREFIX)}/:credentialId/offer`,
      {
        onRequest: requireUser(ctx),
        config: perIpLimit(ctx.config),
        schema: {
          tags: ['credentials'],
          summary:
            "Add to wallet: a single-use OpenID4VCI credential offer (pre-authorized code, 10 minutes) of the earner's own credential, with a transaction code if asked for",
          params: credentialIdParamsSchema,
          // A call without a body asks for an offer without a transaction code.
          body: credentialOfferRequestSchema.nullish(),
          response: {
            200: credentialOfferResponseSchema,
            400: errorResponseSchema,
            401: errorResponseSchema,
            403: errorResponseSchema,
            404: errorResponseSchema,
            409: errorResponseSchema,
            429: errorResponseSchema,
          },
        },
      },
      async (request) => ({
        message: CREDENTIAL_OFFER_MESSAGES.created,
        data: await createCredentialOffer(
          ctx,
          request.params.credentialId,
          actorOf(request).id,
          request.body ?? {},
        ),
      }),
    );

    // The wallet's calls: the request goes to the library at its public URL.
    const protocolEndpoints = [
      {
        name: 'token',
        url: (urls: WalletIssuerUrls) => urls.tokenEndpoint,
        handle: exchangePreAuthorizedCode,
      },
      {
        name: 'nonce',
        url: (urls: WalletIssuerUrls) => urls.nonceEndpoint,
        handle: (deps: AppContext) => createNonce(deps),
      },
      {
        name: 'credential',
        url: (urls: WalletIssuerUrls) => urls.credentialEndpoint,
        handle: issueCredentialToWallet,
      },
    ] as const;
    for (const endpoint of protocolEndpoints) {
      app.post(
        `${apiPath(OPENID4VCI_PREFIX)}/${endpoint.name}`,
        {
          config: perIpLimit(ctx.config),
          // A nonce request has no body at all.
          schema: { hide: true, body: z.record(z.string(), z.unknown()).nullish() },
        },
        async (request, reply) =>
          answerOauth(reply, () =>
            endpoint.handle(
              ctx,
              bodyOf(request),
              requestLike(request, endpoint.url(walletIssuerUrls(ctx))),
            ),
          ),
      );
    }
  };
}

/** At the root of the public URL: the metadata documents wallets look for. */
export function walletIssuerWellKnownRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const documents = {
    'openid-credential-issuer': (metadata: IssuerMetadataResult) => metadata.credentialIssuer,
    'oauth-authorization-server': (metadata: IssuerMetadataResult) =>
      metadata.authorizationServers[0],
  };
  return async (app) => {
    for (const [name, documentOf] of Object.entries(documents)) {
      app.get(`/.well-known/${name}`, { schema: { hide: true } }, (_request, reply) =>
        reply
          .header('cache-control', 'public, max-age=300')
          .send(documentOf(walletIssuerMetadata(ctx))),
      );
    }
  };
}
