// GET /admin/badge?page&limit&badgeAccess&status&name (admin): published
// badges page by page, with the count of the status and access asked for
// (not of a name search's matches) and the approval period in days.
import { useInfiniteQuery } from '@tanstack/react-query';
import type { AdminBadgesPage, AdminBadgesQuery } from '@gets/schema';
import { apiRequest } from '@/lib/api-client';
import { BADGES_QUERY_KEY } from './keys';

export type AdminBadgeFilter = Omit<AdminBadgesQuery, 'page'>;

export function getAdminBadges(query: AdminBadgesQuery) {
  return apiRequest<AdminBadgesPage>('/admin/badge', {
    auth: 'admin',
    query: {
      page: query.page,
      limit: query.limit,
      badgeAccess: query.badgeAccess || undefined,
      status: query.status || undefined,
      name: query.name || undefined,
    },
  });
}

/** Pages of `limit` badges; fetchNextPage is the See more. */
export function useAdminBadges(filter: AdminBadgeFilter) {
  const query = useInfiniteQuery({
    queryKey: [...BADGES_QUERY_KEY, 'admin', filter],
    initialPageParam: 1,
    queryFn: async ({ pageParam }) => {
      const result = await getAdminBadges({ ...filter, page: pageParam });
      if (!result.success) throw new Error(result.message);
      return result.data;
    },
    getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
  });
  const pages = query.data?.pages ?? [];
  return {
    ...query,
    badges: pages.flatMap((page) => page.badges),
    total: pages[0]?.total ?? null,
    approvalPeriod: pages[0]?.approvalPeriod ?? null,
  };
}
