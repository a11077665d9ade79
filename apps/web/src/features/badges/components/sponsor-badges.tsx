// The signed-in sponsor's badges on their dashboard: published and drafts,
// each card opening the details modal (Publish, Edit Draft, Delete Draft...).
// The dashboard around it shows the counts and the Create Badge link. A
// published badge an admin has not approved yet says so under its card.
import { useSponsorBadges } from '../api/get-sponsor-badges';
import { BadgeGrid } from './badge-grid';
import { WaitingForAdminNote } from './badge-status-note';

export function SponsorBadges() {
  const mine = useSponsorBadges();
  const all = mine.data ?? [];
  const published = all.filter((b) => !b.isDraft);
  const drafts = all.filter((b) => b.isDraft);
  return (
    <div className="space-y-10">
      <section aria-labelledby="published-badges-heading">
        <h2 id="published-badges-heading" className="mb-4 text-xl font-bold text-slate-900">
          Published badges
        </h2>
        <BadgeGrid
          label="Published badges"
          badges={published}
          isLoading={mine.isPending}
          error={mine.error}
          onRetry={mine.refetch}
          isRetrying={mine.isRefetching}
          emptyText="You have not published any badges yet."
          note={(badge) => <WaitingForAdminNote badge={badge} />}
        />
      </section>
      <section aria-labelledby="draft-badges-heading">
        <h2 id="draft-badges-heading" className="mb-4 text-xl font-bold text-slate-900">
          Draft badges
        </h2>
        <BadgeGrid
          label="Draft badges"
          badges={drafts}
          isLoading={mine.isPending}
          error={mine.error}
          onRetry={mine.refetch}
          isRetrying={mine.isRefetching}
          emptyText="You have no drafts."
        />
      </section>
    </div>
  );
}
