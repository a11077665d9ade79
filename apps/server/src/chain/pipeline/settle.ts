// The settle side of the pipeline: finds the receipt of each pending batch,
// gives every request in it its outcome, and keeps unmined batches moving:
// re-sends dropped bytes, replaces a stuck transaction with higher fees (same
// nonce), and cancels one the node keeps refusing, so the relayer's later
// batches are never held behind it. A batch that reverted as a whole has its
// rows sent alone from then on: only a row that fails alone fails.
import { concat, decodeEventLog, type TransactionReceipt } from 'viem';
import { platformForwarderAbi, type PlatformContracts } from '@gets/contracts';
import type { Queryable } from '../../db/database.ts';
import { classifyChainError, PipelinePause } from '../chain-errors.ts';
import { eventDecoder, type DecodedEvent } from '../events.ts';
import { reasonFromError } from '../revert-reason.ts';
import { broadcast } from './relay.ts';
import { relayerCannotPay } from './relayer-funds.ts';
import type { ChainTransaction } from './chain-transaction.ts';
import {
  lockPendingBatches,
  markBatchMined,
  recordSendResult,
  type RelayBatch,
} from './relay-batch-repository.ts';
import { transactionsOfBatch } from './transaction-repository.ts';
import { complete, fail, retryOrFail } from './request-outcomes.ts';
import { findReceipt, keepMoving, type Send } from './unmined-batches.ts';
import { replaysBefore, settledTip } from './lost-batch-repository.ts';
import { LostBlocksNoticed, stillOnChain } from './lost-batches.ts';
import type { SettleDeps } from './settle-deps.ts';

/** Settles what it can of the pending batches; answers how many were mined, of how many pending. */
export async function settlePending(deps: SettleDeps): Promise<{ mined: number; pending: number }> {
  // Bytes are recorded in this transaction and sent only after it commits, so
  // no transaction ever reaches the chain without its hash on record.
  const toSend: Send[] = [];
  let pending = 0;
  const mined = await deps.db.transaction(async (tx) => {
    const batches = await lockPendingBatches(tx, deps.chainId, 50);
    pending = batches.length;
    let count = 0;
    const receipts = await Promise.all(batches.map((b) => findReceipt(deps.publicClient, b)));
    const head = receipts.some(Boolean)
      ? await deps.publicClient.getBlockNumber({ cacheTime: 0 })
      : 0n;
    // Nothing is settled on top of blocks the node lost: a batch mined after a
    // loss (one signed before it, sent again) would otherwise be recorded above
    // the lost ones, and the walk that finds them (lost-batches.ts) stops at
    // the first batch still on chain. Asked after the receipts, so a loss
    // after the check is one these receipts were mined before.
    if (receipts.some(Boolean)) {
      const tip = await settledTip(tx, deps.chainId);
      if (tip.newest && !(await stillOnChain(deps.publicClient, tip.newest))) {
        throw new LostBlocksNoticed(tip.newest.id);
      }
    }
    const replayMayGo = await replayGate(tx, deps, batches, receipts);
    // While lost batches run again, nothing else is sent: a batch signed
    // before the loss would otherwise run before them, out of the first order.
    const replaying = batches.some((b) => b.replayOrder !== null);
    // Batches come in relayer and nonce order (replayed ones first): the
    // lowest pending one of each relayer is the one whose nonce may have been
    // filled with no record of how.
    const relayersSeen = new Set<string>();
    for (const [index, batch] of batches.entries()) {
      const receipt = receipts[index];
      if (!receipt) {
        const lowestOfRelayer = !relayersSeen.has(batch.relayer);
        if (batch.replayOrder === null ? !replaying : batch === replayMayGo) {
          toSend.push(...(await keepMoving(tx, deps, batch, lowestOfRelayer)));
        }
      } else if (receipt.blockNumber + BigInt(deps.settings.confirmations) > head) {
        // Mined but not yet final: nothing to send, wait for more blocks.
      } else {
        await settleMined(tx, deps, batch, receipt);
        count++;
      }
      relayersSeen.add(batch.relayer);
    }
    return count;
  });
  const unpaid = new Map<`0x${string}`, string>();
  for (const { batchId, raw, relayer } of toSend) {
    const outcome = await broadcast(deps.publicClient, raw, deps.log);
    await recordSendResult(deps.db, batchId, outcome);
    if (outcome.kind === 'unpaid') unpaid.set(relayer, outcome.message);
  }
  for (const [relayer, words] of unpaid) await relayerCannotPay(deps, relayer, words);
  return { mined, pending };
}

/**
 * The one replayed batch that may be sent now: the first in replay order not
 * mined yet, and only when every replayed batch before it (some may be in
 * another process's hands this pass) has been mined, so lost batches run
 * again in the order they first ran, across relayers.
 */
async function replayGate(
  tx: Queryable,
  deps: SettleDeps,
  batches: RelayBatch[],
  receipts: (TransactionReceipt | null)[],
): Promise<RelayBatch | null> {
  const replayed = batches.flatMap((batch, index) =>
    batch.replayOrder === null ? [] : [{ batch, mined: receipts[index] !== null }],
  );
  const first = replayed.find((r) => !r.mined);
  if (!first) return null;
  const minedBefore = replayed.filter(
    (r) => r.mined && r.batch.replayOrder! < first.batch.replayOrder!,
  ).length;
  const pendingBefore = await replaysBefore(tx, deps.chainId, first.batch.replayOrder!);
  return pendingBefore === minedBefore ? first.batch : null;
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
    blockHash: receipt.blockHash,
    transactionIndex: receipt.transactionIndex,
  });
  const firstSent = batch.attempts[0] ? Date.parse(batch.attempts[0].sentAt) : NaN;
  if (!Number.isNaN(firstSent)) deps.metrics?.batchMined(Date.now() - firstSent);

  const cancelled = batch.attempts.some(
    (a) => a.kind === 'cancel' && a.hash.toLowerCase() === receipt.transactionHash.toLowerCase(),
  );
  if (cancelled || receipt.status !== 'success') {
    // None of the batch's requests ran: the node kept refusing it and its nonce
    // was filled, or it reverted as a whole (out of gas, say). Each row goes
    // alone from now on; a row already alone fails with what happened.
    for (const t of transactions) {
      if (cancelled || transactions.length > 1) {
        await retryOrFail(tx, deps, t, { isolate: true });
      } else {
        await fail(tx, deps, t, {
          reason: await revertReason(deps, t, receipt.blockNumber, 0),
          transactionHash: receipt.transactionHash,
        });
      }
    }
    return;
  }

  const outcomes = outcomesByRequest(receipt, deps.contracts);
  const completed: { transaction: ChainTransaction; events: DecodedEvent[] }[] = [];
  for (const t of transactions) {
    const first = BigInt(t.forwarderNonce!);
    const calls = Array.from({ length: t.callCount }, (_, i) =>
      outcomes.get(requestKey(t.walletAddress, first + BigInt(i))),
    );
    const failedAt = calls.findIndex((outcome) => outcome && !outcome.success);
    if (calls.every((outcome) => outcome?.success)) {
      completed.push({ transaction: t, events: calls.flatMap((outcome) => outcome!.events) });
    } else if (failedAt >= 0) {
      await fail(tx, deps, t, {
        reason: await revertReason(deps, t, receipt.blockNumber, failedAt),
        transactionHash: receipt.transactionHash,
      });
    } else if (calls.every((outcome) => outcome === undefined)) {
      await retryOrFail(tx, deps, t);
    } else {
      // Some calls ran, a later one was skipped: running it again would repeat
      // the ones that ran, so it ends here, saying so.
      await fail(tx, deps, t, {
        reason: 'Only part of this request ran on chain; please try again',
        transactionHash: receipt.transactionHash,
      });
    }
  }
  await complete(tx, deps, completed, receipt.transactionHash);
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

/**
 * Replays the failed call, as it was signed, just before its block to read
 * the revert reason (a later call of the same request replays without the
 * earlier ones, so its words may be less exact).
 */
async function revertReason(
  deps: SettleDeps,
  t: ChainTransaction,
  blockNumber: bigint,
  callIndex: number,
): Promise<string> {
  const call = t.calls?.[callIndex];
  if (!call) return 'The transaction was reverted on chain';
  try {
    await deps.publicClient.call({
      account: deps.contracts.forwarder,
      to: call.to,
      data: concat([call.data, t.walletAddress]),
      blockNumber: blockNumber - 1n,
    });
    return 'The transaction was reverted on chain';
  } catch (error) {
    const kind = classifyChainError(error);
    if (kind === 'unreachable') {
      throw new PipelinePause('the chain node did not answer a revert replay', error);
    }
    return kind === 'revert' ? reasonFromError(error) : 'The transaction was reverted on chain';
  }
}
