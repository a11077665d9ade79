// GET /user/me: the signed-in user as the server has it now.
import type { AccountUser } from '@gets/schema';
import { apiRequest } from '@/lib/api-client';

export function getMe() {
  return apiRequest<AccountUser>('/user/me');
}
