// The admin's landing on /dashboard, until the admin dashboard is built: who
// is signed in and Log out. Says plainly that the rest is not here yet.
import { ADMIN_DASHBOARD_MIN_WIDTH_PX } from '@gets/schema';
import { buttonStyles } from '@/components/ui/button-styles';
import { useMediaQuery } from '@/hooks/use-media-query';
import type { AdminSession } from '../lib/admin-session';
import { useAdminLogout } from './user-menu';
import { WalletAddress } from './wallet-address';

export function AdminLanding({ session }: { session: AdminSession }) {
  const logout = useAdminLogout();
  const narrow = useMediaQuery(`(max-width: ${ADMIN_DASHBOARD_MIN_WIDTH_PX - 1}px)`);
  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6">
      <p className="text-sm font-semibold tracking-widest text-brand-700">ADMIN</p>
      <h1 className="mt-1 text-3xl font-bold tracking-tight text-slate-900">Admin Dashboard</h1>
      {narrow && (
        <p className="mt-4 rounded-2xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900">
          The admin dashboard is optimised for larger screens. Please switch to a desktop.
        </p>
      )}
      <div className="mt-6 rounded-3xl border border-slate-200 bg-white p-6 shadow-sm">
        <p className="text-sm text-slate-600">Signed in as</p>
        <p className="text-lg font-semibold break-all text-slate-900">
          {session.adminDetails.email || 'Administrator'}
        </p>
        <div className="mt-3">
          <p className="mb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase">
            Admin wallet
          </p>
          <WalletAddress address={session.adminDetails.account} />
        </div>
        <p className="mt-5 text-sm text-slate-600">
          The admin dashboard (sponsor approvals, badges, Community Treasure, settings) is built in
          a later issue; it is not available yet.
        </p>
        <button type="button" onClick={logout} className={`${buttonStyles.primary} mt-6`}>
          Log out
        </button>
      </div>
    </section>
  );
}
