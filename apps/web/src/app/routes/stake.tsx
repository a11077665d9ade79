// /stake, "Community Treasure": a signed-in user stakes; an admin's treasury
// screen is in the admin area; a visitor is asked to log in first (spec
// section 6: visitors cannot stake).
import { Link, Navigate } from 'react-router';
import { TOKEN } from '@gets/schema';
import { buttonStyles } from '@/components/ui/button-styles';
import { useAdminSession, useSession } from '@/features/accounts';
import { adminMenuPath } from '@/features/admin';
import { StakePage } from '@/features/staking';
import { useDocumentTitle } from '@/hooks/use-document-title';

export function StakeRoute() {
  useDocumentTitle('Community Treasure');
  const session = useSession();
  const admin = useAdminSession();
  if (admin) return <Navigate to={adminMenuPath('community')} replace />;
  if (session) return <StakePage user={session.user} />;
  return (
    <section className="mx-auto max-w-xl px-6 py-20 text-center">
      <h1 className="text-3xl font-bold text-slate-900">Community Treasure</h1>
      <p className="mt-4 text-slate-600">
        Stake {TOKEN.symbol} into the Community Treasure for a lock period. Log in to see your
        balance and stake.
      </p>
      <Link to="/login" className={`${buttonStyles.primary} mt-6`}>
        Log in to stake
      </Link>
    </section>
  );
}
