// GET /admin/credentials?badgeId=: the credentials issued for a badge, for the
// admin (earner, issue date, status, and a revocation's date and reason).
import { useQuery } from '@tanstack/react-query';
import type { BadgeCredential } from '@gets/schema';
import { apiRequest } from '@/lib/api-client';

/** Every badge's list starts with this key, so a revocation refreshes whichever is open. */
export const BADGE_CREDENTIALS_QUERY_KEY = ['credentials', 'admin', 'badge'] as const;

export function getBadgeCredentials(badgeId: string) {
  return apiRequest<BadgeCredential[]>('/admin/credentials', {
    auth: 'admin',
    query: { badgeId },
  });
}

export function useBadgeCredentials(badgeId: string) {
  return useQuery({
    queryKey: [...BADGE_CREDENTIALS_QUERY_KEY, badgeId],
    queryFn: async () => {
      const result = await getBadgeCredentials(badgeId);
      if (!result.success) throw new Error(result.message);
      return result.data;
    },
  });
}
