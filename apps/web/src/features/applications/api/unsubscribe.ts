// The unsubscribe link of an invitation mail: the invitee has no account, so
// the call goes without a session; the token from the link is the proof.
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export function useUnsubscribeFromInvitations() {
  return useMutation({
    mutationFn: async (token: string) => {
      const result = await apiRequest<null>('/badge/whitelist/invitations/unsubscribe', {
        method: 'POST',
        body: { token },
        auth: 'none',
      });
      if (!result.success) throw new Error(result.message);
      return result.message;
    },
  });
}
