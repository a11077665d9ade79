// Reports whether the database, the chain, a background worker and the
// transaction queue are up. A worker that beats but moves nothing still shows:
// the oldest queued transaction gets too old.
import type { HealthData } from '@gets/schema';
import type { AppContext } from '../../context.ts';
import { queueStats } from '../../chain/pipeline/transaction-repository.ts';
import { latestHeartbeat } from '../../worker/heartbeat-repository.ts';
import { HEARTBEAT_STALE_INTERVALS } from '../../worker/worker.ts';

const CHECK_TIMEOUT_MS = 3000;

export async function checkHealth(ctx: AppContext): Promise<HealthData> {
  const [database, chain, worker, queue] = await Promise.all([
    checkDatabase(ctx),
    checkChain(ctx),
    checkWorker(ctx),
    checkQueue(ctx),
  ]);
  const allUp = [database, chain, worker, queue].every((part) => part.status === 'up');
  return { status: allUp ? 'up' : 'down', database, chain, worker, queue };
}

async function checkQueue(ctx: AppContext): Promise<HealthData['queue']> {
  try {
    const stats = await withTimeout(queueStats(ctx.db));
    const oldestQueuedAgeSeconds = Math.round(stats.oldestQueuedAgeMs) / 1000;
    const view = { queued: stats.queued, sent: stats.sent, oldestQueuedAgeSeconds };
    const bound = ctx.config.health.maxQueueAgeMs;
    return stats.oldestQueuedAgeMs <= bound
      ? { status: 'up', ...view }
      : {
          status: 'down',
          ...view,
          error: `the oldest queued transaction has waited ${Math.round(oldestQueuedAgeSeconds)} s, more than ${bound / 1000} s`,
        };
  } catch (error) {
    return {
      status: 'down',
      queued: null,
      sent: null,
      oldestQueuedAgeSeconds: null,
      error: messageOf(error),
    };
  }
}

async function checkDatabase(ctx: AppContext): Promise<HealthData['database']> {
  try {
    await withTimeout(ctx.db.query('SELECT 1'));
    return { status: 'up', driver: ctx.db.driver };
  } catch (error) {
    return { status: 'down', driver: ctx.db.driver, error: messageOf(error) };
  }
}

async function checkChain(ctx: AppContext): Promise<HealthData['chain']> {
  const embedded = ctx.chain.embedded;
  try {
    const [chainId, block] = await withTimeout(
      Promise.all([
        ctx.chain.publicClient.getChainId(),
        ctx.chain.publicClient.getBlockNumber({ cacheTime: 0 }),
      ]),
    );
    return { status: 'up', chainId, latestBlock: block.toString(), embedded };
  } catch (error) {
    return { status: 'down', chainId: null, latestBlock: null, embedded, error: messageOf(error) };
  }
}

async function checkWorker(ctx: AppContext): Promise<HealthData['worker']> {
  try {
    const beat = await withTimeout(latestHeartbeat(ctx.db));
    if (!beat) return { status: 'down', lastHeartbeatAt: null, error: 'no worker has started' };
    const staleAfterMs = ctx.config.workerHeartbeatIntervalMs * HEARTBEAT_STALE_INTERVALS;
    const lastHeartbeatAt = beat.lastBeatAt.toISOString();
    return beat.ageMs <= staleAfterMs
      ? { status: 'up', lastHeartbeatAt }
      : {
          status: 'down',
          lastHeartbeatAt,
          error: `last heartbeat ${Math.round(beat.ageMs)} ms ago`,
        };
  } catch (error) {
    return { status: 'down', lastHeartbeatAt: null, error: messageOf(error) };
  }
}

function withTimeout<T>(promise: Promise<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)),
      CHECK_TIMEOUT_MS,
    );
    promise.then(resolve, reject).finally(() => clearTimeout(timer));
  });
}

function messageOf(error: unknown) {
  // viem's messages run to many lines of docs links; the first says what failed.
  return (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? 'unknown error';
}
