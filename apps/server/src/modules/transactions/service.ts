import type { TransactionStatus } from '@gets/schema';
import type { AppContext } from '../../context.ts';
import type { ChainTransaction } from '../../chain/pipeline/transaction-repository.ts';
import { findTransaction } from '../../chain/pipeline/transaction-repository.ts';
import { AppError } from '../../http/errors.ts';
import type { Actor } from '../../http/auth.ts';

export const TRANSACTION_MESSAGES = { notFound: 'Transaction not found' } as const;

/** The spec's view of a transaction: SENT is still QUEUED to the client (keep polling). */
export function toStatus(ctx: AppContext, t: ChainTransaction): TransactionStatus {
  return {
    transactionId: t.id,
    status: t.status === 'SENT' ? 'QUEUED' : t.status,
    description: t.description,
    failureReason: t.failureReason,
    events: t.events ?? [],
    transactionHash: t.transactionHash,
    transactionChainScanUrl:
      t.transactionHash && ctx.config.explorerUrl
        ? `${ctx.config.explorerUrl}/tx/${t.transactionHash}`
        : null,
  };
}

export async function transactionStatusOf(
  ctx: AppContext,
  actor: Actor,
  id: string,
): Promise<TransactionStatus> {
  const transaction = await findTransaction(ctx.db, id);
  // Another owner's transaction is answered as missing, so ids reveal nothing.
  if (!transaction || transaction.ownerKind !== actor.kind || transaction.ownerId !== actor.id) {
    throw new AppError(404, TRANSACTION_MESSAGES.notFound);
  }
  return toStatus(ctx, transaction);
}
