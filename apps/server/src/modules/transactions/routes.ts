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
import { AppError } from '../../http/errors.ts';
import type { ChainTransaction } from '../../chain/pipeline/chain-transaction.ts';
import { findStatusSnapshot } from '../../chain/pipeline/status-snapshot-repository.ts';
import {
  STREAM_RETRY_AFTER_SECONDS,
  streamSlots,
  toStatus,
  TRANSACTION_MESSAGES,
  transactionStatusOf,
} from './service.ts';
import { parseLastEventId, statusEventWriter } from './status-events.ts';

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
        config: { apiKeyScope: 'consented' },
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
          summary:
            'Server-sent events: your unfinished and recently finished transactions, then one "status" event per change',
          description:
            'Each status event has an id (a number that grows with every status change); a client that reconnects with Last-Event-ID is also sent what changed after it. While live status is down the answer is 503 with Retry-After: poll POST /metakeep/transaction meanwhile.',
          response: {
            401: errorResponseSchema,
            429: errorResponseSchema,
            503: errorResponseSchema,
          },
        },
      },
      async (request, reply) => {
        const actor = actorOf(request);
        const tokenHash = hashToken(actor.token);
        // A stream opened while a LISTEN is lost would wait for pushes (or a
        // revocation) that never come, and its page would not poll.
        if (!ctx.statusFeed.listening || !ctx.sessionEvents.listening) {
          throw new AppError(503, TRANSACTION_MESSAGES.liveStatusDown, {
            retryAfterSeconds: STREAM_RETRY_AFTER_SECONDS,
          });
        }
        // Refused while the answer is still JSON, before the stream's headers.
        const freeSlot = slots.take(tokenHash);
        const after = parseLastEventId(request.headers['last-event-id']);
        reply.hijack();
        const res = reply.raw;
        res.writeHead(200, {
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'no-cache, no-transform',
          connection: 'keep-alive',
          // nginx (see the deploy guide) would otherwise hold events back in its buffer.
          'x-accel-buffering': 'no',
          'x-request-id': request.id,
        });
        res.write(': connected\n\n');
        let ended = false;
        const writeEvent = statusEventWriter(
          (text) => {
            if (!ended) res.write(text);
          },
          (transaction) => toStatus(ctx, transaction),
        );
        // Subscribed before the snapshot is read, so that a change committed
        // during the read is not lost; what arrives meanwhile waits for the
        // snapshot to be written, and the writer drops what it already sent.
        let early: ChainTransaction[] | undefined = [];
        const unsubscribe = ctx.statusFeed.subscribe(actor, (transaction) => {
          if (early) early.push(transaction);
          else writeEvent(transaction);
        });
        const keepAlive = setInterval(() => res.write(': keep-alive\n\n'), KEEP_ALIVE_MS);
        // The stream ends with its session: revoked anywhere (logout, reset,
        // ban), or expired. The client sees the stream end, reconnects, and
        // is refused with 401.
        const cleanup = () => {
          if (ended) return;
          ended = true;
          clearInterval(keepAlive);
          clearInterval(recheck);
          clearTimeout(expiry);
          unwatch();
          unwatchLost();
          unsubscribe();
          freeSlot();
        };
        const end = () => {
          cleanup();
          res.end();
        };
        const unwatch = ctx.sessionEvents.watch(tokenHash, end);
        // Changes made while the feed is deaf reach no stream: each ends, and
        // its client comes back for a snapshot (or is refused and polls).
        const unwatchLost = ctx.statusFeed.watchLost(end);
        // Always the snapshot, also with a Last-Event-ID: ids are taken before
        // their changes commit, so a change can commit after one with a larger
        // id that the client already saw.
        findStatusSnapshot(ctx.db, actor, after).then(
          (snapshot) => {
            const waiting = early ?? [];
            early = undefined;
            for (const transaction of [...snapshot, ...waiting]) writeEvent(transaction);
          },
          (error: unknown) => {
            request.log.warn({ err: error }, 'status stream snapshot failed; ending the stream');
            end();
          },
        );
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
