import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  actionResponseSchema,
  errorResponseSchema,
  platformInfoResponseSchema,
  transferFromRequestSchema,
  transferTokenRequestSchema,
} from '@gets/schema';
import type { AppContext } from '../../context.ts';
import { actorOf, requireActor, requireUser } from '../../http/auth.ts';
import { platformInfo, transferFromWallet, transferTokens } from './service.ts';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  409: errorResponseSchema,
  410: errorResponseSchema,
};

export function tokenRoutes(ctx: AppContext): FastifyPluginAsyncZod {
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
        schema: {
          tags: ['tokens'],
          summary:
            'What the web app reads at run time: the exchange the GET TOKENS links open, the chain, the GETS token and the treasury account',
          response: { 200: platformInfoResponseSchema },
        },
      },
      async () => ({ message: 'Platform', data: await platformInfo(ctx) }),
    );
  };
}
