// GET /badge/list/{filter}?name&limit&cursor: approved public badges, page
// after page (See more), the total with the first page.
import { useInfiniteQuery } from '@tanstack/react-query';
import type { BadgeListFilter, BadgeListPage } from '@gets/schema';
import { apiRequest } from '@/lib/api-client';
import { BADGES_QUERY_KEY } from './keys';

export function getBadgeList(
  filter: BadgeListFilter,
  options: { name?: string; limit?: number; cursor?: string | null } = {},
) {
  return apiRequest<BadgeListPage>(`/badge/list/${filter}`, {
    auth: 'none',
    query: {
      name: options.name || undefined,
      limit: options.limit,
      cursor: options.cursor ?? undefined,
    },
  });
}

export function useBadgeList(
  filter: BadgeListFilter,
  options: { name?: string; limit?: number } = {},
) {
  const query = useInfiniteQuery({
    queryKey: [...BADGES_QUERY_KEY, 'list', filter, options.name ?? '', options.limit ?? null],
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam }) => {
      const result = await getBadgeList(filter, { ...options, cursor: pageParam });
      if (!result.success) throw new Error(result.message);
      return result.data;
    },
    getNextPageParam: (last) => last.nextCursor,
  });
  const pages = query.data?.pages ?? [];
  return {
    ...query,
    badges: pages.flatMap((page) => page.badges),
    total: pages[0]?.total ?? null,
  };
}
