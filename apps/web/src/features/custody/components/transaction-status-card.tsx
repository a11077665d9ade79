// The live state of one transaction, as the user waits for it: what it does,
// QUEUED / COMPLETED / FAILED, and the hash, linked to the transaction.
// Once the page has stopped waiting (`stillProcessing`), a QUEUED transaction
// shows as still processing, with no spinner: nothing here is waiting any more.
import type { TransactionStatus } from '@gets/schema';
import { TransactionLink } from '@/components/ui/transaction-link';
import { Spinner } from './spinner';
import { STILL_PROCESSING_TEXTS, StillProcessingNotice } from './still-processing-notice';

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

export function TransactionStatusCard({
  status,
  stillProcessing = false,
}: {
  status: TransactionStatus;
  stillProcessing?: boolean;
}) {
  const hash = status.transactionHash;
  const waiting = status.status === 'QUEUED' && !stillProcessing;
  const label =
    status.status === 'QUEUED' && stillProcessing
      ? STILL_PROCESSING_TEXTS.title
      : LABELS[status.status];
  return (
    <div role="status" className={`rounded-xl border p-4 text-sm ${TONES[status.status]}`}>
      <p className="flex items-center gap-2 font-semibold">
        {waiting && <Spinner />}
        <span>
          {status.description}: {label}
        </span>
      </p>
      {status.status === 'FAILED' && status.failureReason && (
        <p className="mt-1">{status.failureReason}</p>
      )}
      {status.status === 'QUEUED' && stillProcessing ? (
        <div className="mt-1">
          <StillProcessingNotice transaction={status} />
        </div>
      ) : (
        hash && (
          <p className="mt-1 truncate font-mono text-xs">
            Transaction{' '}
            <TransactionLink hash={hash} href={status.transactionChainScanUrl}>
              {hash}
            </TransactionLink>
          </p>
        )
      )}
    </div>
  );
}
