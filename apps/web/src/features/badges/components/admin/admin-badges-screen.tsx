// The admin's Badges screen (menu key badges): "Badges" with the count, the
// "Search sponsor" box (finds by badge name, any case, on the server), the
// empty texts and See more; cards open the side panel or the badge page.
import { useDeferredValue, useState } from 'react';
import { EMPTY_STATES, type Badge } from '@gets/schema';
import { buttonStyles } from '@/components/ui/button-styles';
import { SearchField } from '@/components/ui/search-field';
import { Spinner } from '@/features/custody';
import { useAdminBadges } from '../../api/get-admin-badges';
import { AdminBadgeCard } from './admin-badge-card';
import { BadgeSidePanel } from './badge-side-panel';
import { QueryError } from '@/components/ui/query-error';
import { EmptyState } from '@/components/ui/empty-state';

/** Badges per page of the screen (the spec leaves the first page's size open). */
export const ADMIN_BADGES_PAGE_SIZE = 12;

export function AdminBadgesScreen({ access = '' }: { access?: '' | 'public' | 'private' }) {
  const [search, setSearch] = useState('');
  const name = useDeferredValue(search.trim());
  const [selected, setSelected] = useState<Badge | null>(null);
  const list = useAdminBadges({ badgeAccess: access, name, limit: ADMIN_BADGES_PAGE_SIZE });

  return (
    <section aria-labelledby="admin-badges-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="admin-badges-heading" className="text-xl font-bold text-slate-900">
          Badges {list.total !== null && <span className="text-slate-500">({list.total})</span>}
        </h2>
        <SearchField
          spokenLabel="sponsor"
          placeholder="Search sponsor"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          className="w-80"
        />
      </div>
      {list.isPending ? (
        <div role="status" className="flex items-center gap-2 text-slate-600">
          <Spinner /> Loading badges...
        </div>
      ) : list.error ? (
        <QueryError error={list.error} onRetry={list.refetch} isRetrying={list.isRefetching} />
      ) : list.badges.length === 0 ? (
        <EmptyState>
          {name ? EMPTY_STATES.noBadgeResultsFor(name) : EMPTY_STATES.noBadges}
        </EmptyState>
      ) : (
        <ul aria-label="Badges" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
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
          onClick={() => void list.fetchNextPage()}
        >
          See more
        </button>
      )}
      {selected && <BadgeSidePanel badge={selected} onClose={() => setSelected(null)} />}
    </section>
  );
}
