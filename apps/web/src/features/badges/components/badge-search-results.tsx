// The Search page's list (spec section 2): badges whose name contains the
// search text (searched by the server), "Click To Apply" for earners, else
// "Badge List"; each row the image with its QR, name, evidence, Award
// Criteria, Badge No. and the reward in GETS, and (beyond the spec) the batch
// expiry, the expiry and the claim period an earner reads before applying
// (decision 0067); "No Badge Found!" when none.
import { EMPTY_STATES, TOKEN, type Badge } from '@gets/schema';
import { buttonStyles } from '@/components/ui/button-styles';
import { Spinner } from '@/features/custody';
import { useBadgeList } from '../api/get-badge-list';
import { qrValueOf } from '../lib/badge-links';
import { QrCode } from '@/components/ui/qr-code';
import { useSelectBadge } from './badge-details-context';
import { QueryError } from '@/components/ui/query-error';
import { EmptyState } from '@/components/ui/empty-state';
import { formatAmount, formatDate } from '@/lib/format';
import { BADGE_DATE_LABELS, EXPIRY_UNSET } from './badge-card';
import { ClaimPeriodText } from './claim-period';

function ResultRow({ badge }: { badge: Badge }) {
  const select = useSelectBadge();
  return (
    <li>
      <div className="relative grid w-full grid-cols-[5rem_1fr] gap-4 rounded-2xl border border-slate-200 bg-white p-4 text-left transition hover:border-brand-300 hover:shadow-md sm:grid-cols-[6rem_1fr_auto]">
        <span className="relative block aspect-square overflow-hidden rounded-xl bg-slate-100">
          <img src={badge.image} alt={`${badge.name} image`} className="size-full object-cover" />
          <span className="absolute right-1 bottom-1">
            <QrCode value={qrValueOf(badge)} size={28} label={`QR code of ${badge.name}`} />
          </span>
        </span>
        <span className="min-w-0 space-y-1">
          <button
            type="button"
            onClick={() => select(badge)}
            aria-label={`${badge.name}: open details`}
            className="block w-full truncate text-left text-base font-semibold text-slate-900 after:absolute after:inset-0 after:rounded-2xl focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-brand-700"
          >
            {badge.name}
          </button>
          {badge.educationsDetails && (
            <span className="block truncate text-sm text-slate-600">
              Evidence: {badge.educationsDetails}
            </span>
          )}
          <span className="block text-sm text-slate-600">
            <span className="font-medium text-slate-800">Award Criteria:</span>{' '}
            {badge.awardCriteria}
          </span>
          <span className="block text-xs text-slate-600">
            {BADGE_DATE_LABELS.batchExpiry}: {formatDate(badge.batchExpiryDate)} ·{' '}
            {BADGE_DATE_LABELS.expiry}:{' '}
            {badge.expiryDate ? formatDate(badge.expiryDate) : EXPIRY_UNSET} · Claim period:{' '}
            <ClaimPeriodText />
          </span>
        </span>
        <span className="col-span-2 flex gap-4 text-sm sm:col-span-1 sm:flex-col sm:items-end sm:gap-1">
          <span>
            <span className="text-slate-500">Badge No.</span> {badge.badgeNo}
          </span>
          <span className="font-semibold text-brand-800">
            {formatAmount(badge.amountOfToken)} {TOKEN.symbol}
          </span>
        </span>
      </div>
    </li>
  );
}

export function BadgeSearchResults({ name, isEarner }: { name: string; isEarner: boolean }) {
  const list = useBadgeList('recent', { name });
  const heading = isEarner ? 'Click To Apply' : 'Badge List';
  return (
    <section aria-labelledby="badge-search-heading">
      <div className="mb-6 flex flex-wrap items-baseline justify-between gap-2">
        <h1 id="badge-search-heading" className="text-3xl font-bold tracking-tight text-slate-900">
          {heading}
        </h1>
        {list.total !== null && (
          <p className="text-sm text-slate-600">
            {list.total} {list.total === 1 ? 'badge' : 'badges'}
            {name ? ` matching "${name}"` : ''}
          </p>
        )}
      </div>
      {list.isPending ? (
        <div role="status" className="flex items-center justify-center gap-2 py-16 text-slate-600">
          <Spinner /> Loading badges...
        </div>
      ) : list.error ? (
        <QueryError error={list.error} onRetry={list.refetch} isRetrying={list.isRefetching} />
      ) : list.badges.length === 0 ? (
        <EmptyState>{EMPTY_STATES.noBadgeFound}</EmptyState>
      ) : (
        <>
          <ul aria-label="Badges found" className="space-y-3">
            {list.badges.map((badge) => (
              <ResultRow key={badge._id} badge={badge} />
            ))}
          </ul>
          {list.hasNextPage && (
            <div className="mt-8 flex justify-center">
              <button
                type="button"
                className={buttonStyles.outline}
                onClick={() => void list.fetchNextPage()}
                disabled={list.isFetchingNextPage}
              >
                {list.isFetchingNextPage ? 'Loading...' : 'See more'}
              </button>
            </div>
          )}
        </>
      )}
    </section>
  );
}
