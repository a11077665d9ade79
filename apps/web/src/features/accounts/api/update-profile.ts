// POST /user/updateProfile: full name and picture of the signed-in user.
import type { AccountUser, UpdateProfileRequest } from '@gets/schema';
import { apiRequest } from '@/lib/api-client';

export function updateProfile(body: UpdateProfileRequest) {
  return apiRequest<AccountUser>('/user/updateProfile', { method: 'POST', body });
}
