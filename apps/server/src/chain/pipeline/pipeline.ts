// Wires the transaction pipeline into the worker: relayer rows synced with the
// chain at start and settled batches the node lost found before anything is
// signed, then the relay and settle jobs on short intervals, and the
// relayers' balances read every few seconds (relayer-funds.ts).
import type { LocalAccount } from 'viem/accounts';
import type { PlatformContracts } from '@gets/contracts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import type { WalletSigners } from '../../keys/wallet-signers.ts';
import { nativeAccountFromHex } from '../../keys/native-account.ts';
import type { WorkerJob } from '../../worker/worker.ts';
import type { ActionRegistry } from '../action-registry.ts';
import type { ChainConnection } from '../chain.ts';
import type { PipelineMetrics } from './metrics.ts';
import { relayQueued } from './relay.ts';
import type { PipelineLog } from './relay-deps.ts';
import { relayerFundsJob } from './relayer-funds.ts';
import { gasUsePruningJob } from './fair-use.ts';
import { settlePending } from './settle.ts';
import { ensureRelayer } from './relay-batch-repository.ts';
import { findLostBatches, LostBlocksNoticed } from './lost-batches.ts';
import type { StatusFeed } from './status-feed.ts';

/**
 * How often, at most, settling asks the node whether it still has the newest
 * settled batch (while idle, settling runs every PIPELINE_IDLE_POLL_MS); the
 * relay asks before every batch it signs, and wakes it sooner.
 */
const LOST_BLOCKS_CHECK_MS = 500;
/**
 * The longest relay and settle wait between looks while they find nothing to
 * do: new work wakes them at once (a queued transaction's notice, a sent
 * batch), so this bounds only what no notice announces (a relayer funded again).
 */
export const PIPELINE_IDLE_POLL_MS = 1000;

export interface PipelineOptions {
  log: PipelineLog;
  /** The platform's chain actions (composed at the root, src/actions.ts). */
  actions: ActionRegistry;
  db: Database;
  keystore: WalletSigners;
  chain: ChainConnection;
  contracts: PlatformContracts;
  config: Pick<Config, 'relayerPrivateKeys' | 'pipeline'> & {
    health: Pick<Config['health'], 'relayerLowBalanceWei'>;
  };
  metrics?: PipelineMetrics;
  /**
   * The status notices of this database (status-feed.ts): a queued
   * transaction's notice wakes the relay while it rests (after idle runs).
   * Without them the relay looks every `relayIntervalMs`, idle or not.
   */
  notices?: Pick<StatusFeed, 'listening' | 'watchNotices'>;
}

export async function pipelineJobs(options: PipelineOptions): Promise<WorkerJob[]> {
  const { db, chain, contracts, keystore } = options;
  const settings = options.config.pipeline;
  const relayers: LocalAccount[] = options.config.relayerPrivateKeys.map(nativeAccountFromHex);
  const chainId = chain.chain.id;
  for (const relayer of relayers) {
    const chainNonce = await chain.publicClient.getTransactionCount({
      address: relayer.address,
      blockTag: 'pending',
    });
    await ensureRelayer(db, relayer.address, chainId, chainNonce);
  }
  const common = {
    log: options.log,
    actions: options.actions,
    db,
    publicClient: chain.publicClient,
    chainId,
    contracts,
    relayers,
    metrics: options.metrics,
  };
  const settleDeps = { ...common, settings };
  // A start reconciles before it signs: what the node lost while this
  // process was away (on the embedded chain, the blocks a crash took since
  // the last save of its state) is found and replayed before the first new
  // batch goes out.
  await findLostBatches(settleDeps);
  let lostBlocksCheckedAt = Date.now();
  let lostBlocksNoticed = false;
  // Each side wakes the other rather than waiting for its next poll: a batch
  // the node took may already be mined (Anvil mines as it receives), and a
  // settled batch frees its relayer's place and may have queued rows again.
  let wakeSettle = () => {};
  let wakeRelay = () => {};
  return [
    {
      name: 'relay',
      intervalMs: settings.relayIntervalMs,
      idleIntervalMs: PIPELINE_IDLE_POLL_MS,
      onWake: (wake, nudge) => {
        wakeRelay = wake;
        options.notices?.watchNotices(nudge);
      },
      run: async () => {
        // Rests only if a transaction queued after this look would wake it:
        // the feed was listening before the look began (after a lost LISTEN
        // connection, notices sent meanwhile reached nobody).
        const heard = options.notices?.listening ?? false;
        const sent = await relayQueued({
          ...common,
          keystore,
          settings,
          onSent: () => wakeSettle(),
          onLostBlocks: () => {
            lostBlocksNoticed = true;
            wakeSettle();
          },
        });
        return sent === 0 && heard ? 'idle' : undefined;
      },
    },
    {
      name: 'settle',
      intervalMs: settings.settleIntervalMs,
      // With no batch pending, a sent one wakes it (onSent): the wait only
      // spaces the checks for blocks the node lost.
      idleIntervalMs: PIPELINE_IDLE_POLL_MS,
      onWake: (wake) => (wakeSettle = wake),
      run: async () => {
        if (lostBlocksNoticed || Date.now() - lostBlocksCheckedAt >= LOST_BLOCKS_CHECK_MS) {
          lostBlocksNoticed = false;
          lostBlocksCheckedAt = Date.now();
          await findLostBatches(settleDeps);
        }
        try {
          const { mined, pending } = await settlePending(settleDeps);
          if (mined > 0) wakeRelay();
          return pending === 0 ? 'idle' : undefined;
        } catch (error) {
          // The node lost settled blocks: they are found (next run) before anything is settled.
          if (!(error instanceof LostBlocksNoticed)) throw error;
          options.log.warn(
            { batch: error.batchId },
            `${error.message}; settling waits for its replay`,
          );
          lostBlocksNoticed = true;
          wakeSettle();
        }
      },
    },
    relayerFundsJob({ ...common, lowBalanceWei: options.config.health.relayerLowBalanceWei }),
    gasUsePruningJob({ db }),
  ];
}
