// The settle side of the pipeline: finds the receipt of each pending batch,
// gives every request in it its outcome, and keeps unmined batches moving:
// re-sends dropped bytes, replaces a stuck transaction with higher fees (same
// nonce), and cancels one the node keeps refusing, so the relayer's later
// batches are never held behind it. A batch that reverted as a whole has its
// rows sent alone from then on: only a row that fails alone fails.
import {
  concat,
  decodeEventLog,
  type Hex,
  type LocalAccount,
  type PublicClient,
  type TransactionReceipt,
} from 'viem';
import { platformForwarderAbi, type PlatformContracts } from '@gets/contracts';
import type { SettleSettings } from '../../config.ts';
import type { Database, Queryable } from '../../db/database.ts';
import { keccak256Hex } from '../../custody/keccak.ts';
import type { ActionRegistry } from '../action-registry.ts';
import { classifyChainError, PipelinePause } from '../chain-errors.ts';
import { eventDecoder, type DecodedEvent } from '../events.ts';
import { reasonFromError } from '../revert-reason.ts';
import type { PipelineMetrics } from './metrics.ts';
import { broadcast, type PipelineLog } from './relay.ts';
import { relayerCannotPay } from './relayer-funds.ts';
import type { ChainTransaction } from './chain-transaction.ts';
import {
  addAttempt,
  lockPendingBatches,
  markBatchMined,
  markBatchUnrecorded,
  recordSendResult,
  resetSendRejections,
  settledBatchBytes,
  touchBatch,
  type Attempt,
  type RelayBatch,
} from './relay-batch-repository.ts';
import {
  markCompletedMany,
  markFailed,
  requeue,
  transactionsOfBatch,
} from './transaction-repository.ts';

export interface SettleDeps {
  log: PipelineLog;
  /** Records what a completed or failed action leaves behind, with its status. */
  actions: ActionRegistry;
  db: Database;
  publicClient: PublicClient;
  chainId: number;
  contracts: PlatformContracts;
  relayers: LocalAccount[];
  settings: SettleSettings;
  metrics?: PipelineMetrics;
}

/** Settles what it can of the pending batches; returns how many were mined. */
export async function settlePending(deps: SettleDeps): Promise<number> {
  // Bytes are recorded in this transaction and sent only after it commits, so
  // no transaction ever reaches the chain without its hash on record.
  const toSend: Send[] = [];
  const mined = await deps.db.transaction(async (tx) => {
    const batches = await lockPendingBatches(tx, deps.chainId, 50);
    let count = 0;
    const receipts = await Promise.all(batches.map((b) => findReceipt(deps.publicClient, b)));
    const head = receipts.some(Boolean)
      ? await deps.publicClient.getBlockNumber({ cacheTime: 0 })
      : 0n;
    // Batches come in relayer and nonce order: the lowest pending one of each
    // relayer is the one a lost earlier batch would hold back.
    const relayersSeen = new Set<string>();
    for (const [index, batch] of batches.entries()) {
      const receipt = receipts[index];
      if (!receipt) {
        const lowestOfRelayer = !relayersSeen.has(batch.relayer);
        toSend.push(...(await keepMoving(tx, deps, batch, lowestOfRelayer)));
      } else if (receipt.blockNumber + BigInt(deps.settings.confirmations) <= head) {
        await settleMined(tx, deps, batch, receipt);
        count++;
      }
      // Otherwise mined but not yet final: nothing to send, wait for more blocks.
      relayersSeen.add(batch.relayer);
    }
    return count;
  });
  const unpaid = new Map<`0x${string}`, string>();
  for (const { batchId, raw, resent, relayer } of toSend) {
    const outcome = await broadcast(deps.publicClient, raw, deps.log);
    if (!resent) await recordSendResult(deps.db, batchId, outcome);
    if (outcome.kind === 'unpaid') unpaid.set(relayer, outcome.message);
  }
  for (const [relayer, words] of unpaid) await relayerCannotPay(deps, relayer, words);
  return mined;
}

/** The receipt of whichever attempt was mined; "not found" is an answer, an unreachable node is not. */
async function findReceipt(publicClient: PublicClient, batch: RelayBatch) {
  const found = await Promise.all(
    batch.attempts.map((a) =>
      publicClient.getTransactionReceipt({ hash: a.hash }).catch((error: unknown) => {
        if (classifyChainError(error) === 'unreachable') {
          throw new PipelinePause('the chain node did not answer a receipt lookup', error);
        }
        return null;
      }),
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

/** One statement for a batch's successes; each effect runs once, for a row it moved. */
async function complete(
  tx: Queryable,
  deps: SettleDeps,
  completed: { transaction: ChainTransaction; events: DecodedEvent[] }[],
  transactionHash: string | null,
) {
  const moved = await markCompletedMany(
    tx,
    completed.map(({ transaction, events }) => ({ id: transaction.id, transactionHash, events })),
  );
  for (const { transaction, events } of completed) {
    if (!moved.has(transaction.id)) continue;
    await deps.actions.applyCompletionEffect(tx, transaction, events);
    deps.metrics?.finished(transaction, 'COMPLETED');
  }
}

async function fail(
  tx: Queryable,
  deps: SettleDeps,
  t: ChainTransaction,
  failure: { reason: string; transactionHash?: string | null },
) {
  if (await markFailed(tx, t.id, failure)) {
    await deps.actions.applyFailureEffect(tx, t);
    deps.metrics?.finished(t, 'FAILED');
  }
}

/**
 * The forwarder skipped the request (expired, or its nonce moved). It is
 * signed again only if its nonce is still unused, so it can never run twice.
 */
async function retryOrFail(
  tx: Queryable,
  deps: SettleDeps,
  t: ChainTransaction,
  options: { isolate?: boolean; current?: bigint } = {},
) {
  const current = options.current ?? (await forwarderNonceOf(deps, t.walletAddress));
  if (current !== BigInt(t.forwarderNonce!)) {
    await fail(tx, deps, t, {
      reason: 'Another request of this wallet used its place; please try again',
    });
  } else if (t.attempts >= deps.settings.maxAttempts) {
    await fail(tx, deps, t, {
      reason: `The request could not be executed after ${t.attempts} attempts`,
    });
  } else {
    await requeue(tx, t.id, { isolate: options.isolate });
  }
}

const forwarderNonceOf = (deps: SettleDeps, wallet: `0x${string}`) =>
  deps.publicClient.readContract({
    address: deps.contracts.forwarder,
    abi: platformForwarderAbi,
    functionName: 'nonces',
    args: [wallet],
  });

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

/**
 * Bytes to send once the database transaction commits. `resent`: a mined
 * batch's bytes sent again, whose send result is not the pending batch's.
 */
interface Send {
  batchId: string;
  raw: Hex;
  /** The relayer whose bytes these are (and who pays for them). */
  relayer: `0x${string}`;
  resent?: boolean;
}

/** What to send, once the transaction commits, to move an unmined batch along. */
async function keepMoving(
  tx: Queryable,
  deps: SettleDeps,
  batch: RelayBatch,
  lowestOfRelayer: boolean,
): Promise<Send[]> {
  if (
    lowestOfRelayer &&
    sinceLatestAttemptMs(batch) >= deps.settings.replaceAfterMs &&
    (await nonceFilledWithoutRecord(deps, batch))
  ) {
    await settleUnrecorded(tx, deps, batch);
    return [];
  }
  const next = await nextBytes(tx, deps, batch);
  const sends: Send[] = next ? [{ batchId: batch.id, raw: next, relayer: batch.relayer }] : [];
  if (!lowestOfRelayer || batch.ageMs < deps.settings.resendAfterMs) return sends;
  return [...(await lostBeforeIt(tx, deps, batch)), ...sends];
}

/**
 * The node lost blocks this relayer's earlier batches were mined in (a
 * reorganisation deeper than the confirmations waited for, or a development
 * node restarted from an older state), so its nonce is behind this batch's
 * and the batch can never be mined. The lost batches' signed bytes are sent
 * again, in nonce order: their requests run on the chain as they were
 * recorded, and the forwarder's nonces keep each from running twice.
 */
async function lostBeforeIt(tx: Queryable, deps: SettleDeps, batch: RelayBatch): Promise<Send[]> {
  const chainNonce = BigInt(
    await deps.publicClient.getTransactionCount({ address: batch.relayer, blockTag: 'pending' }),
  );
  if (chainNonce >= batch.nonce) return [];
  const settled = await settledBatchBytes(tx, batch.relayer, deps.chainId, chainNonce, batch.nonce);
  const lost: Send[] = [];
  for (const m of settled) {
    const onChain = await deps.publicClient
      .getTransaction({ hash: m.hash })
      .catch((error: unknown) => {
        if (classifyChainError(error) === 'unreachable') {
          throw new PipelinePause('the chain node did not answer a transaction lookup', error);
        }
        return null;
      });
    if (onChain) continue;
    deps.log.warn(
      { batch: m.id, nonce: m.nonce.toString(), hash: m.hash },
      'the node lost a mined relay batch; sending its bytes again',
    );
    lost.push({ batchId: m.id, raw: m.raw, relayer: batch.relayer, resent: true });
  }
  return lost;
}

/**
 * How long since the batch's latest attempt was signed. Not its age since the
 * last send: re-sending the same bytes (every resendAfterMs) restarts that
 * clock, and a replacement would never come.
 */
function sinceLatestAttemptMs(batch: RelayBatch): number {
  const signedAt = Date.parse(batch.attempts.at(-1)?.sentAt ?? '');
  return Number.isNaN(signedAt) ? batch.ageMs : Date.now() - signedAt;
}

/**
 * The relayer's nonce is past the batch's in the chain's latest block, yet
 * none of the batch's attempts has a receipt: something the node has no
 * record of took its place, and no send of these bytes can ever be mined.
 */
async function nonceFilledWithoutRecord(deps: SettleDeps, batch: RelayBatch): Promise<boolean> {
  const mined = await deps.publicClient.getTransactionCount({
    address: batch.relayer,
    blockTag: 'latest',
  });
  // Looked up again after the nonce: a batch mined between this pass's receipt
  // lookups and the nonce read has its receipt now, and is settled next pass.
  return BigInt(mined) > batch.nonce && (await findReceipt(deps.publicClient, batch)) === null;
}

/**
 * Settles a batch whose nonce was filled with no record of how (an Anvil
 * restarted from a state dump written between a block's state and the block
 * itself; the relayer key used elsewhere). Each request's forwarder nonce on
 * chain says whether it ran: one that did is COMPLETED, without a transaction
 * hash or events (the node has none to give); one that did not goes again; one
 * that ran in part fails, saying so.
 */
async function settleUnrecorded(tx: Queryable, deps: SettleDeps, batch: RelayBatch) {
  const transactions = await transactionsOfBatch(tx, batch.id);
  deps.log.warn(
    { batch: batch.id, relayer: batch.relayer, nonce: batch.nonce.toString() },
    "the chain has no record of what took this relay batch's nonce; settling its requests from their forwarder nonces",
  );
  await markBatchUnrecorded(tx, batch.id);
  const nonces = await Promise.all(
    transactions.map((t) => forwarderNonceOf(deps, t.walletAddress)),
  );
  const ran: { transaction: ChainTransaction; events: DecodedEvent[] }[] = [];
  for (const [index, t] of transactions.entries()) {
    const current = nonces[index]!;
    const first = BigInt(t.forwarderNonce!);
    if (current >= first + BigInt(t.callCount)) {
      ran.push({ transaction: t, events: [] });
    } else if (current > first) {
      await fail(tx, deps, t, {
        reason: 'Only part of this request ran on chain; please try again',
      });
    } else {
      await retryOrFail(tx, deps, t, { current });
    }
  }
  await complete(tx, deps, ran, null);
}

/** Signed bytes of the batch itself to send again, if it is time to. */
async function nextBytes(tx: Queryable, deps: SettleDeps, batch: RelayBatch): Promise<Hex | null> {
  const latest = batch.attempts[batch.attempts.length - 1]!;
  const relayerOf = () =>
    deps.relayers.find((r) => r.address.toLowerCase() === batch.relayer.toLowerCase());
  if (
    batch.sendRejections >= deps.settings.cancelAfterRejections &&
    latest.kind !== 'cancel' &&
    relayerOf()
  ) {
    // The node will not take these bytes (too much gas, too large, invalid):
    // fill the nonce with an empty transaction so later batches can be mined.
    deps.log.warn(
      { batch: batch.id, err: batch.sendError },
      'cancelling a relay batch the node keeps refusing; its rows go one by one',
    );
    return cancelBatch(tx, deps, batch, relayerOf()!, latest);
  }
  if (sinceLatestAttemptMs(batch) >= deps.settings.replaceAfterMs) {
    const relayer = relayerOf();
    const known = await deps.publicClient.getTransaction({ hash: latest.hash }).catch(() => null);
    if (relayer && known) {
      return replaceWithHigherFees(tx, deps, batch, relayer, known, latest);
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

/** Higher fees than the latest attempt (a replacement must pay more) and at least the market's. */
async function replacementFees(deps: SettleDeps, latest: Attempt) {
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
  return { maxFeePerGas, maxPriorityFeePerGas };
}

async function recordAttempt(
  tx: Queryable,
  batchId: string,
  raw: Hex,
  fees: { maxFeePerGas: bigint; maxPriorityFeePerGas: bigint },
  kind?: 'cancel',
): Promise<Hex> {
  const attempt: Attempt = {
    hash: keccak256Hex(raw),
    raw,
    maxFeePerGas: fees.maxFeePerGas.toString(),
    maxPriorityFeePerGas: fees.maxPriorityFeePerGas.toString(),
    sentAt: new Date().toISOString(),
    ...(kind ? { kind } : {}),
  };
  await addAttempt(tx, batchId, attempt);
  await resetSendRejections(tx, batchId);
  return raw;
}

/** An empty transfer to the relayer itself, same nonce, higher fees: it takes the batch's place. */
async function cancelBatch(
  tx: Queryable,
  deps: SettleDeps,
  batch: RelayBatch,
  relayer: LocalAccount,
  latest: Attempt,
): Promise<Hex> {
  const fees = await replacementFees(deps, latest);
  const raw = await relayer.signTransaction({
    chainId: deps.chainId,
    type: 'eip1559',
    to: relayer.address,
    value: 0n,
    gas: 21_000n,
    nonce: Number(batch.nonce),
    ...fees,
  });
  return recordAttempt(tx, batch.id, raw, fees, 'cancel');
}

async function replaceWithHigherFees(
  tx: Queryable,
  deps: SettleDeps,
  batch: RelayBatch,
  relayer: LocalAccount,
  known: { to: `0x${string}` | null; input: Hex; gas: bigint },
  latest: Attempt,
): Promise<Hex> {
  const fees = await replacementFees(deps, latest);
  const raw = await relayer.signTransaction({
    chainId: deps.chainId,
    type: 'eip1559',
    to: known.to ?? deps.contracts.forwarder,
    data: known.input,
    gas: known.gas,
    nonce: Number(batch.nonce),
    ...fees,
  });
  return recordAttempt(tx, batch.id, raw, fees, latest.kind);
}
