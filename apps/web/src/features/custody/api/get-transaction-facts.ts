// GET /transactions/{hash}: one of the platform's transactions as the chain
// shows it, for the page /tx/{hash}. Public; a pending one is read again
// until it is mined.
import { useQuery } from '@tanstack/react-query';
import type { TransactionFacts } from '@gets/schema';
import { apiRequest } from '@/lib/api-client';

export const TRANSACTION_FACTS_QUERY_KEY = ['transactions', 'facts'] as const;
/** How often a pending transaction is read again. */
export const PENDING_REFRESH_MS = 5000;

/** A refusal of the call, with its HTTP status (404: not on the chain, 400: not a hash). */
export class TransactionFactsError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'TransactionFactsError';
  }
}

export function getTransactionFacts(hash: string) {
  return apiRequest<TransactionFacts>(`/transactions/${encodeURIComponent(hash)}`, {
    auth: 'none',
  });
}

export function useTransactionFacts(hash: string) {
  return useQuery({
    queryKey: [...TRANSACTION_FACTS_QUERY_KEY, hash],
    queryFn: async () => {
      const result = await getTransactionFacts(hash);
      if (!result.success) throw new TransactionFactsError(result.message, result.status);
      return result.data;
    },
    retry: false,
    refetchInterval: (query) =>
      query.state.data?.status === 'pending' ? PENDING_REFRESH_MS : false,
  });
}
