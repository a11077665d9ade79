// /dashboard (spec section 2, landing decision): admin marker → the admin
// area, one screen per ?menu= key; EARNER → earner dashboard; SPONSOR →
// sponsor dashboard once approved (else the verification notice); no session
// → /login.
import { Navigate } from 'react-router';
import { UserLanding, useAdminSession, useSession } from '@/features/accounts';
import { AdminShell, useAdminMenu } from '@/features/admin';
import { EarnerDashboard, SponsorDashboard } from '@/features/applications';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { ADMIN_SCREENS } from './admin-screens';
import { RegisterWalletBanner } from './register-wallet-banner';

export function DashboardRoute() {
  const session = useSession();
  const admin = useAdminSession();
  if (admin) return <AdminConsole />;
  if (session) {
    return (
      <UserLanding user={session.user}>
        {session.user.userType && !session.user.onChainId && <RegisterWalletBanner />}
        {session.user.userType === 'EARNER' && <EarnerDashboard user={session.user} />}
        {session.user.userType === 'SPONSOR' && session.user.status === 'APPROVED' && (
          <SponsorDashboard user={session.user} />
        )}
      </UserLanding>
    );
  }
  return <Navigate to="/login" replace />;
}

function AdminConsole() {
  useDocumentTitle('Admin');
  const { current } = useAdminMenu(ADMIN_SCREENS);
  const Screen = ADMIN_SCREENS[current] ?? ADMIN_SCREENS.dash!;
  return (
    <AdminShell screens={ADMIN_SCREENS} active={current}>
      <Screen />
    </AdminShell>
  );
}
