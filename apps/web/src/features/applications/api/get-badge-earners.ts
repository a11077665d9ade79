// GET /badge/earners/{id}: the earners holding a badge (the badge page's
// Earner details), for whoever may see the badge.
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { badgeEarnerSchema } from '@gets/schema';
import { apiRequest, type ApiAuth } from '@/lib/api-client';
import { APPLICATIONS_QUERY_KEY } from './keys';

export type BadgeEarner = z.infer<typeof badgeEarnerSchema>;

export function useBadgeEarners(badgeId: string | undefined, auth: ApiAuth) {
  return useQuery({
    queryKey: [...APPLICATIONS_QUERY_KEY, 'earners', badgeId, auth],
    enabled: Boolean(badgeId),
    queryFn: async () => {
      const result = await apiRequest<BadgeEarner[]>(`/badge/earners/${badgeId}`, { auth });
      if (!result.success) throw new Error(result.message);
      return result.data;
    },
  });
}
