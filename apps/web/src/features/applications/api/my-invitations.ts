// The earner's invitations to private badges (decision 0063): GET
// /badge/invitations, and the answer to one (POST /badge/invitations/accept
// or /decline). Under the chain-state key, so the list is read again once a
// whitelisting completes (an accepted invitation then leaves it).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { WHITELIST_CSV_MESSAGES, type EarnerInvitation } from '@gets/schema';
import { apiRequest } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { APPLICATIONS_QUERY_KEY } from './keys';

const MY_INVITATIONS_KEY = [...APPLICATIONS_QUERY_KEY, 'my-invitations'] as const;

export function useMyInvitations(enabled = true) {
  return useQuery({
    queryKey: MY_INVITATIONS_KEY,
    enabled,
    retry: false,
    queryFn: async () => {
      const result = await apiRequest<EarnerInvitation[]>('/badge/invitations');
      if (!result.success) throw new Error(result.message);
      return result.data;
    },
  });
}

/** Accepts or declines one invitation; says how it went in a toast and reads the list again. */
export function useAnswerInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ badgeId, accept }: { badgeId: string; accept: boolean }) => {
      const result = await apiRequest<EarnerInvitation | null>(
        `/badge/invitations/${accept ? 'accept' : 'decline'}`,
        { method: 'POST', body: { badgeId } },
      );
      void queryClient.invalidateQueries({ queryKey: MY_INVITATIONS_KEY });
      if (!result.success) {
        toast.error(`${result.message}!`);
        return;
      }
      toast.success(
        `${accept ? WHITELIST_CSV_MESSAGES.invitationAccepted : WHITELIST_CSV_MESSAGES.invitationDeclined}!`,
      );
    },
  });
}
