// COMPLETED means on the chain, whatever the node forgets (decision 0056).
//
// A node restarted from an older state, or a reorganisation deeper than the
// confirmations waited for, takes away blocks that held batches the platform
// already settled. This finds every such batch, across every relayer (the
// newest settled batch's receipt, then a walk down to the last block the node
// still has), takes their COMPLETED requests back to SENT (which holds their
// wallets: nothing is signed for a wallet with a request in flight), and puts
// the batches back to PENDING with their place in the order they were first
// mined. Settling then sends them again one at a time in that order
// (settle.ts), settles each from its new receipt, and the relay signs nothing
// new until the last one is mined (relay.ts), so the replay runs every request
// as it first ran, on the state it first ran on.
import type { PublicClient, TransactionReceipt } from 'viem';
import type { Queryable } from '../../db/database.ts';
import { classifyChainError, PipelinePause } from '../chain-errors.ts';
import {
  highestReplayOrder,
  markBatchLost,
  relayersWithUnrecorded,
  retakeCompletedOfBatches,
  settledBatchesBelow,
  settledTip,
  tryLostBlocksLock,
  unrecordedAtOrAbove,
  type SettledBatch,
} from './lost-batch-repository.ts';
import type { Attempt } from './relay-batch-repository.ts';
import type { SettleDeps } from './settle-deps.ts';

/** Thrown out of the relay's transaction when it sees the node lost settled blocks: nothing is signed. */
export class LostBlocksNoticed extends Error {
  constructor(readonly batchId: string) {
    super(`the chain node no longer has the block of settled relay batch ${batchId}`);
    this.name = 'LostBlocksNoticed';
  }
}

/** A receipt, or null when the node has none; an unreachable node pauses the step. */
async function receiptOf(
  publicClient: PublicClient,
  hash: `0x${string}`,
): Promise<TransactionReceipt | null> {
  return publicClient.getTransactionReceipt({ hash }).catch((error: unknown) => {
    if (classifyChainError(error) === 'unreachable') {
      throw new PipelinePause('the chain node did not answer a receipt lookup', error);
    }
    return null;
  });
}

/** Whether the node has this settled batch where it was mined (same block, same hash). */
export async function stillOnChain(
  publicClient: PublicClient,
  batch: SettledBatch,
): Promise<boolean> {
  if (!batch.minedHash) return true;
  return sameBlock(batch, await receiptOf(publicClient, batch.minedHash));
}

function sameBlock(batch: SettledBatch, receipt: TransactionReceipt | null): boolean {
  if (!receipt) return false;
  // Batches settled before block hashes were kept are compared by number.
  return batch.blockHash
    ? receipt.blockHash.toLowerCase() === batch.blockHash.toLowerCase()
    : receipt.blockNumber === batch.blockNumber;
}

const WALK_PAGE = 50;

/**
 * The settled batches whose block the node no longer has, newest first: the
 * walk stops at the first batch still where it was mined, since the node's
 * blocks below it are the ones the platform saw (each block names its parent).
 */
async function lostMinedBatches(tx: Queryable, deps: SettleDeps): Promise<SettledBatch[]> {
  const lost: SettledBatch[] = [];
  let below: { blockNumber: bigint; id: string } | null = null;
  for (;;) {
    const page = await settledBatchesBelow(tx, deps.chainId, below, WALK_PAGE);
    const receipts = await Promise.all(page.map((b) => receiptOf(deps.publicClient, b.minedHash!)));
    for (const [index, batch] of page.entries()) {
      if (sameBlock(batch, receipts[index]!)) return lost;
      lost.push(batch);
    }
    const last = page.at(-1);
    if (!last || page.length < WALK_PAGE) return lost;
    below = { blockNumber: last.blockNumber!, id: last.id };
  }
}

/** UNRECORDED batches whose relayer's nonce on chain fell back below them. */
async function lostUnrecordedBatches(tx: Queryable, deps: SettleDeps): Promise<SettledBatch[]> {
  const relayers = await relayersWithUnrecorded(tx, deps.chainId);
  if (relayers.length === 0) return [];
  const nonces = await Promise.all(
    relayers.map((address) =>
      deps.publicClient
        .getTransactionCount({ address: address as `0x${string}`, blockTag: 'latest' })
        .catch((error: unknown) => {
          if (classifyChainError(error) !== 'unreachable') throw error;
          throw new PipelinePause('the chain node did not answer a relayer nonce', error);
        }),
    ),
  );
  return unrecordedAtOrAbove(
    tx,
    deps.chainId,
    new Map(relayers.map((relayer, index) => [relayer, BigInt(nonces[index]!)])),
  );
}

/**
 * The order the lost batches first ran in: mined ones by block and position;
 * an UNRECORDED one (no block known) just before the first batch of its
 * relayer with a higher nonce, since a relayer's transactions run in nonce order.
 */
export function replayOrder(lost: SettledBatch[]): SettledBatch[] {
  const mined = lost
    .filter((b) => b.status === 'MINED')
    .sort((a, b) =>
      a.blockNumber !== b.blockNumber
        ? a.blockNumber! < b.blockNumber!
          ? -1
          : 1
        : (a.txIndex ?? 0) - (b.txIndex ?? 0),
    );
  const ordered = [...mined];
  const unrecorded = lost
    .filter((b) => b.status === 'UNRECORDED')
    .sort((a, b) => (a.nonce < b.nonce ? -1 : a.nonce > b.nonce ? 1 : 0));
  for (const batch of unrecorded) {
    const next = ordered.findIndex(
      (other) =>
        other.relayer.toLowerCase() === batch.relayer.toLowerCase() && other.nonce > batch.nonce,
    );
    ordered.splice(next === -1 ? ordered.length : next, 0, batch);
  }
  return ordered;
}

/** The attempts with the one that was mined last: a re-send sends the latest, and these bytes keep their hash. */
function minedBytesLast(batch: SettledBatch): Attempt[] {
  const mined = batch.attempts.find(
    (a) => batch.minedHash && a.hash.toLowerCase() === batch.minedHash.toLowerCase(),
  );
  if (!mined) return batch.attempts;
  // Signed now, as far as replacing it with higher fees is concerned.
  return [
    ...batch.attempts.filter((a) => a !== mined),
    { ...mined, sentAt: new Date().toISOString() },
  ];
}

export interface LostBatchesFound {
  batches: number;
  /** Requests taken back from COMPLETED. */
  retaken: number;
}

/**
 * Looks for settled batches the node lost and queues their replay; answers
 * what it found (nothing, most of the time: one indexed row and one receipt).
 */
export async function findLostBatches(deps: SettleDeps): Promise<LostBatchesFound> {
  return deps.db.transaction(async (tx) => {
    if (!(await tryLostBlocksLock(tx))) return { batches: 0, retaken: 0 };
    const tip = await settledTip(tx, deps.chainId);
    const newestLost = tip.newest !== null && !(await stillOnChain(deps.publicClient, tip.newest));
    const lost = [
      ...(newestLost ? await lostMinedBatches(tx, deps) : []),
      ...(await lostUnrecordedBatches(tx, deps)),
    ];
    if (lost.length === 0) return { batches: 0, retaken: 0 };

    const ordered = replayOrder(lost);
    const base = await highestReplayOrder(tx, deps.chainId);
    for (const [index, batch] of ordered.entries()) {
      await markBatchLost(tx, batch.id, {
        order: base + BigInt(index) + 1n,
        attempts: minedBytesLast(batch),
      });
    }
    const retaken = await retakeCompletedOfBatches(
      tx,
      ordered.map((b) => b.id),
    );
    deps.log.warn(
      {
        batches: ordered.map((b) => ({
          id: b.id,
          relayer: b.relayer,
          nonce: b.nonce.toString(),
          block: b.blockNumber?.toString() ?? null,
          hash: b.minedHash,
        })),
        retaken: retaken.map((r) => r.id),
      },
      `the chain node lost ${ordered.length} settled relay batch(es); ${retaken.length} completed request(s) are taken back and sent again in the order they first ran`,
    );
    deps.metrics?.batchesLost(ordered.length);
    for (const row of retaken) deps.metrics?.statusCorrected(row.action, 'retaken');
    return { batches: ordered.length, retaken: retaken.length };
  });
}
