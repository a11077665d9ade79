// The approved sponsor's dashboard (spec section 2), under the landing's
// heading and wallet address: the banner carousel; GET TOKENS, GIVE TOKENS,
// STAKE TOKENS (/stake) and Create Badge; the GETS awarded in their badges;
// the cards GETS, DRAFT BADGES and STAKED; their published and draft badges;
// and their Award Winners.
import { TOKEN } from '@gets/schema';
import type { SessionUser } from '@/features/accounts';
import { SponsorBadges, useSponsorBadges } from '@/features/badges';
import { useBalances } from '@/features/staking';
import { useAwardWinners, useTotalAwards } from '../api/get-sponsor-awards';
import { AwardWinners } from './award-winners';
import { BannerCarousel } from './banner-carousel';
import { DashboardActions } from './dashboard-actions';
import { LoadingOverlay, StatCard } from './stat-card';
import { QueryError } from '@/components/ui/query-error';
import { formatAmount } from '@/lib/format';

export function SponsorDashboard({ user }: { user: SessionUser }) {
  const balances = useBalances({ auth: 'user' });
  const badges = useSponsorBadges();
  const totals = useTotalAwards(user.account);
  const winners = useAwardWinners(user.account);
  const drafts = badges.data?.filter((b) => b.isDraft).length ?? null;
  const loading = balances.isLoading || totals.isLoading || winners.isLoading;
  return (
    <div className="mt-8 space-y-10">
      {loading && <LoadingOverlay label="Loading your dashboard" />}
      <BannerCarousel />
      <DashboardActions
        links={[
          { to: '/stake', label: 'STAKE TOKENS' },
          { to: '/badge', label: 'Create Badge' },
        ]}
      />
      <p className="rounded-2xl border border-brand-200 bg-brand-50 p-5 text-brand-950">
        Total tokens awarded in badges:{' '}
        <span className="text-xl font-bold">
          {totals.data ? `${formatAmount(totals.data.totalTokens)} ${TOKEN.symbol}` : '…'}
        </span>
        {totals.data && (
          <span className="ml-2 text-sm text-brand-800">
            ({totals.data.totalAwards} {totals.data.totalAwards === 1 ? 'award' : 'awards'})
          </span>
        )}
      </p>
      <div className="grid gap-4 sm:grid-cols-3">
        <StatCard label="GETS" value={balances.data?.userBalance ?? null} />
        <StatCard label="DRAFT BADGES" value={drafts} />
        <StatCard label="STAKED" value={balances.data?.stakingBalance ?? null} />
      </div>
      <SponsorBadges />
      {winners.isError ? (
        <QueryError
          error={winners.error}
          onRetry={winners.refetch}
          isRetrying={winners.isRefetching}
        />
      ) : (
        <AwardWinners winners={winners.data ?? []} />
      )}
    </div>
  );
}
