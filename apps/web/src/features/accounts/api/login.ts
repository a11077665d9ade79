// POST /metakeep/auth/login: email and password (and a second factor once one
// is enrolled) → { token, user }. The browser's id goes along (lib/device-id.ts).
import type { AuthData, LoginRequest } from '@gets/schema';
import { apiRequest } from '@/lib/api-client';
import { deviceIdHeader } from '@/lib/device-id';

export function login(body: LoginRequest) {
  return apiRequest<AuthData>('/metakeep/auth/login', {
    method: 'POST',
    body,
    auth: 'none',
    headers: deviceIdHeader(),
  });
}
