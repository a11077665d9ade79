// GET /transactions/{hash}: what the chain shows of one of the platform's
// transactions, for the web app's page /tx/{hash}. Registered after the
// rate-limit plugin: anyone may call it, and each call reads the chain.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorResponseSchema,
  TRANSACTION_FACTS_MESSAGES,
  transactionFactsResponseSchema,
  transactionHashParamsSchema,
} from '@gets/schema';
import type { AppContext } from '../../context.ts';
import { perIpLimit } from '../accounts/rate-limits.ts';
import { transactionFactsOf } from './facts-service.ts';

export function transactionFactsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/transactions/:hash',
      {
        config: perIpLimit(ctx.config),
        schema: {
          tags: ['transactions'],
          summary:
            "One of the platform's transactions as the chain shows it: status, block and time, from and to, gas used, its events in words",
          description:
            'Public, like a block explorer: only what the chain shows anyone (wallets by address, never by name). A transaction that calls none of the platform contracts is answered 404.',
          params: transactionHashParamsSchema,
          response: {
            200: transactionFactsResponseSchema,
            400: errorResponseSchema,
            404: errorResponseSchema,
            429: errorResponseSchema,
          },
        },
      },
      async (request) => ({
        message: TRANSACTION_FACTS_MESSAGES.found,
        data: await transactionFactsOf(ctx, request.params.hash),
      }),
    );
  };
}
