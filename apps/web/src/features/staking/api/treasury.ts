// The admin's Community Treasure: GET /stake/treasury (totals from the
// chain), GET /stake (the open stakes, a page at a time), and the moves:
// withdraw (then the spec's record call) and re-deposit.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  TOTAL_COUNT_HEADER,
  type ActionResponse,
  type StakeListing,
  type Treasury,
} from '@gets/schema';
import { apiRequest } from '@/lib/api-client';
import { CHAIN_STATE_QUERY_KEY } from '@/features/custody';

export function useTreasury() {
  return useQuery({
    queryKey: [...CHAIN_STATE_QUERY_KEY, 'treasury'],
    queryFn: async () => {
      const result = await apiRequest<Treasury>('/stake/treasury', { auth: 'admin' });
      if (!result.success) throw new Error(result.message);
      return result.data;
    },
  });
}

export const STAKES_PAGE_SIZE = 10;

export function useStakeList(page: number) {
  return useQuery({
    queryKey: [...CHAIN_STATE_QUERY_KEY, 'stakes', page],
    queryFn: async () => {
      const result = await apiRequest<StakeListing[]>('/stake', {
        auth: 'admin',
        query: { page, limit: STAKES_PAGE_SIZE },
      });
      if (!result.success) throw new Error(result.message);
      return {
        stakes: result.data,
        total: Number(result.headers?.get(TOTAL_COUNT_HEADER) ?? result.data.length),
      };
    },
    placeholderData: keepPreviousData,
  });
}

export const withdrawFromTreasury = (amount: string, consentToken?: string) =>
  apiRequest<ActionResponse['data']>('/stake/withdraw/metakeep/admin', {
    method: 'POST',
    auth: 'admin',
    body: { amount, consentToken },
  });

export const recordWithdrawal = (body: { userId: string; amount: string }) =>
  apiRequest<null>('/stake/withdraw/admin', { method: 'POST', auth: 'admin', body });

export const depositToTreasury = (amount: string, consentToken?: string) =>
  apiRequest<ActionResponse['data']>('/stake/deposit/metakeep/admin', {
    method: 'POST',
    auth: 'admin',
    body: { amount, consentToken },
  });
