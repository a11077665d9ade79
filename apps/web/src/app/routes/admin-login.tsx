// /admin/login (spec section 2): opens only when the URL fragment is the admin
// login secret, which the server checks; otherwise it redirects to /login.
import { Navigate, useLocation } from 'react-router';
import {
  AdminLoginForm,
  PageSpinner,
  useAdminLoginSecretCheck,
  useSession,
} from '@/features/accounts';
import { useDocumentTitle } from '@/hooks/use-document-title';

export function AdminLoginRoute() {
  useDocumentTitle('Admin Login');
  const { hash } = useLocation();
  const secret = decodeURIComponent(hash.replace(/^#/, ''));
  const session = useSession();
  const check = useAdminLoginSecretCheck(secret);

  // A signed-in user has no business here; an admin may sign in again (and
  // lands here on logout, before the session is forgotten).
  if (session) return <Navigate to="/dashboard" replace />;
  if (secret === '') return <Navigate to="/login" replace />;
  if (check.isPending) return <PageSpinner />;
  if (check.data !== true) return <Navigate to="/login" replace />;
  return <AdminLoginForm secret={secret} />;
}
