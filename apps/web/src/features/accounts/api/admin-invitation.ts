// An invited admin's link: POST /admin/invitation (which email it is for) and
// POST /admin/invitation/accept (sets the password and signs in; the admin
// login secret of the link goes along in its header).
import { useQuery } from '@tanstack/react-query';
import { ADMIN_LOGIN_SECRET_HEADER, type AdminLoginData } from '@gets/schema';
import { apiRequest } from '@/lib/api-client';

export function useAdminInvitation(token: string) {
  return useQuery({
    queryKey: ['accounts', 'admin-invitation', token],
    queryFn: async () => {
      const result = await apiRequest<{ email: string; expiresAt: string }>('/admin/invitation', {
        method: 'POST',
        auth: 'none',
        body: { token },
      });
      if (!result.success) throw new Error(result.message);
      return result.data;
    },
    retry: false,
  });
}

export function acceptAdminInvitation(body: { token: string; password: string }, secret: string) {
  return apiRequest<AdminLoginData>('/admin/invitation/accept', {
    method: 'POST',
    body,
    auth: 'none',
    headers: { [ADMIN_LOGIN_SECRET_HEADER]: secret },
  });
}
