// POST /user/logout and POST /admin/logout: end the bearer session on the
// server. The browser forgets the session whatever the answer (the server may
// already have expired it).
import { apiRequest } from '@/lib/api-client';

const PATHS = { user: '/user/logout', admin: '/admin/logout' } as const;

export function logout(auth: 'user' | 'admin') {
  return apiRequest<null>(PATHS[auth], { method: 'POST', auth, reportsSessionEnd: false });
}
