// Staking calls: POST /stake/metakeep (the stake, through useChainAction),
// POST /stake (records it by the stakeId of the chain), POST
// /stake/withdraw/metakeep (unstake), GET /stake/mine (your stakes).
import { useQuery } from '@tanstack/react-query';
import type { ActionResponse, MyStake } from '@gets/schema';
import { apiRequest } from '@/lib/api-client';
import { CHAIN_STATE_QUERY_KEY } from '@/features/custody';

export const stakeTokens = (body: { email: string; amount: string }, consentToken?: string) =>
  apiRequest<ActionResponse['data']>('/stake/metakeep', {
    method: 'POST',
    body: { ...body, consentToken },
  });

export const recordStake = (body: { userId: string; amount: string; onChainId: string }) =>
  apiRequest<MyStake>('/stake', { method: 'POST', body });

export const unstakeTokens = (stakeId: string, consentToken?: string) =>
  apiRequest<ActionResponse['data']>('/stake/withdraw/metakeep', {
    method: 'POST',
    body: { stakeId, consentToken },
  });

export const MY_STAKES_QUERY_KEY = [...CHAIN_STATE_QUERY_KEY, 'my-stakes'] as const;

export function useMyStakes({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: MY_STAKES_QUERY_KEY,
    queryFn: async () => {
      const result = await apiRequest<MyStake[]>('/stake/mine');
      if (!result.success) throw new Error(result.message);
      return result.data;
    },
    enabled,
  });
}
