// PUT /admin/sponsors/status: Accept (APPROVED) or Reject (REJECTED) a sponsor,
// with the spec's toasts ("Sponsor approved!", "Sponsor Rejected!", "Oops! Something went wrong!").
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TOASTS, type AccountUser, type SponsorStatusRequest } from '@gets/schema';
import { apiRequest } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { isAdminQuery } from './keys';

export const decideSponsor = (body: SponsorStatusRequest) =>
  apiRequest<AccountUser>('/admin/sponsors/status', { method: 'PUT', auth: 'admin', body });

export function useDecideSponsor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: SponsorStatusRequest) => {
      const result = await decideSponsor(body);
      if (!result.success) throw new Error(result.message);
      return result.data;
    },
    onSuccess: (_data, body) => {
      toast.success(
        body.status === 'APPROVED'
          ? TOASTS.success.sponsorApproved
          : TOASTS.success.sponsorRejected,
      );
    },
    onError: () => toast.error(TOASTS.error.generic),
    onSettled: () => queryClient.invalidateQueries({ predicate: isAdminQuery }),
  });
}
