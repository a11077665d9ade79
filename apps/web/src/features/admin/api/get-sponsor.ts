// GET /admin/sponsor/{id}: one sponsor with their GETS from the chain.
import { useQuery } from '@tanstack/react-query';
import type { ActiveSponsor } from '@gets/schema';
import { apiRequest } from '@/lib/api-client';
import { adminKeys, dataOf } from './keys';

export const getSponsor = (id: string) =>
  apiRequest<ActiveSponsor>(`/admin/sponsor/${encodeURIComponent(id)}`, { auth: 'admin' });

export function useSponsor(id: string) {
  return useQuery({
    queryKey: adminKeys.sponsor(id),
    queryFn: async () => dataOf(await getSponsor(id)),
    retry: false,
  });
}
