// POST /admin/adminLogin: email and password (and a second factor once one is
// enrolled) → { token, adminDetails }. The browser's id goes along, and the
// secret of the /admin/login#<secret> link goes along in its header.
import {
  ADMIN_LOGIN_SECRET_HEADER,
  type AdminLoginData,
  type AdminLoginRequest,
} from '@gets/schema';
import { apiRequest } from '@/lib/api-client';
import { deviceIdHeader } from '@/lib/device-id';

export function adminLogin(body: AdminLoginRequest, secret: string) {
  return apiRequest<AdminLoginData>('/admin/adminLogin', {
    method: 'POST',
    body,
    auth: 'none',
    headers: { ...deviceIdHeader(), [ADMIN_LOGIN_SECRET_HEADER]: secret },
  });
}
