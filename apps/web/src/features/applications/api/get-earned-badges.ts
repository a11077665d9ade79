// GET /badge/assigned/{account}: the earner's awards (claimed badges), latest first.
import { useQuery } from '@tanstack/react-query';
import type { ApplicationWithBadge } from '@gets/schema';
import { apiRequest } from '@/lib/api-client';
import { APPLICATIONS_QUERY_KEY } from './keys';

export function useEarnedBadges(account: string | null) {
  return useQuery({
    queryKey: [...APPLICATIONS_QUERY_KEY, 'earned', account],
    enabled: Boolean(account),
    queryFn: async () => {
      const result = await apiRequest<ApplicationWithBadge[]>(`/badge/assigned/${account}`);
      if (!result.success) throw new Error(result.message);
      return result.data;
    },
  });
}
