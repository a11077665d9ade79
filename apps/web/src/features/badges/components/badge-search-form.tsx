// The header's badge search: submitting opens /search?name=<text>, where the
// badge list filters by name (case-insensitive). On /search the box shows the
// text being searched, so a reload or the back button keeps them in step.
import { useId, useState, type FormEvent } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { SearchIcon } from '@/components/icons/icons';

const PLACEHOLDER = 'Search For Badges';

export function BadgeSearchForm({ className = '' }: { className?: string }) {
  const inputId = useId();
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
    <form role="search" onSubmit={onSubmit} className={`relative ${className}`}>
      <label htmlFor={inputId} className="sr-only">
        {PLACEHOLDER}
      </label>
      <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400" />
      <input
        id={inputId}
        type="search"
        name="name"
        value={name}
        onChange={(event) => setName(event.target.value)}
        placeholder={PLACEHOLDER}
        autoComplete="off"
        className="w-full rounded-full border border-slate-200 bg-slate-50 py-2 pr-3 pl-9 text-sm text-slate-900 placeholder:text-slate-400 focus:border-brand-600 focus:bg-white focus:ring-2 focus:ring-brand-600/20 focus:outline-none"
      />
    </form>
  );
}
