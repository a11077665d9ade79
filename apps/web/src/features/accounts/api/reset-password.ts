// POST /admin-auth/reset-password: uses the reset OTP and sets the new password.
import type { ResetPasswordRequest } from '@gets/schema';
import { apiRequest } from '@/lib/api-client';

export function resetPassword(body: ResetPasswordRequest) {
  return apiRequest<null>('/admin-auth/reset-password', { method: 'POST', body, auth: 'none' });
}
