// GET /badge/applicationlist/{badgeId}/{account}: the signed-in earner's
// application for a badge, and whether they may apply (no application yet).
import { useQuery } from '@tanstack/react-query';
import type { ApplicationOf } from '@gets/schema';
import { apiRequest } from '@/lib/api-client';
import { APPLICATIONS_QUERY_KEY } from './keys';

export function useApplicationOf(
  badgeId: string,
  account: string | null | undefined,
  options: { enabled?: boolean } = {},
) {
  return useQuery({
    queryKey: [...APPLICATIONS_QUERY_KEY, 'of', badgeId, account],
    enabled: Boolean(account) && (options.enabled ?? true),
    queryFn: async () => {
      const result = await apiRequest<ApplicationOf>(
        `/badge/applicationlist/${badgeId}/${account}`,
      );
      if (!result.success) throw new Error(result.message);
      return result.data;
    },
  });
}
