// The header's badge search: submitting opens /search?name=<text>, where the
// badge list filters by name (case-insensitive). On /search the box shows the
// text being searched, so a reload or the back button keeps them in step.
import { useState, type FormEvent } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { SearchField } from '@/components/ui/search-field';

const PLACEHOLDER = 'Search For Badges';

export function BadgeSearchForm({ className = '' }: { className?: string }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const searched = pathname === '/search' ? (params.get('name') ?? '') : '';
  const [name, setName] = useState(searched);
  // Adjusted while rendering (not in an effect) when the URL's search changes.
  const [shownSearch, setShownSearch] = useState(searched);
  if (shownSearch !== searched) {
    setShownSearch(searched);
    setName(searched);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const trimmed = name.trim();
    void navigate(trimmed ? `/search?${new URLSearchParams({ name: trimmed })}` : '/search');
  }

  return (
    <form role="search" onSubmit={onSubmit} className={className}>
      <SearchField
        spokenLabel="For Badges"
        name="name"
        value={name}
        onChange={(event) => setName(event.target.value)}
        placeholder={PLACEHOLDER}
        autoComplete="off"
      />
    </form>
  );
}
