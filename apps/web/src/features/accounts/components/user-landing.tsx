// The head of a signed-in user's /dashboard: the heading, who they are and
// their wallet address (click to copy); the dashboard itself comes as
// children. A sponsor not yet approved reads the verification notice.
import { SCREENS, SPONSOR_VERIFICATION_PROMISE_HOURS } from '@gets/schema';
import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonStyles } from '@/components/ui/button-styles';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useIsApproved } from '../api/is-approved';
import { updateStoredUser, type SessionUser } from '../lib/session';
import { PageSpinner } from './page-spinner';
import { UserAvatar } from './user-avatar';
import { WalletAddress } from './wallet-address';

/** What a rejected sponsor sees (the spec shows no screen for it). */
export const SPONSOR_REJECTED =
  'Your sponsor account was not approved, so you cannot create badges. If you think this is a mistake, please contact support.';

export const SPONSOR_UNDER_VERIFICATION = `Your account is currently under verification. The admin will review and verify your account within ${SPONSOR_VERIFICATION_PROMISE_HOURS} hours. We'll notify you once the process is complete.`;

const HEADINGS = { EARNER: 'Earner Dashboard', SPONSOR: 'Sponsor Dashboard' } as const;

export function UserLanding({ user, children }: { user: SessionUser; children?: ReactNode }) {
  useDocumentTitle('Dashboard');
  const sponsorRejected = user.userType === 'SPONSOR' && user.status === 'REJECTED';
  const sponsorPending =
    user.userType === 'SPONSOR' && user.status !== 'APPROVED' && !sponsorRejected;
  const approval = useIsApproved({ enabled: sponsorPending, userId: user._id });

  useEffect(() => {
    if (sponsorPending && approval.data === true) updateStoredUser({ status: 'APPROVED' });
  }, [sponsorPending, approval.data]);

  if (!user.userType) {
    return (
      <section className="mx-auto max-w-xl px-6 py-20 text-center">
        <h1 className="text-3xl font-bold text-slate-900">{SCREENS.unauthorized}</h1>
      </section>
    );
  }
  if (sponsorPending && approval.isPending) return <PageSpinner />;

  return (
    <section className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">
        {HEADINGS[user.userType]}
      </h1>
      <div className="mt-6 flex flex-col gap-5 rounded-3xl border border-slate-200 bg-white p-6 shadow-sm sm:flex-row sm:items-center">
        <UserAvatar user={user} size="size-16" />
        <div className="min-w-0 flex-1 space-y-1">
          <p className="text-xl font-semibold text-slate-900">{user.fullName || user.userName}</p>
          <p className="text-sm text-slate-600">
            @{user.userName} ·{' '}
            <span className="font-medium text-brand-800">
              {user.userType === 'SPONSOR' ? 'Sponsor' : 'Earner'}
            </span>
          </p>
          <div className="pt-2">
            <p className="mb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase">
              Wallet address
            </p>
            <WalletAddress address={user.account} />
          </div>
        </div>
        <Link to="/profile" className={buttonStyles.outline}>
          Edit profile
        </Link>
      </div>
      {children}
      {sponsorRejected ? (
        <p
          role="status"
          className="mt-6 rounded-2xl border border-red-200 bg-red-50 p-5 text-red-900"
        >
          {SPONSOR_REJECTED}
        </p>
      ) : sponsorPending && approval.data !== true ? (
        <p
          role="status"
          className="mt-6 rounded-2xl border border-amber-200 bg-amber-50 p-5 text-amber-900"
        >
          {SPONSOR_UNDER_VERIFICATION}
        </p>
      ) : null}
    </section>
  );
}
