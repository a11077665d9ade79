// Reports whether the database, the chain, a background worker, the
// transaction queue and the relayers are up. A worker that beats but moves
// nothing still shows: requests wait with no relay transaction sent. A relayer
// out of gas money degrades the platform while others can pay, and takes it
// down when none can.
import type { HealthData } from '@gets/schema';
import type { AppContext } from '../../context.ts';
import { nativeAmount } from '../../chain/pipeline/relayer-funds.ts';
import { relayerStates } from '../../chain/pipeline/relayer-repository.ts';
import { queueStats } from '../../chain/pipeline/transaction-repository.ts';
import { replayInProgress } from '../../chain/pipeline/lost-batch-repository.ts';
import { isDatabaseUnreachable } from '../../db/database-unreachable.ts';
import { latestHeartbeat } from '../../worker/heartbeat-repository.ts';
import { HEARTBEAT_STALE_INTERVALS } from '../../worker/worker.ts';

const CHECK_TIMEOUT_MS = 3000;

export async function checkHealth(ctx: AppContext): Promise<HealthData> {
  const [database, chain, worker, queue, relayers] = await Promise.all([
    checkDatabase(ctx),
    checkChain(ctx),
    checkWorker(ctx),
    checkQueue(ctx),
    checkRelayers(ctx),
  ]);
  const parts = [database, chain, worker, queue, relayers];
  const status = parts.some((part) => part.status === 'down')
    ? 'down'
    : parts.some((part) => part.status === 'degraded')
      ? 'degraded'
      : 'up';
  return { status, database, chain, worker, queue, relayers };
}

const seconds = (ms: number) => Math.round(ms) / 1000;

async function checkQueue(ctx: AppContext): Promise<HealthData['queue']> {
  try {
    const [stats, replay] = await withTimeout(
      Promise.all([queueStats(ctx.db), replayInProgress(ctx.db, ctx.chain.chain.id)]),
    );
    const view = {
      queued: stats.queued,
      sent: stats.sent,
      oldestQueuedAgeSeconds: seconds(stats.oldestQueuedAgeMs),
      oldestWaitingAgeSeconds: seconds(stats.oldestWaitingAgeMs),
      lastBatchAgeSeconds: stats.lastBatchAgeMs === null ? null : seconds(stats.lastBatchAgeMs),
    };
    const bound = ctx.config.health.maxQueueAgeMs;
    // Stalled: what the relay could take has waited past the bound, and no
    // relay transaction went out within it either.
    const stalled =
      stats.oldestWaitingAgeMs > bound &&
      (stats.lastBatchAgeMs === null || stats.lastBatchAgeMs > bound);
    if (!stalled && replay.batches > 0) {
      // Settled requests whose block the node lost are running again: until
      // they are, their wallets and the relay wait (lost-batches.ts).
      return {
        status: 'degraded',
        ...view,
        error: `the chain node lost ${replay.batches} settled relay transaction(s); their ${replay.requests} request(s) are being sent again, in the order they first ran, before anything new is signed`,
      };
    }
    if (!stalled) return { status: 'up', ...view };
    const lastSent =
      stats.lastBatchAgeMs === null
        ? 'no relay transaction was ever sent'
        : `the last relay transaction was sent ${Math.round(stats.lastBatchAgeMs / 1000)} s ago`;
    return {
      status: 'down',
      ...view,
      error: `requests have waited ${Math.round(stats.oldestWaitingAgeMs / 1000)} s to be sent and ${lastSent}, more than ${bound / 1000} s`,
    };
  } catch (error) {
    return {
      status: 'down',
      queued: null,
      sent: null,
      oldestQueuedAgeSeconds: null,
      oldestWaitingAgeSeconds: null,
      lastBatchAgeSeconds: null,
      error: messageOf(error),
    };
  }
}

async function checkRelayers(ctx: AppContext): Promise<HealthData['relayers']> {
  try {
    const states = await withTimeout(
      relayerStates(ctx.db, ctx.chain.chain.id, ctx.relayerAddresses),
    );
    const lowWei = ctx.config.health.relayerLowBalanceWei;
    const relayers = states.map((state) => {
      const lowBalance = state.balanceWei !== null && state.balanceWei <= lowWei;
      const balance = state.balanceWei === null ? null : nativeAmount(state.balanceWei);
      const note = state.unpaidSince
        ? `relayer ${state.address} cannot pay for gas${balance ? ` (balance ${balance})` : ''}: ${state.unpaidReason ?? 'the node refused it'}`
        : lowBalance
          ? `relayer ${state.address} holds ${balance}, at or below the low-balance threshold of ${nativeAmount(lowWei)}`
          : undefined;
      return {
        address: state.address,
        balance,
        inRotation: state.unpaidSince === null,
        lowBalance,
        pendingBatches: state.pendingBatches,
        ...(note ? { note } : {}),
      };
    });
    const notes = relayers.flatMap((r) => (r.note ? [r.note] : []));
    if (relayers.length > 0 && relayers.every((r) => !r.inRotation)) {
      return { status: 'down', relayers, error: `no relayer can pay for gas: ${notes.join('; ')}` };
    }
    if (notes.length > 0) {
      const others = relayers.some((r) => !r.inRotation) ? '; their work goes to the others' : '';
      return { status: 'degraded', relayers, error: `${notes.join('; ')}${others}` };
    }
    return { status: 'up', relayers };
  } catch (error) {
    return { status: 'down', relayers: [], error: messageOf(error) };
  }
}

async function checkDatabase(ctx: AppContext): Promise<HealthData['database']> {
  try {
    await withTimeout(ctx.db.query('SELECT 1'));
    return { status: 'up', driver: ctx.db.driver };
  } catch (error) {
    // The driver's words ("Connection terminated unexpectedly") do not say
    // whether the server is away or the query was wrong: say which.
    const words = messageOf(error);
    const reason = isDatabaseUnreachable(error) ? `unreachable: ${words}` : words;
    return { status: 'down', driver: ctx.db.driver, error: reason };
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
