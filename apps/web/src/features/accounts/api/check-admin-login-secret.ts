// POST /admin-auth/admin-login-secret: whether the URL fragment opens the
// admin login page (the server holds the secret; the page redirects if not).
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export async function checkAdminLoginSecret(secret: string): Promise<boolean> {
  if (secret === '') return false;
  const result = await apiRequest<boolean>('/admin-auth/admin-login-secret', {
    method: 'POST',
    body: { secret },
    auth: 'none',
  });
  return result.success && result.data === true;
}

export function useAdminLoginSecretCheck(secret: string) {
  return useQuery({
    queryKey: ['accounts', 'admin-login-secret', secret],
    queryFn: () => checkAdminLoginSecret(secret),
    staleTime: Infinity,
    retry: false,
  });
}
