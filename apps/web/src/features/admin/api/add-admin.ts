// POST /admin/admins: an email (invitation) or an existing user's wallet
// becomes an admin; ADMIN_ROLE is granted on chain (through useChainAction).
import type { ActionResponse } from '@gets/schema';
import { apiRequest } from '@/lib/api-client';

export const addAdmin = (emailOrAddress: string, consentToken?: string) =>
  apiRequest<ActionResponse['data']>('/admin/admins', {
    method: 'POST',
    auth: 'admin',
    body: { emailOrAddress, consentToken },
  });
