// /profile (spec section 2): the signed-in user's own profile. Admins go to
// /dashboard, anonymous visitors to /login.
import { Navigate } from 'react-router';
import { ProfileForm, useHasAdminToken, useSession } from '@/features/accounts';
import { useDocumentTitle } from '@/hooks/use-document-title';

export function ProfileRoute() {
  useDocumentTitle('Profile');
  const session = useSession();
  const isAdmin = useHasAdminToken();
  if (isAdmin) return <Navigate to="/dashboard" replace />;
  if (!session) return <Navigate to="/login" replace />;
  return <ProfileForm key={session.user._id} user={session.user} />;
}
