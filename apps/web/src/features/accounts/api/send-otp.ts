// POST /admin-auth/send-verification-email and POST /admin-auth/reset-password/mail:
// the two OTP mails. "A flag picks between this and the verification call"
// (spec section 7): `purpose` is that flag.
import type { z } from 'zod';
import type { otpSentDataSchema } from '@gets/schema';
import { apiRequest } from '@/lib/api-client';

export type OtpSent = z.infer<typeof otpSentDataSchema>;
export type OtpPurpose = 'register' | 'reset';

const PATHS: Record<OtpPurpose, string> = {
  register: '/admin-auth/send-verification-email',
  reset: '/admin-auth/reset-password/mail',
};

export function sendOtp(email: string, purpose: OtpPurpose) {
  return apiRequest<OtpSent>(PATHS[purpose], { method: 'POST', body: { email }, auth: 'none' });
}
