// GET /stake/balance (user) and GET /stake/balance/admin (admin): GETS in the
// wallet, its stakes and the total staked, read from the chain by the server.
import { useQuery } from '@tanstack/react-query';
import type { Balances } from '@gets/schema';
import { apiRequest } from '@/lib/api-client';
import { CHAIN_STATE_QUERY_KEY } from '@/features/custody';

/** Under the chain-state key: a finished chain action refreshes every balance. */
export const BALANCES_QUERY_KEY = [...CHAIN_STATE_QUERY_KEY, 'balances'] as const;

/**
 * GETS can arrive from someone else (a transfer, an admin's send), which no
 * action of this tab announces: while the page is shown, balances are read
 * again this often, and when the tab comes back into view.
 */
export const BALANCES_REFRESH_MS = 20_000;

export type BalancesOf = { auth: 'user' } | { auth: 'admin'; userId?: string };

export function getBalances(of: BalancesOf) {
  return of.auth === 'user'
    ? apiRequest<Balances>('/stake/balance')
    : apiRequest<Balances>('/stake/balance/admin', {
        auth: 'admin',
        query: { userId: of.userId },
      });
}

export function useBalances(of: BalancesOf, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: [
      ...BALANCES_QUERY_KEY,
      of.auth,
      of.auth === 'admin' ? (of.userId ?? 'self') : 'self',
    ],
    queryFn: async () => {
      const result = await getBalances(of);
      if (!result.success) throw new Error(result.message);
      return result.data;
    },
    enabled: options.enabled ?? true,
    refetchInterval: BALANCES_REFRESH_MS,
    refetchOnWindowFocus: true,
  });
}
