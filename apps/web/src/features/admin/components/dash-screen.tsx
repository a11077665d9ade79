// The Dash screen: counts that open their screens, the admin's GET Wallet,
// and the first pending sponsors with Accept / Reject and an All link.
import type { ReactNode } from 'react';
import { APPROVALS_DASHBOARD_PREVIEW, ADMIN_TEXTS, TOKEN } from '@gets/schema';
import { useAdminSession, WalletAddress } from '@/features/accounts';
import { useBalances } from '@/features/staking';
import { useActiveSponsorCount } from '../api/get-active-sponsors';
import { usePendingSponsors } from '../api/get-pending-sponsors';
import { useAdminMenu } from '../hooks/use-admin-menu';
import { CountCard } from './count-card';
import { PendingSponsorItem } from './pending-sponsor-item';
import { QueryError } from '@/components/ui/query-error';
import { EmptyState } from '@/components/ui/empty-state';
import { formatAmount } from '@/lib/format';

export function DashScreen({ extraCards }: { extraCards?: ReactNode }) {
  const { open } = useAdminMenu();
  const pending = usePendingSponsors();
  const activeCount = useActiveSponsorCount();
  return (
    <div className="flex flex-col gap-8">
      <h2 className="text-2xl font-bold text-slate-900">Dashboard</h2>
      <div className="grid grid-cols-4 gap-4">
        <CountCard
          label="Pending approvals"
          count={pending.data?.length}
          onOpen={() => open('approvals')}
        />
        <CountCard label="Active sponsors" count={activeCount} onOpen={() => open('active')} />
        {extraCards}
      </div>
      <div className="grid grid-cols-5 gap-6">
        <section aria-labelledby="pending-preview" className="col-span-3">
          <div className="mb-3 flex items-center justify-between">
            <h3 id="pending-preview" className="font-semibold text-slate-900">
              {ADMIN_TEXTS.pendingApprovalsHeading}
            </h3>
            <button
              type="button"
              onClick={() => open('approvals')}
              className="text-sm font-semibold text-brand-700 hover:underline"
            >
              All
            </button>
          </div>
          {pending.isError ? (
            <QueryError
              error={pending.error}
              onRetry={pending.refetch}
              isRetrying={pending.isRefetching}
            />
          ) : pending.data?.length === 0 ? (
            <EmptyState>{ADMIN_TEXTS.noSponsors}</EmptyState>
          ) : (
            <ul className="flex flex-col gap-3">
              {pending.data?.slice(0, APPROVALS_DASHBOARD_PREVIEW).map((sponsor) => (
                <PendingSponsorItem key={sponsor._id} sponsor={sponsor} compact />
              ))}
            </ul>
          )}
        </section>
        <GetWalletPanel />
      </div>
    </div>
  );
}

/** The admin's wallet: address with copy and its GETS, read from the chain. */
function GetWalletPanel() {
  const session = useAdminSession();
  const balances = useBalances({ auth: 'admin' });
  return (
    <section
      aria-labelledby="get-wallet"
      className="col-span-2 rounded-2xl bg-brand-950 p-6 text-white shadow-sm"
    >
      <h3 id="get-wallet" className="text-sm font-semibold tracking-widest text-brand-200">
        GET Wallet
      </h3>
      <p className="mt-4 text-3xl font-bold tabular-nums">
        {balances.data ? formatAmount(balances.data.userBalance) : '–'}{' '}
        <span className="text-base font-semibold text-brand-200">{TOKEN.symbol}</span>
      </p>
      <div className="mt-4">
        <WalletAddress address={balances.data?.account ?? session?.adminDetails.account ?? null} />
      </div>
    </section>
  );
}
