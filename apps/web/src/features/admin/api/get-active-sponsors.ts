// GET /admin/sponsors/verified: approved sponsors with their GETS from the chain.
import { useQuery } from '@tanstack/react-query';
import type { ActiveSponsor } from '@gets/schema';
import { apiRequest } from '@/lib/api-client';
import { adminKeys, dataOf } from './keys';

export const getActiveSponsors = () =>
  apiRequest<ActiveSponsor[]>('/admin/sponsors/verified', { auth: 'admin' });

export function useActiveSponsors() {
  return useQuery({
    queryKey: adminKeys.activeSponsors,
    queryFn: async () => dataOf(await getActiveSponsors()),
  });
}
