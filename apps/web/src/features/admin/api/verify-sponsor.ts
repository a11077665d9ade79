// PUT /admin/change/verified-status: "Verifying sponsor..." then "Sponsor verified!"
// (or "Verifying sponsor failed!").
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TOASTS, type AccountUser } from '@gets/schema';
import { apiRequest } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { CHAIN_STATE_QUERY_KEY } from '@/features/custody';

export const verifySponsor = (userId: string) =>
  apiRequest<AccountUser>('/admin/change/verified-status', {
    method: 'PUT',
    auth: 'admin',
    body: { userId, isVerified: true },
  });

export function useVerifySponsor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (userId: string) => {
      const loading = toast.loading(TOASTS.loading.verifyingSponsor);
      const result = await verifySponsor(userId);
      if (!result.success) {
        toast.error(TOASTS.error.verifyingSponsorFailed, {
          id: loading,
          description: result.message,
        });
        throw new Error(result.message);
      }
      toast.success(TOASTS.success.sponsorVerified, { id: loading });
      return result.data;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: CHAIN_STATE_QUERY_KEY }),
  });
}
