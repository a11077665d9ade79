// Transaction status: the spec's polling call, and a server-sent event stream
// of the caller's status changes (read with fetch, so the bearer header goes along).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorResponseSchema,
  transactionStatusRequestSchema,
  transactionStatusResponseSchema,
} from '@gets/schema';
import type { AppContext } from '../../context.ts';
import { actorOf, requireActor } from '../../http/auth.ts';
import { toStatus, transactionStatusOf } from './service.ts';

const KEEP_ALIVE_MS = 15_000;

export function transactionRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/metakeep/transaction',
      {
        preHandler: requireActor(ctx),
        schema: {
          tags: ['transactions'],
          summary: 'Status of one of your transactions: QUEUED, COMPLETED or FAILED',
          body: transactionStatusRequestSchema,
          response: {
            200: transactionStatusResponseSchema,
            401: errorResponseSchema,
            404: errorResponseSchema,
          },
        },
      },
      async (request) => {
        const data = await transactionStatusOf(ctx, actorOf(request), request.body.transactionId);
        return { message: `Transaction ${data.status.toLowerCase()}`, data };
      },
    );

    app.get(
      '/metakeep/transaction/stream',
      {
        preHandler: requireActor(ctx),
        schema: {
          tags: ['transactions'],
          summary: 'Server-sent events: one "status" event per change of your transactions',
        },
      },
      async (request, reply) => {
        const actor = actorOf(request);
        reply.hijack();
        const res = reply.raw;
        res.writeHead(200, {
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'no-cache, no-transform',
          connection: 'keep-alive',
          'x-request-id': request.id,
        });
        res.write(': connected\n\n');
        const unsubscribe = ctx.statusFeed.subscribe(actor, (transaction) => {
          res.write(`event: status\ndata: ${JSON.stringify(toStatus(ctx, transaction))}\n\n`);
        });
        const keepAlive = setInterval(() => res.write(': keep-alive\n\n'), KEEP_ALIVE_MS);
        request.raw.on('close', () => {
          clearInterval(keepAlive);
          unsubscribe();
        });
      },
    );
  };
}
