// GET /badge/published/admin?account= (admin): a sponsor's published badges and their count.
import { useQuery } from '@tanstack/react-query';
import type { Badge } from '@gets/schema';
import { apiRequest } from '@/lib/api-client';
import { BADGES_QUERY_KEY } from './keys';

export function useSponsorBadgesForAdmin(account: string | null) {
  return useQuery({
    queryKey: [...BADGES_QUERY_KEY, 'sponsor-for-admin', account],
    enabled: account !== null,
    queryFn: async () => {
      const result = await apiRequest<{ badges: Badge[]; totalBadge: number }>(
        '/badge/published/admin',
        { auth: 'admin', query: { account: account ?? undefined } },
      );
      if (!result.success) throw new Error(result.message);
      return result.data;
    },
  });
}
