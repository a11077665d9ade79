// POST /admin/adminLogin: email and password → { token, adminDetails }. The
// secret of the /admin/login#<secret> link goes along in its header.
import {
  ADMIN_LOGIN_SECRET_HEADER,
  type AdminLoginData,
  type AdminLoginRequest,
} from '@gets/schema';
import { apiRequest } from '@/lib/api-client';

export function adminLogin(body: AdminLoginRequest, secret: string) {
  return apiRequest<AdminLoginData>('/admin/adminLogin', {
    method: 'POST',
    body,
    auth: 'none',
    headers: { [ADMIN_LOGIN_SECRET_HEADER]: secret },
  });
}
