// Prometheus metrics of the transaction pipeline. Queue depth, the oldest
// queued age and the relayers' balances and pending batches are read from the
// database at scrape time, so every process reports the same truth; finished
// counts, batch sizes and confirmation latency are counted where the work
// happens (the worker of this process).
import { formatEther } from 'viem';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Queryable } from '../../db/database.ts';
import { relayerStates } from './relayer-repository.ts';
import type { ChainTransaction } from './chain-transaction.ts';
import { queueStats } from './transaction-repository.ts';

export interface PipelineMetrics {
  finished(transaction: ChainTransaction, status: 'COMPLETED' | 'FAILED'): void;
  batchSent(requests: number): void;
  batchMined(latencyMs: number): void;
  /** Settled batches the chain node lost, put back to be replayed (lost-batches.ts). */
  batchesLost(count: number): void;
  /**
   * A status corrected after the chain lost a settled request's block: taken
   * back from COMPLETED, completed again by the replay, or failed in it.
   */
  statusCorrected(action: string, outcome: StatusCorrection): void;
}

export type StatusCorrection = 'retaken' | 'completed_again' | 'failed';

export interface Metrics {
  registry: Registry;
  pipeline: PipelineMetrics;
}

const actionOf = (transaction: ChainTransaction) => {
  const type = (transaction.action as { type?: unknown } | null)?.type;
  return typeof type === 'string' ? type : 'unknown';
};

/**
 * The read `read` makes, shared by the calls of one scrape: a call within
 * a second of the last read gets that read's answer.
 */
function oncePerScrape<T>(read: () => Promise<T>): () => Promise<T> {
  let last: { at: number; answer: Promise<T> } | undefined;
  return () => {
    if (!last || Date.now() - last.at > 1000) {
      const answer = read();
      last = { at: Date.now(), answer };
      // A failed read is not kept for the next scrape.
      answer.catch(() => (last = undefined));
    }
    return last.answer;
  };
}

export function createMetrics(
  db: Queryable,
  relayers: { chainId: number; addresses: `0x${string}`[] },
): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'gets_' });
  // One read of each per scrape: the gauges that share it collect at once.
  const relayerStatesNow = oncePerScrape(() =>
    relayerStates(db, relayers.chainId, relayers.addresses),
  );
  const queueStatsNow = oncePerScrape(() => queueStats(db));

  new Gauge({
    name: 'gets_relayer_balance',
    help: "Each relayer's balance of the chain's coin (POL) at its last read by the worker",
    labelNames: ['relayer'],
    registers: [registry],
    async collect() {
      for (const state of await relayerStatesNow()) {
        if (state.balanceWei !== null) {
          this.set({ relayer: state.address }, Number(formatEther(state.balanceWei)));
        }
      }
    },
  });
  new Gauge({
    name: 'gets_relayer_pending_batches',
    help: "Each relayer's relay transactions sent and not mined yet",
    labelNames: ['relayer'],
    registers: [registry],
    async collect() {
      for (const state of await relayerStatesNow()) {
        this.set({ relayer: state.address }, state.pendingBatches);
      }
    },
  });
  new Gauge({
    name: 'gets_relayer_in_rotation',
    help: 'Whether each relayer signs new batches (1), or left the rotation because it could not pay for gas (0)',
    labelNames: ['relayer'],
    registers: [registry],
    async collect() {
      for (const state of await relayerStatesNow()) {
        this.set({ relayer: state.address }, state.unpaidSince ? 0 : 1);
      }
    },
  });

  new Gauge({
    name: 'gets_pipeline_queue_depth',
    help: 'Chain transactions waiting to be signed and sent (QUEUED), and in flight (SENT)',
    labelNames: ['status'],
    registers: [registry],
    async collect() {
      const stats = await queueStatsNow();
      this.set({ status: 'QUEUED' }, stats.queued);
      this.set({ status: 'SENT' }, stats.sent);
    },
  });
  new Gauge({
    name: 'gets_pipeline_oldest_queued_age_seconds',
    help: 'How long the oldest QUEUED chain transaction has waited (0 when none waits)',
    registers: [registry],
    async collect() {
      this.set((await queueStatsNow()).oldestQueuedAgeMs / 1000);
    },
  });
  const finished = new Counter({
    name: 'gets_pipeline_transactions_finished_total',
    help: 'Chain transactions that reached COMPLETED or FAILED in this process, by action',
    labelNames: ['action', 'status'],
    registers: [registry],
  });
  const batchSize = new Histogram({
    name: 'gets_pipeline_batch_size',
    help: 'Users’ requests per relay transaction sent by this process',
    buckets: [1, 2, 5, 10, 20, 50, 100, 200, 500],
    registers: [registry],
  });
  const confirmation = new Histogram({
    name: 'gets_pipeline_confirmation_latency_seconds',
    help: 'Time from the first send of a relay transaction to its settled receipt',
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60, 120, 300],
    registers: [registry],
  });

  const lostBatches = new Counter({
    name: 'gets_pipeline_lost_batches_total',
    help: 'Settled relay transactions whose block the chain node lost (an older state, a deep reorganisation), found by this process and sent again',
    registers: [registry],
  });
  const corrections = new Counter({
    name: 'gets_pipeline_status_corrections_total',
    help: 'Chain transactions whose status this process corrected after the node lost their block: retaken (COMPLETED back to QUEUED), completed_again, failed',
    labelNames: ['action', 'outcome'],
    registers: [registry],
  });

  return {
    registry,
    pipeline: {
      finished: (transaction, status) => finished.inc({ action: actionOf(transaction), status }),
      batchSent: (requests) => batchSize.observe(requests),
      batchMined: (latencyMs) => confirmation.observe(latencyMs / 1000),
      batchesLost: (count) => lostBatches.inc(count),
      statusCorrected: (action, outcome) => corrections.inc({ action, outcome }),
    },
  };
}
