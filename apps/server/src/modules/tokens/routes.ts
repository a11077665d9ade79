import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  actionResponseSchema,
  errorResponseSchema,
  platformInfoResponseSchema,
  transferFromRequestSchema,
  transferTokenRequestSchema,
  type PlatformInfo,
} from '@gets/schema';
import { forPublicReads } from '../../chain/chain.ts';
import { publicReadsBusy } from '../../chain/public-reads.ts';
import type { AppContext } from '../../context.ts';
import { actorOf, requireActor, requireUser } from '../../http/auth.ts';
import { shortCache } from '../../http/short-cache.ts';
import { publicReadLimit } from '../accounts/rate-limits.ts';
import { platformInfo, transferFromWallet, transferTokens } from './service.ts';

/**
 * How long /platform's answer is kept: every page load asks for it, and only
 * an admin's change of the treasury account or the claim period moves it,
 * seen this much later.
 */
const PLATFORM_INFO_KEPT_MS = 5_000;

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  409: errorResponseSchema,
  410: errorResponseSchema,
};

export function tokenRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const publicReads = { ...ctx, chain: forPublicReads(ctx.chain) };
  const platformAnswers = shortCache<'platform', PlatformInfo>({
    ttlMs: PLATFORM_INFO_KEPT_MS,
    maxEntries: 1,
  });
  return async (app) => {
    app.post(
      '/token/transfer-token/metakeep',
      {
        onRequest: requireUser(ctx),
        schema: {
          tags: ['tokens'],
          summary: 'Send GETS: without consentToken asks for consent, with it queues the transfer',
          body: transferTokenRequestSchema,
          response: { 200: actionResponseSchema, ...errors },
        },
      },
      async (request) => {
        const data = await transferTokens(ctx, actorOf(request), request.body);
        return {
          message: 'consentToken' in data ? 'Consent required' : 'Transaction queued',
          data,
        };
      },
    );

    app.post(
      '/token/transfer-token',
      {
        onRequest: requireActor(ctx),
        schema: {
          tags: ['tokens'],
          summary:
            "Send GETS from the caller's own wallet (user or admin; from must be it): without consentToken asks for consent, with it queues",
          body: transferFromRequestSchema,
          response: { 200: actionResponseSchema, ...errors },
        },
      },
      async (request) => {
        const data = await transferFromWallet(ctx, actorOf(request), request.body);
        return {
          message: 'consentToken' in data ? 'Consent required' : 'Transaction queued',
          data,
        };
      },
    );

    app.get(
      '/platform',
      {
        config: publicReadLimit(ctx.config),
        schema: {
          tags: ['tokens'],
          summary:
            'What the web app reads at run time: the exchange the GET TOKENS links open, the chain, the GETS token, the treasury account, the claim period in days and whether mail goes to the outbox, whose one-time codes the server prints in its terminal (kept for 5 seconds)',
          response: {
            200: platformInfoResponseSchema,
            429: errorResponseSchema,
            503: errorResponseSchema,
          },
        },
      },
      async () => ({
        message: 'Platform',
        data: await platformAnswers
          .get('platform', () => platformInfo(publicReads))
          .catch((error: unknown) => {
            throw publicReadsBusy(error) ?? error;
          }),
      }),
    );
  };
}
