// The sponsor's award data (spec section 3, "Sponsor data"):
// GET /user/sponsor/all-earners/{account} (Award Winners) and
// GET /user/sponsor/total-awards/{account} (awards and GETS paid).
import { useQuery } from '@tanstack/react-query';
import type { AwardWinner, TotalAwards } from '@gets/schema';
import { apiRequest } from '@/lib/api-client';
import { APPLICATIONS_QUERY_KEY } from './keys';

export function useAwardWinners(account: string | null) {
  return useQuery({
    queryKey: [...APPLICATIONS_QUERY_KEY, 'winners', account],
    enabled: Boolean(account),
    queryFn: async () => {
      const result = await apiRequest<AwardWinner[]>(`/user/sponsor/all-earners/${account}`);
      if (!result.success) throw new Error(result.message);
      return result.data;
    },
  });
}

export function useTotalAwards(account: string | null) {
  return useQuery({
    queryKey: [...APPLICATIONS_QUERY_KEY, 'totals', account],
    enabled: Boolean(account),
    queryFn: async () => {
      const result = await apiRequest<TotalAwards>(`/user/sponsor/total-awards/${account}`);
      if (!result.success) throw new Error(result.message);
      return result.data;
    },
  });
}
