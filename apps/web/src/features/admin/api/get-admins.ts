// GET /admin/admins: the Managers column.
import { useQuery } from '@tanstack/react-query';
import type { AdminAccount } from '@gets/schema';
import { apiRequest } from '@/lib/api-client';
import { adminKeys, dataOf } from './keys';

export const getAdmins = () => apiRequest<AdminAccount[]>('/admin/admins', { auth: 'admin' });

export function useAdmins() {
  return useQuery({
    queryKey: adminKeys.admins,
    queryFn: async () => dataOf(await getAdmins()),
  });
}
