// The sponsor page's "Launched badges" (spec section 2, admin sponsor page):
// the count and the sponsor's published badge cards; a card opens the badge's
// details, as everywhere.
import { ADMIN_TEXTS } from '@gets/schema';
import { useSponsorBadgesForAdmin } from '../../api/get-sponsor-badges-for-admin';
import { BadgeGrid } from '../badge-grid';

export function LaunchedBadges({ account }: { account: string | null }) {
  const badges = useSponsorBadgesForAdmin(account);
  return (
    <section aria-labelledby="launched-badges" className="flex flex-col gap-4">
      <h2 id="launched-badges" className="text-xl font-bold text-slate-900">
        {ADMIN_TEXTS.launchedBadges}{' '}
        <span className="text-slate-500 tabular-nums">
          ({String(badges.data?.totalBadge ?? 0).padStart(2, '0')})
        </span>
      </h2>
      <BadgeGrid
        badges={badges.data?.badges ?? []}
        isLoading={account !== null && badges.isPending}
        error={badges.error}
        onRetry={badges.refetch}
        isRetrying={badges.isRefetching}
        emptyText="No badges found!"
        label={ADMIN_TEXTS.launchedBadges}
      />
    </section>
  );
}
