// One figure of a dashboard (GETS, STAKED, MY AWARDS, DRAFT BADGES): a group
// named by its label, so it reads as "GETS, 12.5". Figures have thousands
// separators ("1,250.5").
import { useId } from 'react';
import { formatAmount, formatNumber } from '@/lib/format';

export function StatCard({ label, value }: { label: string; value: string | number | null }) {
  const labelId = useId();
  return (
    <div
      role="group"
      aria-labelledby={labelId}
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <p id={labelId} className="text-xs font-semibold tracking-widest text-slate-500">
        {label}
      </p>
      <p className="mt-2 truncate text-2xl font-bold text-slate-900">
        {value === null
          ? '…'
          : typeof value === 'number'
            ? formatNumber(value)
            : formatAmount(value)}
      </p>
    </div>
  );
}

/** The full-screen overlay a dashboard shows while its data loads. */
export function LoadingOverlay({ label }: { label: string }) {
  return (
    <div
      role="status"
      className="fixed inset-0 z-40 grid place-items-center bg-white/70 backdrop-blur-[1px]"
    >
      <span className="sr-only">{label}</span>
      <span
        aria-hidden="true"
        className="size-12 animate-spin rounded-full border-4 border-brand-200 border-t-brand-800"
      />
    </div>
  );
}
