// Keeps unmined relay batches moving: re-sends dropped bytes, replaces a
// stuck transaction with higher fees (same nonce), cancels one the node keeps
// refusing, and settles a batch whose nonce was filled with no record of how.
// (Settled batches a lost block took come back here as replayed batches:
// lost-batches.ts.)
import type { Hex, LocalAccount, PublicClient, TransactionReceipt } from 'viem';
import type { Queryable } from '../../db/database.ts';
import { keccak256Hex } from '../../keys/keccak.ts';
import { classifyChainError, PipelinePause } from '../chain-errors.ts';
import type { DecodedEvent } from '../events.ts';
import type { ChainTransaction } from './chain-transaction.ts';
import {
  addAttempt,
  markBatchUnrecorded,
  resetSendRejections,
  touchBatch,
  type Attempt,
  type RelayBatch,
} from './relay-batch-repository.ts';
import { transactionsOfBatch } from './transaction-repository.ts';
import { complete, fail, retryOrFail, forwarderNonceOf } from './request-outcomes.ts';
import type { SettleDeps } from './settle-deps.ts';

/** The receipt of whichever attempt was mined; "not found" is an answer, an unreachable node is not. */
export async function findReceipt(publicClient: PublicClient, batch: RelayBatch) {
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

/** Bytes to send once the database transaction commits. */
export interface Send {
  batchId: string;
  raw: Hex;
  /** The relayer whose bytes these are (and who pays for them). */
  relayer: `0x${string}`;
}

/** What to send, once the transaction commits, to move an unmined batch along. */
export async function keepMoving(
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
  return next ? [{ batchId: batch.id, raw: next, relayer: batch.relayer }] : [];
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
