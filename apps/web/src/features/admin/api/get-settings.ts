// GET /admin/settings: the claim, approval and lock periods (days), from the chain.
import { useQuery } from '@tanstack/react-query';
import type { PlatformSettingsData } from '@gets/schema';
import { apiRequest } from '@/lib/api-client';
import { adminKeys, dataOf } from './keys';

export const getSettings = () =>
  apiRequest<PlatformSettingsData>('/admin/settings', { auth: 'admin' });

export function useSettings() {
  return useQuery({
    queryKey: adminKeys.settings,
    queryFn: async () => dataOf(await getSettings()),
  });
}
