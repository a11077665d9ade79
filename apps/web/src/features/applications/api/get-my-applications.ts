// GET /badge/applied/earner?account: the earner's applications with their
// badges, newest first (My Applications).
import { useQuery } from '@tanstack/react-query';
import type { ApplicationWithBadge } from '@gets/schema';
import { apiRequest } from '@/lib/api-client';
import { APPLICATIONS_QUERY_KEY } from './keys';

export function useMyApplications(account: string | null) {
  return useQuery({
    queryKey: [...APPLICATIONS_QUERY_KEY, 'mine', account],
    enabled: Boolean(account),
    queryFn: async () => {
      const result = await apiRequest<ApplicationWithBadge[]>('/badge/applied/earner', {
        query: { account: account ?? undefined },
      });
      if (!result.success) throw new Error(result.message);
      return result.data;
    },
  });
}
