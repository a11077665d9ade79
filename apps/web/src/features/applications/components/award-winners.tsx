// The sponsor's Award Winners (spec sections 2 and 3 "Sponsor data"): each
// winner's full name, wallet address and the award's transaction (its
// explorer link when the platform knows an explorer), or "No Award Winner found.".
import { EMPTY_STATES, TOKEN, type AwardWinner } from '@gets/schema';
import { ExternalLinkIcon } from '@/components/icons/icons';
import { CopyButton, shortHash } from '@/features/badges';
import { formatAmount, formatDateTime } from '@/lib/format';

export function AwardWinners({ winners }: { winners: AwardWinner[] }) {
  return (
    <section aria-labelledby="award-winners-heading">
      <h2 id="award-winners-heading" className="mb-4 text-xl font-bold text-slate-900">
        Award Winners
      </h2>
      {winners.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-slate-300 p-6 text-center text-slate-600">
          {EMPTY_STATES.noAwardWinner}
        </p>
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
              {winner.transactionChainScanUrl ? (
                <a
                  href={winner.transactionChainScanUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex items-center gap-1 text-xs font-semibold text-brand-800 underline"
                >
                  {shortHash(winner.assignedHash)} <ExternalLinkIcon className="size-3.5" />
                </a>
              ) : (
                <span
                  className="font-mono text-xs text-slate-500"
                  title={`Award transaction ${winner.assignedHash}`}
                >
                  {shortHash(winner.assignedHash)}
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
