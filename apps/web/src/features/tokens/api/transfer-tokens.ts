// Sending GETS: POST /token/transfer-token/metakeep (a user: to, amount, their
// email) and POST /token/transfer-token (an admin: from their own wallet).
// Called through useChainAction: without a token they answer the consent.
import type { ActionResponse } from '@gets/schema';
import { apiRequest } from '@/lib/api-client';

export type TransferAuthor = { auth: 'user'; email: string } | { auth: 'admin'; from: string };

export function transferTokens(
  author: TransferAuthor,
  transfer: { to: string; amount: string },
  consentToken?: string,
) {
  return author.auth === 'user'
    ? apiRequest<ActionResponse['data']>('/token/transfer-token/metakeep', {
        method: 'POST',
        body: { ...transfer, email: author.email, consentToken },
      })
    : apiRequest<ActionResponse['data']>('/token/transfer-token', {
        method: 'POST',
        auth: 'admin',
        body: { ...transfer, from: author.from, consentToken },
      });
}
