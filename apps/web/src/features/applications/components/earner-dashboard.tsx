// The earner dashboard (spec section 2), under the landing's heading and
// wallet address: GET TOKENS, EARNER FREEDOM AWARD (/stake), GIVE TOKENS; the
// cards GETS (from chain), STAKED and MY AWARDS (0, as the spec has it); the
// earner's open invitations to private badges, when there are any (decision
// 0063); the earner's badges; "My Applications"; a full-screen loading
// overlay while it loads.
import type { SessionUser } from '@/features/accounts';
import { useBalances } from '@/features/staking';
import { useEarnedBadges } from '../api/get-earned-badges';
import { useMyApplications } from '../api/get-my-applications';
import { DashboardActions } from './dashboard-actions';
import { EarnerInvitations } from './earner-invitations';
import { EarnedBadges } from './earned-badges';
import { MyApplications } from './my-applications';
import { LoadingOverlay, StatCard } from './stat-card';
import { QueryError } from '@/components/ui/query-error';

/**
 * MY AWARDS reads 0, always (spec section 2, Earner dashboard: "MY AWARDS (always 0)"): an earner
 * gives no awards. The badges they earned are listed under My Badges.
 */
export const MY_AWARDS = 0;

export function EarnerDashboard({ user }: { user: SessionUser }) {
  const balances = useBalances({ auth: 'user' });
  const earned = useEarnedBadges(user.account);
  const applications = useMyApplications(user.account);
  const loading = balances.isLoading || earned.isLoading || applications.isLoading;
  return (
    <div className="mt-8 space-y-10">
      {loading && <LoadingOverlay label="Loading your dashboard" />}
      <DashboardActions links={[{ to: '/stake', label: 'EARNER FREEDOM AWARD' }]} />
      <div className="grid gap-4 sm:grid-cols-3">
        <StatCard label="GETS" value={balances.data?.userBalance ?? null} />
        <StatCard label="STAKED" value={balances.data?.stakingBalance ?? null} />
        <StatCard label="MY AWARDS" value={MY_AWARDS} />
      </div>
      <EarnerInvitations />
      {/* A failed read shows its error, not "You have not earned any badges yet!". */}
      {earned.isError ? (
        <QueryError
          error={earned.error}
          onRetry={earned.refetch}
          isRetrying={earned.isRefetching}
        />
      ) : (
        <EarnedBadges awards={earned.data ?? []} />
      )}
      {applications.isError ? (
        <QueryError
          error={applications.error}
          onRetry={applications.refetch}
          isRetrying={applications.isRefetching}
        />
      ) : (
        <MyApplications applications={applications.data ?? []} email={user.email} />
      )}
    </div>
  );
}
