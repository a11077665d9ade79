// POST /credentials/{id}/offer: a single-use OpenID4VCI offer of the signed-in
// earner's credential, for their wallet to scan or open (10 minutes), with a
// transaction code the wallet asks for when the earner wants one.
import type { CredentialOffer, CredentialOfferRequest } from '@gets/schema';
import { apiRequest } from '@/lib/api-client';

export function createCredentialOffer(credentialId: string, request: CredentialOfferRequest = {}) {
  return apiRequest<CredentialOffer>(`/credentials/${encodeURIComponent(credentialId)}/offer`, {
    method: 'POST',
    body: request,
    auth: 'user',
  });
}
