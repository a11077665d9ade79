// The live state of one transaction, as the user waits for it: what it does,
// QUEUED / COMPLETED / FAILED, and the hash (with the explorer link if any).
import type { TransactionStatus } from '@gets/schema';
import { Spinner } from './consent-dialog';

const LABELS = {
  QUEUED: 'Processing',
  COMPLETED: 'Completed',
  FAILED: 'Failed',
} as const;

const TONES = {
  QUEUED: 'border-amber-200 bg-amber-50 text-amber-900',
  COMPLETED: 'border-brand-200 bg-brand-50 text-brand-900',
  FAILED: 'border-red-200 bg-red-50 text-red-900',
} as const;

export function TransactionStatusCard({ status }: { status: TransactionStatus }) {
  const hash = status.transactionHash;
  return (
    <div role="status" className={`rounded-xl border p-4 text-sm ${TONES[status.status]}`}>
      <p className="flex items-center gap-2 font-semibold">
        {status.status === 'QUEUED' && <Spinner />}
        <span>
          {status.description}: {LABELS[status.status]}
        </span>
      </p>
      {status.status === 'FAILED' && status.failureReason && (
        <p className="mt-1">{status.failureReason}</p>
      )}
      {hash && (
        <p className="mt-1 truncate font-mono text-xs">
          {status.transactionChainScanUrl ? (
            <a
              href={status.transactionChainScanUrl}
              target="_blank"
              rel="noreferrer"
              className="underline"
            >
              {hash}
            </a>
          ) : (
            <span title={hash}>Transaction {hash}</span>
          )}
        </p>
      )}
    </div>
  );
}
