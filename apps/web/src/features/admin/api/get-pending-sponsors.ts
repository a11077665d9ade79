// GET /admin/sponsors/unapproved: sponsors waiting for a decision, oldest
// first; with ?status=REJECTED, the rejected ones (an admin may still accept them).
import { useQuery } from '@tanstack/react-query';
import type { AdminSponsor } from '@gets/schema';
import { apiRequest } from '@/lib/api-client';
import { adminKeys, dataOf } from './keys';

export const getUnapprovedSponsors = (status: 'PENDING' | 'REJECTED') =>
  apiRequest<AdminSponsor[]>(`/admin/sponsors/unapproved?status=${status}`, { auth: 'admin' });

export function usePendingSponsors() {
  return useQuery({
    queryKey: adminKeys.pendingSponsors,
    queryFn: async () => dataOf(await getUnapprovedSponsors('PENDING')),
  });
}

export function useRejectedSponsors() {
  return useQuery({
    queryKey: adminKeys.rejectedSponsors,
    queryFn: async () => dataOf(await getUnapprovedSponsors('REJECTED')),
  });
}
