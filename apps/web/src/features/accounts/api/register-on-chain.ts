// POST /metakeep/register-onchain: without consentToken asks for a fresh
// registerUser consent; with it queues the on-chain registration.
import { apiRequest } from '@/lib/api-client';

export function registerOnChain(consentToken?: string) {
  return apiRequest<unknown>('/metakeep/register-onchain', {
    method: 'POST',
    body: consentToken ? { consentToken } : {},
    auth: 'user',
  });
}
