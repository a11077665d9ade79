// /profile (spec section 2): the signed-in user's own profile, and below it
// the Security section (issue 45), whose code loads with it. Admins go to
// /dashboard, anonymous visitors to /login.
import { lazy, Suspense } from 'react';
import { Navigate } from 'react-router';
import { PageSpinner, ProfileForm, useHasAdminToken, useSession } from '@/features/accounts';
import { useDocumentTitle } from '@/hooks/use-document-title';

const SecurityPanel = lazy(() =>
  import('@/features/security').then((module) => ({ default: module.SecurityPanel })),
);

export function ProfileRoute() {
  useDocumentTitle('Profile');
  const session = useSession();
  const isAdmin = useHasAdminToken();
  if (isAdmin) return <Navigate to="/dashboard" replace />;
  if (!session) return <Navigate to="/login" replace />;
  return (
    <>
      <ProfileForm key={session.user._id} user={session.user} />
      <div className="mx-auto w-full max-w-2xl px-4 pb-16">
        <Suspense fallback={<PageSpinner />}>
          <SecurityPanel actor="user" />
        </Suspense>
      </div>
    </>
  );
}
