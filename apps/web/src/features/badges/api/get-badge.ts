// GET /badge/details/{id}: public for approved badges; with the user's or the
// admin's token it also answers what only they may see (drafts, pending).
import { useQuery } from '@tanstack/react-query';
import type { Badge } from '@gets/schema';
import { apiRequest, type ApiAuth } from '@/lib/api-client';
import { BADGES_QUERY_KEY } from './keys';

export function getBadge(id: string, auth: ApiAuth) {
  return apiRequest<Badge>(`/badge/details/${id}`, { auth });
}

export class BadgeFetchError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

export function useBadge(id: string | undefined, auth: ApiAuth) {
  return useQuery({
    queryKey: [...BADGES_QUERY_KEY, 'details', id, auth],
    enabled: Boolean(id),
    retry: false,
    queryFn: async () => {
      const result = await getBadge(id!, auth);
      if (!result.success) throw new BadgeFetchError(result.message, result.status);
      return result.data;
    },
  });
}
