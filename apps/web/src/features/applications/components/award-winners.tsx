// The sponsor's Award Winners (spec sections 2 and 3 "Sponsor data"): each
// winner's full name, wallet address and the award's transaction (a link to
// it: the explorer, or the app's transaction page), or "No Award Winner found.".
import { EMPTY_STATES, TOKEN, type AwardWinner } from '@gets/schema';
import { TransactionLink } from '@/components/ui/transaction-link';
import { CopyButton, shortHash } from '@/features/badges';
import { EmptyState } from '@/components/ui/empty-state';
import { formatAmount, formatDateTime } from '@/lib/format';

export function AwardWinners({ winners }: { winners: AwardWinner[] }) {
  return (
    <section aria-labelledby="award-winners-heading">
      <h2 id="award-winners-heading" className="mb-4 text-xl font-bold text-slate-900">
        Award Winners
      </h2>
      {winners.length === 0 ? (
        <EmptyState>{EMPTY_STATES.noAwardWinner}</EmptyState>
      ) : (
        <ul
          aria-label="Award winners"
          className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white"
        >
          {winners.map((winner) => (
            <li
              key={winner.applicationId}
              className="flex flex-wrap items-center justify-between gap-3 px-4 py-3 text-sm"
            >
              <div className="min-w-0">
                <p className="font-semibold text-slate-900">{winner.fullName}</p>
                <p className="text-xs text-slate-500">
                  {winner.badgeName} · {formatAmount(winner.amount)} {TOKEN.symbol} ·{' '}
                  {formatDateTime(winner.assignedAt)}
                </p>
              </div>
              <span className="flex items-center gap-1 font-mono text-xs text-slate-700">
                {shortHash(winner.studentAddress)}
                <CopyButton
                  value={winner.studentAddress}
                  label={`Copy ${winner.fullName}'s address`}
                />
              </span>
              <TransactionLink
                hash={winner.assignedHash}
                href={winner.transactionChainScanUrl}
                className="font-mono text-xs font-semibold text-brand-800 underline"
              >
                {shortHash(winner.assignedHash)}
              </TransactionLink>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
