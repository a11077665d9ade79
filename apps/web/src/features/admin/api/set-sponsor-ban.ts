// PUT /admin/sponsors/ban-status: ban a sponsor or lift the ban (the server's
// message, with "!", as the toast; a failure shows its message plus "!").
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminSponsor, BanStatusRequest } from '@gets/schema';
import { apiRequest } from '@/lib/api-client';
import { showApiError, showApiSuccess } from '@/lib/api-feedback';
import { isAdminQuery } from './keys';
import { CHAIN_STATE_QUERY_KEY } from '@/features/custody';

export const setSponsorBan = (body: BanStatusRequest) =>
  apiRequest<AdminSponsor>('/admin/sponsors/ban-status', { method: 'PUT', auth: 'admin', body });

export function useSetSponsorBan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: BanStatusRequest) => {
      const result = await setSponsorBan(body);
      if (!result.success) {
        showApiError(result);
        throw new Error(result.message);
      }
      showApiSuccess(result);
      return result.data;
    },
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: CHAIN_STATE_QUERY_KEY });
      await queryClient.invalidateQueries({ predicate: isAdminQuery });
    },
  });
}
