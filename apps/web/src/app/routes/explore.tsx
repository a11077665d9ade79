// /explore (spec section 2): the badge explorer, its filter kept in the URL.
import { useSearchParams } from 'react-router';
import { BADGE_LIST_FILTERS, DEFAULT_BADGE_LIST_FILTER, type BadgeListFilter } from '@gets/schema';
import { ExploreBadges } from '@/features/badges';
import { useDocumentTitle } from '@/hooks/use-document-title';

const isFilter = (value: string | null): value is BadgeListFilter =>
  (BADGE_LIST_FILTERS as readonly string[]).includes(value ?? '');

export function ExploreRoute() {
  useDocumentTitle('Explore');
  const [params, setParams] = useSearchParams();
  const given = params.get('filter');
  const filter = isFilter(given) ? given : DEFAULT_BADGE_LIST_FILTER;
  return (
    <section className="mx-auto w-full max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
      <h1 className="mb-2 text-3xl font-bold tracking-tight text-slate-900">Explore badges</h1>
      <p className="mb-6 text-slate-600">
        Badges sponsors have published, approved by the platform.
      </p>
      <ExploreBadges filter={filter} onFilterChange={(next) => setParams({ filter: next })} />
    </section>
  );
}
