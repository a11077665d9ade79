// Explore (spec section 2): "Filter Badge" with Most Recent, Popular and
// Highest Rewards, the cards, and 'No "<filter>" badges found!'.
import { useId } from 'react';
import { BADGE_LIST_FILTERS, type BadgeListFilter } from '@gets/schema';
import { useBadgeList } from '../api/get-badge-list';
import { BadgeGrid } from './badge-grid';

const FILTER_LABELS: Record<BadgeListFilter, string> = {
  recent: 'Most Recent',
  popular: 'Popular',
  highly: 'Highest Rewards',
};

export function ExploreBadges({
  filter,
  onFilterChange,
}: {
  filter: BadgeListFilter;
  onFilterChange: (filter: BadgeListFilter) => void;
}) {
  const selectId = useId();
  const list = useBadgeList(filter);
  return (
    <div>
      <div className="mb-6 flex items-center justify-end gap-3">
        <label htmlFor={selectId} className="text-sm font-medium text-slate-700">
          Filter Badge
        </label>
        <select
          id={selectId}
          value={filter}
          onChange={(event) => onFilterChange(event.target.value as BadgeListFilter)}
          className="rounded-xl border border-slate-300 bg-white px-3 py-2 text-sm"
        >
          {BADGE_LIST_FILTERS.map((value) => (
            <option key={value} value={value}>
              {FILTER_LABELS[value]}
            </option>
          ))}
        </select>
      </div>
      <BadgeGrid
        label={`${FILTER_LABELS[filter]} badges`}
        badges={list.badges}
        isLoading={list.isPending}
        error={list.error}
        onRetry={list.refetch}
        isRetrying={list.isRefetching}
        emptyText={`No "${filter}" badges found!`}
        hasMore={list.hasNextPage}
        onMore={() => void list.fetchNextPage()}
        isLoadingMore={list.isFetchingNextPage}
      />
    </div>
  );
}
