// GET /admin/sponsors/verified?search&limit&after: a page of approved sponsors
// with their GETS from the chain, and how many match (x-total-count).
import { useEffect } from 'react';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import {
  ACTIVE_SPONSORS_MAX_PAGE,
  ACTIVE_SPONSORS_PAGE_SIZE,
  TOTAL_COUNT_HEADER,
  type ActiveSponsor,
} from '@gets/schema';
import { apiRequest } from '@/lib/api-client';
import { adminKeys } from './keys';

export interface ActiveSponsorsQuery {
  /** Part of the full name, any case. */
  search?: string;
  /** The page's size (0: the count alone); the server's largest page without it. */
  limit?: number;
  /** The last sponsor of the page before. */
  after?: string;
}

export const getActiveSponsors = (query: ActiveSponsorsQuery = {}) =>
  apiRequest<ActiveSponsor[]>('/admin/sponsors/verified', {
    auth: 'admin',
    query: { search: query.search || undefined, limit: query.limit, after: query.after },
  });

async function activeSponsorsPage(query: ActiveSponsorsQuery) {
  const result = await getActiveSponsors(query);
  if (!result.success) throw new Error(result.message);
  return {
    sponsors: result.data,
    total: Number(result.headers?.get(TOTAL_COUNT_HEADER) ?? result.data.length),
  };
}

/** How many sponsors are active, without reading anyone's balance (the Dash card). */
export function useActiveSponsorCount(): number | undefined {
  const query = { limit: 0 };
  return useQuery({
    queryKey: [...adminKeys.activeSponsors, query],
    queryFn: () => activeSponsorsPage(query),
  }).data?.total;
}

/**
 * The Active sponsors grid: the first 12; once See more is asked for, the
 * rest, a page at a time until every match is shown (each page is one read of
 * balances on the chain, however many sponsors there are).
 */
export function useActiveSponsors({ search, showAll }: { search: string; showAll: boolean }) {
  const pages = useInfiniteQuery({
    queryKey: [...adminKeys.activeSponsors, 'pages', search],
    queryFn: ({ pageParam }) =>
      activeSponsorsPage({
        search,
        ...(pageParam
          ? { limit: ACTIVE_SPONSORS_MAX_PAGE, after: pageParam }
          : { limit: ACTIVE_SPONSORS_PAGE_SIZE }),
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last, all) => {
      const shown = all.reduce((sum, page) => sum + page.sponsors.length, 0);
      const lastShown = last.sponsors[last.sponsors.length - 1];
      return lastShown && shown < (all[0]?.total ?? 0) ? lastShown._id : undefined;
    },
    placeholderData: keepPreviousData,
  });
  const { hasNextPage, isFetchingNextPage, isError, fetchNextPage } = pages;
  // Keyed on the pages loaded too: a page that arrives at once can leave the
  // other flags as they were, and the next page must still be asked for.
  const loadedPages = pages.data?.pages.length ?? 0;
  useEffect(() => {
    if (showAll && hasNextPage && !isFetchingNextPage && !isError) void fetchNextPage();
  }, [showAll, hasNextPage, isFetchingNextPage, isError, fetchNextPage, loadedPages]);
  return {
    isPending: pages.isPending,
    error: pages.error,
    refetch: pages.refetch,
    isRefetching: pages.isRefetching,
    sponsors: pages.data?.pages.flatMap((page) => page.sponsors) ?? [],
    total: pages.data?.pages[0]?.total ?? 0,
    /** See more was asked for and more pages are on their way. */
    loadingMore: showAll && hasNextPage && !isError,
  };
}
