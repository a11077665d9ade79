// POST /credentials/{id}/offer: a single-use OpenID4VCI offer of the signed-in
// earner's credential, for their wallet to scan or open (10 minutes).
import type { CredentialOffer } from '@gets/schema';
import { apiRequest } from '@/lib/api-client';

export function createCredentialOffer(credentialId: string) {
  return apiRequest<CredentialOffer>(`/credentials/${encodeURIComponent(credentialId)}/offer`, {
    method: 'POST',
    auth: 'user',
  });
}
