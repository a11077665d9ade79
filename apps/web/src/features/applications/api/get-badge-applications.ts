// GET /badge/applications/list?badgeId: the applications of the sponsor's
// badge, sorted by full name (the Applications page).
import { useQuery } from '@tanstack/react-query';
import type { Application } from '@gets/schema';
import { apiRequest } from '@/lib/api-client';
import { APPLICATIONS_QUERY_KEY } from './keys';

export function useBadgeApplications(badgeId: string | undefined) {
  return useQuery({
    queryKey: [...APPLICATIONS_QUERY_KEY, 'of-badge', badgeId],
    enabled: Boolean(badgeId),
    retry: false,
    queryFn: async () => {
      const result = await apiRequest<Application[]>('/badge/applications/list', {
        query: { badgeId },
      });
      if (!result.success) throw new Error(result.message);
      return result.data;
    },
  });
}
