// POST /admin/credentials/{id}/revoke { reason }: the admin's revocation. No
// chain action (the status list is off chain), so no consent. Success toasts
// "Credential revoked"; a refusal rejects with the server's message for the
// dialog to show. Either way the badge lists refetch (a 409 means the list was stale).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CREDENTIAL_MESSAGES, type RevokeCredentialRequest } from '@gets/schema';
import { apiRequest } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { BADGE_CREDENTIALS_QUERY_KEY } from './get-badge-credentials';

export function revokeCredential(credentialId: string, body: RevokeCredentialRequest) {
  return apiRequest<{ id: string; revokedAt: string }>(
    `/admin/credentials/${encodeURIComponent(credentialId)}/revoke`,
    { method: 'POST', auth: 'admin', body },
  );
}

export function useRevokeCredential() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ credentialId, reason }: { credentialId: string; reason: string }) => {
      const result = await revokeCredential(credentialId, { reason });
      if (!result.success) throw new Error(result.message);
      toast.success(CREDENTIAL_MESSAGES.revoked);
      return result.data;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: BADGE_CREDENTIALS_QUERY_KEY }),
  });
}
