// Active sponsors: a grid searched by full name (case-insensitive, contains,
// on the server), 12 at first and See more for all (loaded a page at a time),
// with the spec's empty texts. Only the sponsors shown have their balances
// read from the chain.
import { useDeferredValue, useState } from 'react';
import { ADMIN_TEXTS } from '@gets/schema';
import { buttonStyles } from '@/components/ui/button-styles';
import { SearchField } from '@/components/ui/search-field';
import { PageSpinner } from '@/features/accounts';
import { useActiveSponsors } from '../api/get-active-sponsors';
import { SponsorCard } from './sponsor-card';
import { QueryError } from '@/components/ui/query-error';
import { EmptyState } from '@/components/ui/empty-state';

export function ActiveSponsorsScreen() {
  const [query, setQuery] = useState('');
  const [showAll, setShowAll] = useState(false);
  const search = useDeferredValue(query.trim());
  const active = useActiveSponsors({ search, showAll });
  if (active.isPending) return <PageSpinner />;
  const shown = active.sponsors;
  return (
    <section aria-labelledby="active-heading" className="flex flex-col gap-5">
      <div className="flex items-center justify-between gap-4">
        <h2 id="active-heading" className="text-2xl font-bold text-slate-900">
          Active sponsors
        </h2>
        <SearchField
          spokenLabel="sponsors"
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            setShowAll(false);
          }}
          placeholder="Search sponsors"
          className="w-96"
        />
      </div>
      {active.error ? (
        <QueryError
          error={active.error}
          onRetry={active.refetch}
          isRetrying={active.isRefetching}
        />
      ) : shown.length === 0 ? (
        <EmptyState>
          {search ? ADMIN_TEXTS.noResultsFor(search) : ADMIN_TEXTS.noSponsors}
        </EmptyState>
      ) : (
        <ul className="grid grid-cols-3 gap-4 2xl:grid-cols-4">
          {shown.map((sponsor) => (
            <SponsorCard key={sponsor._id} sponsor={sponsor} />
          ))}
        </ul>
      )}
      {active.loadingMore && (
        <p role="status" className="self-center text-sm text-slate-500">
          Showing {shown.length} of {active.total}…
        </p>
      )}
      {!showAll && active.total > shown.length && (
        <button
          type="button"
          onClick={() => setShowAll(true)}
          className={`${buttonStyles.outline} self-center`}
        >
          {ADMIN_TEXTS.seeMore}
        </button>
      )}
    </section>
  );
}
