// The outcome of each request of a settled batch, recorded with its status
// and the effect its action's definition gives it (in the same database
// transaction): completed, failed, or signed again when it may still run once.
import { platformForwarderAbi } from '@gets/contracts';
import type { Queryable } from '../../db/database.ts';
import { type DecodedEvent } from '../events.ts';
import type { ChainTransaction } from './chain-transaction.ts';
import { markCompletedMany, markFailed, requeue } from './transaction-repository.ts';
import type { SettleDeps } from './settle-deps.ts';

/**
 * One statement for a batch's successes; each effect runs once, for a row it
 * moved. A request taken back after the chain lost its block (lost-batches.ts)
 * made its records when it first completed: they are not made again.
 */
export async function complete(
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
    if (transaction.retakenAt) {
      deps.metrics?.statusCorrected(actionType(transaction), 'completed_again');
      continue;
    }
    await deps.actions.applyCompletionEffect(tx, transaction, events);
    deps.metrics?.finished(transaction, 'COMPLETED');
  }
}

/** Why a request that had completed, then was lost with its block, did not run again. */
export const LOST_AND_NOT_RUN_AGAIN =
  'The chain lost the block this ran in, and it could not run again';

export async function fail(
  tx: Queryable,
  deps: SettleDeps,
  t: ChainTransaction,
  failure: { reason: string; transactionHash?: string | null },
) {
  if (t.retakenAt) {
    // What its first completion recorded stays (no effect undoes it): said
    // once in the log, for whoever runs the platform to look at.
    const reason = `${LOST_AND_NOT_RUN_AGAIN}: ${failure.reason}`;
    if (await markFailed(tx, t.id, { ...failure, reason })) {
      deps.log.warn(
        { transaction: t.id, action: actionType(t), wallet: t.walletAddress, reason },
        'a request the chain lost after it completed could not run again; what its completion recorded is kept',
      );
      deps.metrics?.statusCorrected(actionType(t), 'failed');
    }
    return;
  }
  if (await markFailed(tx, t.id, failure)) {
    await deps.actions.applyFailureEffect(tx, t);
    deps.metrics?.finished(t, 'FAILED');
  }
}

const actionType = (t: ChainTransaction) =>
  typeof t.action?.type === 'string' ? t.action.type : 'unknown';

/**
 * The forwarder skipped the request (expired, or its nonce moved). It is
 * signed again only if its nonce is still unused, so it can never run twice.
 * A wallet nonce behind the request's means an earlier request of the wallet
 * has not run (the chain lost it and it waits to be replayed): this one has
 * not run either, and goes back to the queue behind it.
 */
export async function retryOrFail(
  tx: Queryable,
  deps: SettleDeps,
  t: ChainTransaction,
  options: { isolate?: boolean; current?: bigint } = {},
) {
  const current = options.current ?? (await forwarderNonceOf(deps, t.walletAddress));
  const first = BigInt(t.forwarderNonce!);
  if (current > first) {
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

export const forwarderNonceOf = (deps: SettleDeps, wallet: `0x${string}`) =>
  deps.publicClient.readContract({
    address: deps.contracts.forwarder,
    abi: platformForwarderAbi,
    functionName: 'nonces',
    args: [wallet],
  });
