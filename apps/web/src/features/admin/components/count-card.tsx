// A Dash screen card: a count that animates upward and opens its screen.
import { useCountUp } from '../hooks/use-count-up';

export function CountCard({
  label,
  count,
  onOpen,
}: {
  label: string;
  /** Undefined while loading. */
  count: number | undefined;
  onOpen: () => void;
}) {
  const shown = useCountUp(count ?? 0);
  return (
    <button
      type="button"
      onClick={onOpen}
      className="flex flex-col items-start gap-2 rounded-2xl border border-slate-200 bg-white p-5 text-left shadow-sm transition hover:border-brand-300 hover:shadow focus-visible:outline-2 focus-visible:outline-brand-700"
    >
      <span className="text-sm font-medium text-slate-600">{label}</span>
      <span className="text-3xl font-bold text-slate-900 tabular-nums" aria-live="polite">
        {count === undefined ? '–' : String(shown).padStart(2, '0')}
      </span>
    </button>
  );
}
