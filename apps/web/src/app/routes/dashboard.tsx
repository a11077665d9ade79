// /dashboard (spec section 2, landing decision): admin marker → admin
// landing; EARNER / SPONSOR → their landing; no session → /login.
import { Navigate } from 'react-router';
import { AdminLanding, useAdminSession, UserLanding, useSession } from '@/features/accounts';
import { RegisterWalletBanner } from './register-wallet-banner';

export function DashboardRoute() {
  const session = useSession();
  const admin = useAdminSession();
  if (admin) return <AdminLanding session={admin} />;
  if (session) {
    return (
      <UserLanding user={session.user}>
        {session.user.userType && !session.user.onChainId && <RegisterWalletBanner />}
      </UserLanding>
    );
  }
  return <Navigate to="/login" replace />;
}
