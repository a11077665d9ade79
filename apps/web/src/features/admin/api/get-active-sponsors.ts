// GET /admin/sponsors/verified?search&limit: approved sponsors with their GETS
// from the chain (the first `limit` of them, or all) and how many match.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { TOTAL_COUNT_HEADER, type ActiveSponsor } from '@gets/schema';
import { apiRequest } from '@/lib/api-client';
import { adminKeys } from './keys';

export interface ActiveSponsorsQuery {
  /** Part of the full name, any case. */
  search?: string;
  /** The first sponsors only (0: the count alone); all of them without it. */
  limit?: number;
}

export const getActiveSponsors = (query: ActiveSponsorsQuery = {}) =>
  apiRequest<ActiveSponsor[]>('/admin/sponsors/verified', {
    auth: 'admin',
    query: { search: query.search || undefined, limit: query.limit },
  });

export function useActiveSponsors(query: ActiveSponsorsQuery = {}) {
  return useQuery({
    queryKey: [...adminKeys.activeSponsors, query],
    queryFn: async () => {
      const result = await getActiveSponsors(query);
      if (!result.success) throw new Error(result.message);
      return {
        sponsors: result.data,
        total: Number(result.headers?.get(TOTAL_COUNT_HEADER) ?? result.data.length),
      };
    },
    placeholderData: keepPreviousData,
  });
}

/** How many sponsors are active, without reading anyone's balance (the Dash card). */
export function useActiveSponsorCount(): number | undefined {
  return useActiveSponsors({ limit: 0 }).data?.total;
}
