// /admin/login (spec section 2): opens only when the URL fragment is the admin
// login secret, which the server checks; otherwise it redirects to /login.
import { Navigate, useLocation } from 'react-router';
import {
  AdminLoginForm,
  PageSpinner,
  useAdminLoginSecretCheck,
  useHasAdminToken,
  useSession,
} from '@/features/accounts';
import { useDocumentTitle } from '@/hooks/use-document-title';

export function AdminLoginRoute() {
  useDocumentTitle('Admin Login');
  const { hash } = useLocation();
  const secret = decodeURIComponent(hash.replace(/^#/, ''));
  const session = useSession();
  const isAdmin = useHasAdminToken();
  const check = useAdminLoginSecretCheck(secret);

  if (isAdmin || session) return <Navigate to="/dashboard" replace />;
  if (secret === '') return <Navigate to="/login" replace />;
  if (check.isPending) return <PageSpinner />;
  if (check.data !== true) return <Navigate to="/login" replace />;
  return <AdminLoginForm secret={secret} />;
}
