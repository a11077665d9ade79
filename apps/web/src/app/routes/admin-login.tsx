// /admin/login (spec section 2): opens only when the URL fragment is the admin
// login secret, which the server checks; otherwise it redirects to /login.
// With ?invite=<token> an invited admin sets their password there.
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { ADMIN_INVITE_QUERY_PARAM } from '@gets/schema';
import {
  AdminInvitationForm,
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
  // An invited admin's link also carries ?invite=<token>: set a password first.
  const [params] = useSearchParams();
  const invite = params.get(ADMIN_INVITE_QUERY_PARAM);

  // A signed-in user has no business here; an admin may sign in again (and
  // lands here on logout, before the session is forgotten).
  if (session) return <Navigate to="/dashboard" replace />;
  if (secret === '') return <Navigate to="/login" replace />;
  if (check.isPending) return <PageSpinner />;
  if (check.data !== true) return <Navigate to="/login" replace />;
  if (invite) return <AdminInvitationForm token={invite} secret={secret} />;
  return <AdminLoginForm secret={secret} />;
}
