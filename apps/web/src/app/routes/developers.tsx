// /developers (issue 46): an approved sponsor's API keys and webhook
// endpoints. A sponsor awaiting approval (or rejected) reads why it is
// closed; an admin or an earner goes to /dashboard, a visitor to /login (and
// back here after signing in).
import { Navigate } from 'react-router';
import { loginPath, useHasAdminToken, useSession } from '@/features/accounts';
import { DevelopersClosed, DevelopersPage, DEVELOPERS_TITLE } from '@/features/developers';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { DEVELOPERS_LINK } from '../layout/nav-links';

export function DevelopersRoute() {
  useDocumentTitle(DEVELOPERS_TITLE);
  const session = useSession();
  const isAdmin = useHasAdminToken();
  if (isAdmin) return <Navigate to="/dashboard" replace />;
  if (!session) return <Navigate to={loginPath(DEVELOPERS_LINK.to)} replace />;
  if (session.user.userType !== 'SPONSOR') return <Navigate to="/dashboard" replace />;
  if (session.user.status !== 'APPROVED') {
    return <DevelopersClosed rejected={session.user.status === 'REJECTED'} />;
  }
  return <DevelopersPage />;
}
