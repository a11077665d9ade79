// POST /metakeep/transaction: the status of one of the caller's transactions
// (spec section 7, "Wallet transactions").
import type { TransactionStatus } from '@gets/schema';
import { apiRequest, type ApiResult } from '@/lib/api-client';
import type { ChainActor } from '../lib/transaction-stream';

export function getTransactionStatus(
  transactionId: string,
  auth: ChainActor,
  signal?: AbortSignal,
): Promise<ApiResult<TransactionStatus>> {
  return apiRequest<TransactionStatus>('/metakeep/transaction', {
    method: 'POST',
    body: { transactionId },
    auth,
    signal,
  });
}
