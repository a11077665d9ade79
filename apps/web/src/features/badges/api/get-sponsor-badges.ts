// GET /badge/allBadge/list: the signed-in sponsor's drafts and published badges.
import { useQuery } from '@tanstack/react-query';
import type { Badge } from '@gets/schema';
import { apiRequest } from '@/lib/api-client';
import { BADGES_QUERY_KEY } from './keys';

export function useSponsorBadges(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: [...BADGES_QUERY_KEY, 'mine'],
    enabled: options.enabled ?? true,
    queryFn: async () => {
      const result = await apiRequest<Badge[]>('/badge/allBadge/list');
      if (!result.success) throw new Error(result.message);
      return result.data;
    },
  });
}
