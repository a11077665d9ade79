// GET /admin/sponsors/unapproved: sponsors waiting for a decision, oldest
// first; with ?status=REJECTED, the rejected ones (an admin may still accept them).
// A sponsor registers in another browser while the console is open (the
// README's first five minutes: the admin logs in first): the list is read
// again every PENDING_SPONSORS_REFRESH_MS and whenever the admin comes back
// to the tab, so the Dash's "Pending approvals", the sidebar's orange count
// and Profile approvals show them without a reload.
import { useQuery } from '@tanstack/react-query';
import type { AdminSponsor } from '@gets/schema';
import { apiRequest } from '@/lib/api-client';
import { adminKeys, dataOf } from './keys';

export const getUnapprovedSponsors = (status: 'PENDING' | 'REJECTED') =>
  apiRequest<AdminSponsor[]>(`/admin/sponsors/unapproved?status=${status}`, { auth: 'admin' });

/** How often an open admin console reads the pending sponsors again. */
export const PENDING_SPONSORS_REFRESH_MS = 10_000;

export function usePendingSponsors() {
  return useQuery({
    queryKey: adminKeys.pendingSponsors,
    queryFn: async () => dataOf(await getUnapprovedSponsors('PENDING')),
    refetchInterval: PENDING_SPONSORS_REFRESH_MS,
    refetchOnWindowFocus: 'always',
  });
}

export function useRejectedSponsors() {
  return useQuery({
    queryKey: adminKeys.rejectedSponsors,
    queryFn: async () => dataOf(await getUnapprovedSponsors('REJECTED')),
  });
}
