// One transaction as the chain shows it (the page /tx/{hash}): status, block,
// time, from and to, gas used, and its events in words, each with its decoded
// arguments to check.
import type { ReactNode } from 'react';
import type { TransactionEvent, TransactionFacts } from '@gets/schema';
import { formatDateTime, formatNumber } from '@/lib/format';

export const TRANSACTION_FACTS_TEXTS = {
  status: { success: 'Success', reverted: 'Reverted', pending: 'Pending' },
  statusNote: {
    success: 'Mined: everything it did is on the chain.',
    reverted: 'Mined, but it failed: nothing it tried to do happened.',
    pending: 'Sent, not yet in a block. This page reads it again every few seconds.',
  },
  notMined: 'Not yet in a block',
  events: 'Events',
  noEvents: 'This transaction emitted no events.',
  moreEvents: (n: number) => `And ${n} more event${n === 1 ? '' : 's'}, not listed here.`,
  details: 'Details',
} as const;

const STATUS_TONES = {
  success: 'bg-brand-50 text-brand-900 ring-brand-200',
  reverted: 'bg-red-50 text-red-800 ring-red-200',
  pending: 'bg-amber-50 text-amber-900 ring-amber-200',
} as const;

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0 border-t border-slate-100 py-3 sm:grid sm:grid-cols-[10rem_1fr] sm:gap-4">
      <dt className="text-sm font-semibold text-slate-500">{label}</dt>
      <dd className="mt-1 min-w-0 text-slate-900 sm:mt-0">{children}</dd>
    </div>
  );
}

function Address({ value, label }: { value: string; label: string | null }) {
  return (
    <>
      <span className="font-mono text-sm break-all">{value}</span>
      {label && <span className="block text-sm text-slate-600">{label}</span>}
    </>
  );
}

function EventItem({ event }: { event: TransactionEvent }) {
  return (
    <li className="border-t border-slate-100 py-3 first:border-t-0">
      <p className="font-medium text-slate-900">{event.words}</p>
      <p className="mt-0.5 text-xs text-slate-500">
        {event.eventName ?? 'Unknown'} · {event.contract ?? event.address}
      </p>
      {event.args.length > 0 && (
        <details className="mt-1 text-sm">
          <summary className="cursor-pointer text-brand-800">
            {TRANSACTION_FACTS_TEXTS.details}
          </summary>
          <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
            {event.args.map((arg) => (
              <div key={arg.name} className="contents">
                <dt className="text-slate-500">{arg.name}</dt>
                <dd className="min-w-0 font-mono text-xs break-all">{arg.value}</dd>
              </div>
            ))}
          </dl>
        </details>
      )}
    </li>
  );
}

export function TransactionFactsView({ facts }: { facts: TransactionFacts }) {
  const texts = TRANSACTION_FACTS_TEXTS;
  return (
    <div className="mt-6 space-y-8">
      <dl className="rounded-2xl border border-slate-200 bg-white px-4">
        <Fact label="Status">
          <span
            className={`inline-block rounded-full px-3 py-0.5 text-sm font-semibold ring-1 ${STATUS_TONES[facts.status]}`}
          >
            {texts.status[facts.status]}
          </span>
          <span className="mt-1 block text-sm text-slate-600">
            {texts.statusNote[facts.status]}
          </span>
        </Fact>
        <Fact label="Block">{facts.blockNumber ?? texts.notMined}</Fact>
        <Fact label="Time">
          {facts.blockTime ? formatDateTime(facts.blockTime) : texts.notMined}
        </Fact>
        <Fact label="From">
          <Address value={facts.from} label={facts.fromLabel} />
        </Fact>
        <Fact label="To">
          <Address value={facts.to} label={facts.toLabel} />
        </Fact>
        <Fact label="Gas used">
          {facts.gasUsed === null ? texts.notMined : formatNumber(BigInt(facts.gasUsed))}
        </Fact>
        <Fact label="Chain id">{facts.chainId}</Fact>
      </dl>
      <section aria-labelledby="transaction-events-heading">
        <h2 id="transaction-events-heading" className="text-xl font-bold text-slate-900">
          {texts.events}
        </h2>
        {facts.events.length === 0 ? (
          <p className="mt-2 text-slate-600">{texts.noEvents}</p>
        ) : (
          <ol
            aria-labelledby="transaction-events-heading"
            className="mt-2 rounded-2xl border border-slate-200 bg-white px-4"
          >
            {facts.events.map((event) => (
              <EventItem key={event.logIndex} event={event} />
            ))}
          </ol>
        )}
        {facts.moreEvents > 0 && (
          <p className="mt-2 text-sm text-slate-600">{texts.moreEvents(facts.moreEvents)}</p>
        )}
      </section>
    </div>
  );
}
