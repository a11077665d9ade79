// Pending badge approvals (admin, menu key badgeApprovals): badges waiting
// UNDER_VERIFICATION, 3 at first and See more for all, filtered All / Public /
// Private, with the approval period notice; Verify details opens the side panel.
import { useState } from 'react';
import { PENDING_BADGE_APPROVALS_PAGE_SIZE, BADGE_PAGE_MAX, type Badge } from '@gets/schema';
import { buttonStyles } from '@/components/ui/button-styles';
import { Spinner } from '@/features/custody';
import { useAdminBadges } from '../../api/get-admin-badges';
import { AdminBadgeCard } from './admin-badge-card';
import { BadgeSidePanel } from './badge-side-panel';
import { QueryError } from '@/components/ui/query-error';
import { EmptyState } from '@/components/ui/empty-state';

type Access = '' | 'public' | 'private';
const ACCESS_OPTIONS: { value: Access; label: string }[] = [
  { value: '', label: 'All' },
  { value: 'public', label: 'Public' },
  { value: 'private', label: 'Private' },
];

const approvalNotice = (days: number) =>
  `Approve badges within ${days} days or they will be removed`;

export function PendingBadgeApprovals() {
  const [access, setAccess] = useState<Access>('');
  const [showAll, setShowAll] = useState(false);
  const [selected, setSelected] = useState<Badge | null>(null);
  const list = useAdminBadges({
    status: 'UNDER_VERIFICATION',
    badgeAccess: access,
    limit: showAll ? BADGE_PAGE_MAX : PENDING_BADGE_APPROVALS_PAGE_SIZE,
  });

  return (
    <section aria-labelledby="pending-badges-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="pending-badges-heading" className="text-xl font-bold text-slate-900">
          Pending badge approvals{' '}
          {list.total !== null && <span className="text-slate-500">({list.total})</span>}
        </h2>
        <div role="group" aria-label="Badge access" className="flex rounded-full bg-slate-100 p-1">
          {ACCESS_OPTIONS.map((option) => (
            <button
              key={option.label}
              type="button"
              aria-pressed={access === option.value}
              onClick={() => setAccess(option.value)}
              className={`rounded-full px-4 py-1.5 text-sm font-medium ${
                access === option.value ? 'bg-white text-brand-900 shadow' : 'text-slate-600'
              }`}
            >
              {option.label}
            </button>
          ))}
        </div>
      </div>
      {list.approvalPeriod !== null && (
        <p className="rounded-xl border border-orange-200 bg-orange-50 px-4 py-2 text-sm text-orange-900">
          {approvalNotice(list.approvalPeriod)}
        </p>
      )}
      {list.isPending ? (
        <div role="status" className="flex items-center gap-2 text-slate-600">
          <Spinner /> Loading badges...
        </div>
      ) : list.error ? (
        <QueryError error={list.error} onRetry={list.refetch} isRetrying={list.isRefetching} />
      ) : list.badges.length === 0 ? (
        <EmptyState>No badges found!</EmptyState>
      ) : (
        <ul aria-label="Pending badges" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {list.badges.map((badge) => (
            <li key={badge._id}>
              <AdminBadgeCard badge={badge} onOpen={setSelected} />
            </li>
          ))}
        </ul>
      )}
      {list.hasNextPage && (
        <button
          type="button"
          className={buttonStyles.outline}
          disabled={list.isFetchingNextPage}
          onClick={() => (showAll ? void list.fetchNextPage() : setShowAll(true))}
        >
          See more
        </button>
      )}
      {selected && <BadgeSidePanel badge={selected} onClose={() => setSelected(null)} />}
    </section>
  );
}
