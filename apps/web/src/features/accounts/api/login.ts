// POST /metakeep/auth/login: email and password → { token, user }.
import type { AuthData, LoginRequest } from '@gets/schema';
import { apiRequest } from '@/lib/api-client';

export function login(body: LoginRequest) {
  return apiRequest<AuthData>('/metakeep/auth/login', { method: 'POST', body, auth: 'none' });
}
