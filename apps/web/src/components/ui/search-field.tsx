// A search box with a label people can see: the word "Search" beside the box,
// and for screen readers the rest of the box's name (the spec's placeholder),
// so what is read aloud and what voice control answers to start alike.
import { useId, type InputHTMLAttributes } from 'react';
import { SearchIcon } from '@/components/icons/icons';

export function SearchField({
  spokenLabel,
  className = '',
  ...input
}: {
  /** Read after "Search" by screen readers only, e.g. "For Badges". */
  spokenLabel: string;
  className?: string;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type' | 'className'>) {
  const id = useId();
  return (
    <div className={`flex items-center gap-2 ${className}`}>
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        Search <span className="sr-only">{spokenLabel}</span>
      </label>
      <span className="relative min-w-0 flex-1">
        <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400" />
        <input
          id={id}
          type="search"
          {...input}
          className="w-full rounded-full border border-slate-300 bg-white py-2 pr-3 pl-9 text-sm text-slate-900 placeholder:text-slate-400 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/20 focus:outline-none"
        />
      </span>
    </div>
  );
}
