// Route guards of spec section 6: signed-in users and admins are sent away
// from the sign-in screens; anonymous visitors to /login.
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useHasAdminToken, useSession } from '@/features/accounts';

/** Renders the page only for visitors who are signed in neither as user nor as admin. */
export function AnonymousOnly({ children }: { children: ReactNode }) {
  const session = useSession();
  const isAdmin = useHasAdminToken();
  if (session || isAdmin) return <Navigate to="/dashboard" replace />;
  return children;
}
