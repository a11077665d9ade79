// The money facts of a GETS move, shown before its consent: the balance, the
// amount, the fee, the total and what the account holds after. A list of
// terms and values, so each fact reads as "Fee: 9 GETS" to a screen reader.
import type { ReactNode } from 'react';
import { formatGetsAmount } from '@/lib/format';
import { moneyFacts, type MoneyFactsInput } from '@/lib/money-facts';
import { TOKEN } from '@gets/schema';

export interface MoneyFactsProps extends MoneyFactsInput {
  /** The list's accessible name, e.g. "Staking costs". */
  label: string;
  balanceLabel?: string;
  amountLabel?: string;
  feeLabel?: string;
  totalLabel?: string;
  afterLabel?: string;
  /** A line under the figures (e.g. how the total is made up). */
  note?: ReactNode;
  className?: string;
}

const PENDING = `– ${TOKEN.symbol}`;

export function MoneyFacts({
  label,
  balanceLabel = 'Your balance',
  amountLabel = 'Amount',
  feeLabel = 'Fee',
  totalLabel = 'Total',
  afterLabel = 'Balance after',
  note,
  className = '',
  ...input
}: MoneyFactsProps) {
  const facts = moneyFacts(input);
  const rows: [string, string, boolean?][] = [
    [balanceLabel, formatGetsAmount(facts.balance)],
    [amountLabel, facts.amount === null ? PENDING : formatGetsAmount(facts.amount)],
    [feeLabel, formatGetsAmount(facts.fee)],
    [totalLabel, facts.total === null ? PENDING : formatGetsAmount(facts.total), true],
    [afterLabel, facts.after === null ? PENDING : formatGetsAmount(facts.after)],
  ];
  return (
    <div className={`rounded-xl border border-slate-200 bg-slate-50 p-4 text-sm ${className}`}>
      <dl aria-label={label} className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1.5">
        {rows.map(([term, value, strong]) => (
          <div key={term} className="contents">
            <dt className={strong ? 'font-semibold text-slate-900' : 'text-slate-600'}>{term}</dt>
            <dd
              className={`text-right tabular-nums ${
                term === afterLabel && facts.short
                  ? 'font-semibold text-red-700'
                  : strong
                    ? 'font-semibold text-slate-900'
                    : 'text-slate-900'
              }`}
            >
              {value}
            </dd>
          </div>
        ))}
      </dl>
      {note && <p className="mt-2 text-xs text-slate-600">{note}</p>}
    </div>
  );
}
