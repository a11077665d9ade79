// Route guards of spec section 6: signed-in users and admins are sent away
// from the sign-in screens; anonymous visitors to /login.
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useHasAdminToken, useSession } from '@/features/accounts';
import { isSessionEndArrival } from '../layout/session-end-listener';

/** Renders the page only for visitors who are signed in neither as user nor as admin. */
export function AnonymousOnly({ children }: { children: ReactNode }) {
  const session = useSession();
  const isAdmin = useHasAdminToken();
  const { state } = useLocation();
  // Sent here because the session ended: it is forgotten right after this page shows.
  if ((session || isAdmin) && !isSessionEndArrival(state))
    return <Navigate to="/dashboard" replace />;
  return children;
}
