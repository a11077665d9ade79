// POST /metakeep: registration with the mailed OTP. The answer signs the
// person in and carries the consent for the on-chain registration.
import type { RegisterData, RegisterRequest } from '@gets/schema';
import { apiRequest } from '@/lib/api-client';

export function register(body: RegisterRequest) {
  return apiRequest<RegisterData>('/metakeep', { method: 'POST', body, auth: 'none' });
}
