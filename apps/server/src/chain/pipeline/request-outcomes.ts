// The outcome of each request of a settled batch, recorded with its status
// and the effect its action's definition gives it (in the same database
// transaction): completed, failed, or signed again when it may still run once.
import { platformForwarderAbi } from '@gets/contracts';
import type { Queryable } from '../../db/database.ts';
import { type DecodedEvent } from '../events.ts';
import type { ChainTransaction } from './chain-transaction.ts';
import { markCompletedMany, markFailed, requeue } from './transaction-repository.ts';
import type { SettleDeps } from './settle-deps.ts';

/** One statement for a batch's successes; each effect runs once, for a row it moved. */
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
    await deps.actions.applyCompletionEffect(tx, transaction, events);
    deps.metrics?.finished(transaction, 'COMPLETED');
  }
}

export async function fail(
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
export async function retryOrFail(
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

export const forwarderNonceOf = (deps: SettleDeps, wallet: `0x${string}`) =>
  deps.publicClient.readContract({
    address: deps.contracts.forwarder,
    abi: platformForwarderAbi,
    functionName: 'nonces',
    args: [wallet],
  });
