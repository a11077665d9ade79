// Route guards of spec section 6: signed-in users and admins are sent away
// from the sign-in screens (to /dashboard, or to where a ?next= says: a login
// form that just succeeded goes there too, and both must agree); anonymous
// visitors to /login.
import type { ReactNode } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { NEXT_PARAM, pathAfterLogin, useHasAdminToken, useSession } from '@/features/accounts';
import { isSessionEndArrival } from '../layout/session-end-listener';

/** Renders the page only for visitors who are signed in neither as user nor as admin. */
export function AnonymousOnly({ children }: { children: ReactNode }) {
  const session = useSession();
  const isAdmin = useHasAdminToken();
  const { state } = useLocation();
  const [params] = useSearchParams();
  // Sent here because the session ended: it is forgotten right after this page shows.
  if ((session || isAdmin) && !isSessionEndArrival(state))
    return <Navigate to={pathAfterLogin(params.get(NEXT_PARAM))} replace />;
  return children;
}
