// The settle side of the pipeline: finds the receipt of each pending batch,
// gives every request in it its outcome, and keeps unmined batches moving:
// re-sends dropped bytes and replaces a stuck transaction with higher fees
// (same nonce).
import {
  concat,
  decodeEventLog,
  keccak256,
  type Hex,
  type PrivateKeyAccount,
  type PublicClient,
  type TransactionReceipt,
} from 'viem';
import { platformForwarderAbi, type PlatformContracts } from '@gets/contracts';
import type { Database, Queryable } from '../../db/database.ts';
import { applyCompletionEffect } from '../action-effects.ts';
import { encodeAction } from '../actions.ts';
import { eventDecoder, type DecodedEvent } from '../events.ts';
import { isRevert, reasonFromError } from '../revert-reason.ts';
import { broadcast, type PipelineLog } from './relay.ts';
import {
  addAttempt,
  lockPendingBatches,
  markBatchMined,
  markCompleted,
  markFailed,
  requeue,
  touchBatch,
  transactionsOfBatch,
  type Attempt,
  type ChainTransaction,
  type RelayBatch,
} from './transaction-repository.ts';

export interface SettleSettings {
  /** Re-send the latest signed bytes when no receipt came for this long. */
  resendAfterMs: number;
  /** Replace with higher fees (same nonce) when still unmined after this long. */
  replaceAfterMs: number;
  /** A request skipped this many times by the forwarder fails for good. */
  maxAttempts: number;
  /**
   * Blocks that must follow a receipt's block before its outcome is final;
   * until then the batch stays pending, so a reorganised-away transaction is
   * simply sent again.
   */
  confirmations: number;
}

export interface SettleDeps {
  log: PipelineLog;
  db: Database;
  publicClient: PublicClient;
  chainId: number;
  contracts: PlatformContracts;
  relayers: PrivateKeyAccount[];
  settings: SettleSettings;
}

/** Settles what it can of the pending batches; returns how many were mined. */
export async function settlePending(deps: SettleDeps): Promise<number> {
  // Bytes are recorded in this transaction and sent only after it commits, so
  // no transaction ever reaches the chain without its hash on record.
  const toSend: Hex[] = [];
  const mined = await deps.db.transaction(async (tx) => {
    const batches = await lockPendingBatches(tx, deps.chainId, 50);
    let count = 0;
    const receipts = await Promise.all(batches.map((b) => findReceipt(deps.publicClient, b)));
    const head = receipts.some(Boolean)
      ? await deps.publicClient.getBlockNumber({ cacheTime: 0 })
      : 0n;
    for (const [index, batch] of batches.entries()) {
      const receipt = receipts[index];
      if (!receipt) {
        const raw = await keepMoving(tx, deps, batch);
        if (raw) toSend.push(raw);
      } else if (receipt.blockNumber + BigInt(deps.settings.confirmations) <= head) {
        await settleMined(tx, deps, batch, receipt);
        count++;
      }
      // Otherwise mined but not yet final: nothing to send, wait for more blocks.
    }
    return count;
  });
  for (const raw of toSend) await broadcast(deps.publicClient, raw, deps.log);
  return mined;
}

async function findReceipt(publicClient: PublicClient, batch: RelayBatch) {
  const found = await Promise.all(
    batch.attempts.map((a) =>
      publicClient.getTransactionReceipt({ hash: a.hash }).catch(() => null),
    ),
  );
  return found.find((r): r is TransactionReceipt => r !== null) ?? null;
}

async function settleMined(
  tx: Queryable,
  deps: SettleDeps,
  batch: RelayBatch,
  receipt: TransactionReceipt,
) {
  const transactions = await transactionsOfBatch(tx, batch.id);
  await markBatchMined(tx, batch.id, {
    hash: receipt.transactionHash,
    blockNumber: receipt.blockNumber,
  });
  const outcomes =
    receipt.status === 'success' ? outcomesByRequest(receipt, deps.contracts) : new Map();

  for (const t of transactions) {
    const outcome = outcomes.get(requestKey(t.walletAddress, BigInt(t.forwarderNonce!)));
    if (outcome?.success) {
      const completed = await markCompleted(tx, t.id, {
        transactionHash: receipt.transactionHash,
        events: outcome.events,
      });
      if (completed) await applyCompletionEffect(tx, t, outcome.events);
    } else if (outcome) {
      await markFailed(tx, t.id, {
        reason: await revertReason(deps, t, receipt.blockNumber),
        transactionHash: receipt.transactionHash,
      });
    } else {
      await retryOrFail(tx, deps, t);
    }
  }
}

/**
 * The forwarder skipped the request (expired, or its nonce moved). It is
 * signed again only if its nonce is still unused, so it can never run twice.
 */
async function retryOrFail(tx: Queryable, deps: SettleDeps, t: ChainTransaction) {
  const current = await deps.publicClient.readContract({
    address: deps.contracts.forwarder,
    abi: platformForwarderAbi,
    functionName: 'nonces',
    args: [t.walletAddress],
  });
  if (current !== BigInt(t.forwarderNonce!)) {
    await markFailed(tx, t.id, {
      reason: 'Another request of this wallet used its place; please try again',
    });
  } else if (t.attempts >= deps.settings.maxAttempts) {
    await markFailed(tx, t.id, {
      reason: `The request could not be executed after ${t.attempts} attempts`,
    });
  } else {
    await requeue(tx, t.id);
  }
}

const requestKey = (signer: string, nonce: bigint) => `${signer.toLowerCase()}:${nonce}`;

/**
 * The forwarder emits ExecutedForwardRequest after each request's call, so
 * the logs before it (since the previous one) are that call's own events.
 */
function outcomesByRequest(receipt: TransactionReceipt, contracts: PlatformContracts) {
  const decode = eventDecoder(contracts);
  const outcomes = new Map<string, { success: boolean; events: DecodedEvent[] }>();
  let slice: DecodedEvent[] = [];
  for (const log of receipt.logs) {
    if (log.address.toLowerCase() === contracts.forwarder.toLowerCase()) {
      try {
        const event = decodeEventLog({
          abi: platformForwarderAbi,
          data: log.data,
          topics: log.topics,
        });
        if (event.eventName === 'ExecutedForwardRequest') {
          outcomes.set(requestKey(event.args.signer, event.args.nonce), {
            success: event.args.success,
            events: event.args.success ? slice : [],
          });
          slice = [];
          continue;
        }
      } catch {
        // not a forwarder event we know; fall through
      }
    }
    const decoded = decode(log);
    if (decoded) slice.push(decoded);
  }
  return outcomes;
}

/** Replays the failed call just before its block to read the revert reason. */
async function revertReason(
  deps: SettleDeps,
  t: ChainTransaction,
  blockNumber: bigint,
): Promise<string> {
  const call = encodeAction(t.action, deps.contracts);
  try {
    await deps.publicClient.call({
      account: deps.contracts.forwarder,
      to: call.to,
      data: concat([call.data, t.walletAddress]),
      blockNumber: blockNumber - 1n,
    });
    return 'The transaction was reverted on chain';
  } catch (error) {
    if (!isRevert(error)) throw error;
    return reasonFromError(error);
  }
}

/** Returns signed bytes to send once the transaction commits, if any. */
async function keepMoving(tx: Queryable, deps: SettleDeps, batch: RelayBatch): Promise<Hex | null> {
  const latest = batch.attempts[batch.attempts.length - 1]!;
  if (batch.ageMs >= deps.settings.replaceAfterMs) {
    const relayer = deps.relayers.find(
      (r) => r.address.toLowerCase() === batch.relayer.toLowerCase(),
    );
    const known = await deps.publicClient.getTransaction({ hash: latest.hash }).catch(() => null);
    if (relayer && known) {
      return replaceWithHigherFees(tx, deps, batch, relayer, known.input, known.gas, latest);
    }
  }
  if (batch.ageMs >= deps.settings.resendAfterMs) {
    // Dropped from the node's pool (a restart, an eviction): send the same bytes again.
    await touchBatch(tx, batch.id);
    return latest.raw;
  }
  return null;
}

const bump = (value: bigint) => (value * 1125n) / 1000n + 1n;

async function replaceWithHigherFees(
  tx: Queryable,
  deps: SettleDeps,
  batch: RelayBatch,
  relayer: PrivateKeyAccount,
  data: Hex,
  gas: bigint,
  latest: Attempt,
): Promise<Hex> {
  const market = await deps.publicClient.estimateFeesPerGas();
  const maxPriorityFeePerGas = [
    bump(BigInt(latest.maxPriorityFeePerGas)),
    market.maxPriorityFeePerGas,
  ].reduce((a, b) => (a > b ? a : b));
  const maxFeePerGas = [
    bump(BigInt(latest.maxFeePerGas)),
    market.maxFeePerGas,
    maxPriorityFeePerGas,
  ].reduce((a, b) => (a > b ? a : b));
  const raw = await relayer.signTransaction({
    chainId: deps.chainId,
    type: 'eip1559',
    to: deps.contracts.forwarder,
    data,
    gas,
    nonce: Number(batch.nonce),
    maxFeePerGas,
    maxPriorityFeePerGas,
  });
  const attempt: Attempt = {
    hash: keccak256(raw),
    raw,
    maxFeePerGas: maxFeePerGas.toString(),
    maxPriorityFeePerGas: maxPriorityFeePerGas.toString(),
    sentAt: new Date().toISOString(),
  };
  await addAttempt(tx, batch.id, attempt);
  return raw;
}
