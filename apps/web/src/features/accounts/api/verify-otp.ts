// POST /admin-auth/verify-otp: checks a code without using it up.
import { apiRequest } from '@/lib/api-client';

export function verifyOtp(body: { email: string; otp: string }) {
  return apiRequest<{ email: string; purpose: 'REGISTER' | 'RESET' }>('/admin-auth/verify-otp', {
    method: 'POST',
    body,
    auth: 'none',
  });
}
