import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  actionResponseSchema,
  errorResponseSchema,
  transferTokenRequestSchema,
} from '@gets/schema';
import type { AppContext } from '../../context.ts';
import { actorOf, requireUser } from '../../http/auth.ts';
import { transferTokens } from './service.ts';

export function tokenRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/token/transfer-token/metakeep',
      {
        preHandler: requireUser(ctx),
        schema: {
          tags: ['tokens'],
          summary: 'Send GETS: without consentToken asks for consent, with it queues the transfer',
          body: transferTokenRequestSchema,
          response: {
            200: actionResponseSchema,
            400: errorResponseSchema,
            401: errorResponseSchema,
            403: errorResponseSchema,
            409: errorResponseSchema,
            410: errorResponseSchema,
          },
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
  };
}
