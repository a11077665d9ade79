// POST /badge/imageCreate (multipart field `files`, images only, each
// decoded and encoded again in an image worker process) and the
// content-addressed images it stores, served at /gs-api/ipfs/<cid> with
// their type and nosniff.
import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ACCOUNT_MESSAGES, errorResponseSchema, imageUploadResponseSchema } from '@gets/schema';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../http/errors.ts';
import { resolveSession } from '../accounts/sessions.ts';
import { clientKey } from '../../http/client-key.ts';
import { perIpLimit } from '../accounts/rate-limits.ts';
import { createImageWorkers } from './image-workers.ts';
import { limitAnonymousUploads, readImage, refuseWhenQuotaFull, storeImage } from './service.ts';

export const UPLOAD_FIELD = 'files';

export function uploadRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const maxBytes = ctx.config.uploads.maxBytes;
    await app.register(fastifyMultipart, { limits: { fileSize: maxBytes, files: 1, fields: 10 } });
    const limit =
      maxBytes >= 1024 * 1024
        ? `${Number((maxBytes / 1024 / 1024).toFixed(1))} MB`
        : `${Math.ceil(maxBytes / 1024)} KB`;
    const tooLarge = `${ACCOUNT_MESSAGES.imageTooLarge}: at most ${limit}`;
    // Started at the first image, ended with the server.
    const { workers, queue, seconds } = ctx.config.uploads.imageWork;
    const images = createImageWorkers({ workers, queue, deadlineMs: seconds * 1000, log: app.log });
    app.addHook('onClose', () => images.close());

    app.post(
      '/badge/imageCreate',
      {
        config: perIpLimit(ctx.config),
        schema: {
          tags: ['uploads'],
          summary: `Uploads one image (multipart field "${UPLOAD_FIELD}"), decoded and encoded again without its metadata (an animation keeps its first frame); answers its CID (IpfsHash) and URL. 413 past the account's quota, 503 with Retry-After while the image workers are busy`,
          consumes: ['multipart/form-data'],
          response: {
            201: imageUploadResponseSchema,
            400: errorResponseSchema,
            413: errorResponseSchema,
            415: errorResponseSchema,
            429: errorResponseSchema,
            503: errorResponseSchema,
          },
        },
      },
      async (request, reply) => {
        if (!request.isMultipart()) throw new AppError(400, ACCOUNT_MESSAGES.imageMissing);
        // Anyone may upload (the register form picks its picture before the
        // account exists); a signed-in caller is recorded as the uploader and
        // held to their account's quota, anyone else is counted against their
        // IP; both before the file is read.
        const token = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
        const session = token ? await resolveSession(ctx.db, token) : null;
        const uploader = session ? { kind: session.subjectKind, id: session.subjectId } : null;
        if (uploader) await refuseWhenQuotaFull(ctx, uploader);
        else await limitAnonymousUploads(ctx, clientKey(request.ip));
        let bytes: Buffer | undefined;
        try {
          for await (const part of request.parts()) {
            if (part.type === 'file' && part.fieldname === UPLOAD_FIELD && !bytes) {
              bytes = await part.toBuffer();
            } else if (part.type === 'file') {
              part.file.resume();
            }
          }
        } catch (error) {
          const code = (error as { code?: string }).code;
          if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, tooLarge);
          if (code === 'FST_FILES_LIMIT')
            throw new AppError(400, 'Please upload one image at a time');
          throw error;
        }
        if (!bytes || bytes.length === 0) throw new AppError(400, ACCOUNT_MESSAGES.imageMissing);
        const data = await storeImage({ ...ctx, images }, bytes, uploader);
        return reply.status(201).send({ message: ACCOUNT_MESSAGES.imageUploaded, data });
      },
    );

    app.get(
      '/ipfs/:cid',
      {
        schema: {
          tags: ['uploads'],
          summary: 'An uploaded image by its CID; immutable, cached for a year',
          params: z.object({ cid: z.string() }),
        },
      },
      async (request, reply) => {
        const { upload, bytes } = await readImage(ctx, request.params.cid);
        return reply
          .header('content-type', upload.mimeType)
          .header('cache-control', 'public, max-age=31536000, immutable')
          .header('etag', `"${upload.cid}"`)
          .header('x-content-type-options', 'nosniff')
          .send(bytes);
      },
    );
  };
}
