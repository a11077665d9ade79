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
import { hashToken, resolveSession } from '../accounts/sessions.ts';
import { streamSlots, toStatus, transactionStatusOf } from './service.ts';

const KEEP_ALIVE_MS = 15_000;
/**
 * How often an open stream checks that its session still lives: expiry, and
 * any revocation whose notice was missed (a lost LISTEN connection).
 */
export const STREAM_SESSION_CHECK_MS = 30_000;
/** setTimeout's longest delay; a later expiry sets the timer again when it fires. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export function transactionRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const slots = streamSlots();
    app.post(
      '/metakeep/transaction',
      {
        onRequest: requireActor(ctx),
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
        onRequest: requireActor(ctx),
        schema: {
          tags: ['transactions'],
          summary: 'Server-sent events: one "status" event per change of your transactions',
          response: { 401: errorResponseSchema, 429: errorResponseSchema },
        },
      },
      async (request, reply) => {
        const actor = actorOf(request);
        const tokenHash = hashToken(actor.token);
        // Refused while the answer is still JSON, before the stream's headers.
        const freeSlot = slots.take(tokenHash);
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
        // The stream ends with its session: revoked anywhere (logout, reset,
        // ban), or expired. The client sees the stream end, reconnects, and
        // is refused with 401.
        let ended = false;
        const cleanup = () => {
          if (ended) return;
          ended = true;
          clearInterval(keepAlive);
          clearInterval(recheck);
          clearTimeout(expiry);
          unwatch();
          unsubscribe();
          freeSlot();
        };
        const end = () => {
          cleanup();
          res.end();
        };
        const unwatch = ctx.sessionEvents.watch(tokenHash, end);
        // At expiry, never before: a timer can fire a millisecond early, and a
        // client reconnecting then would be let in again by a session still valid.
        const atExpiry = () => {
          const left = actor.expiresAt.getTime() - Date.now();
          if (left > 0) expiry = setTimeout(atExpiry, Math.min(MAX_TIMER_MS, left));
          else end();
        };
        let expiry = setTimeout(
          atExpiry,
          Math.min(MAX_TIMER_MS, Math.max(0, actor.expiresAt.getTime() - Date.now())),
        );
        const recheck = setInterval(() => {
          resolveSession(ctx.db, actor.token).then(
            (session) => {
              if (!session || session.blocked) end();
            },
            () => undefined,
          );
        }, STREAM_SESSION_CHECK_MS);
        request.raw.on('close', cleanup);
        res.on('close', cleanup);
        // A client that hung up while its session was read is gone already:
        // no close event is coming to free what this stream holds.
        if (res.closed || res.destroyed || request.raw.socket.destroyed) end();
      },
    );
  };
}
