// DELETE /admin/admins/{id}: another admin's ADMIN_ROLE is revoked on chain
// (through useChainAction).
import type { ActionResponse } from '@gets/schema';
import { apiRequest } from '@/lib/api-client';

export const removeAdmin = (id: string, consentToken?: string) =>
  apiRequest<ActionResponse['data']>(`/admin/admins/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    auth: 'admin',
    body: { consentToken },
  });
