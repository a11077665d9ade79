// What a page shows when it stops waiting for a transaction that has not
// ended: that it completes on its own, and where to follow it (its transaction
// link once it has a hash, else its id, to copy). The outcome
// toast of runChainAction and the transaction status card both show it.
import { TOASTS } from '@gets/schema';
import { CopyIcon } from '@/components/icons/icons';
import { TransactionLink } from '@/components/ui/transaction-link';
import { toast } from '@/lib/toast';
import type { TransactionRef } from '../lib/wait-for-transaction';

/** Beyond the spec, so not in its catalogue (@gets/schema TOASTS). */
export const STILL_PROCESSING_TEXTS = {
  title: 'Still processing',
  message: 'This transaction has not finished yet; it will complete on its own.',
  viewTransaction: 'View the transaction',
  idLabel: 'Transaction id',
  copy: (label: string) => `Copy ${label.toLowerCase()}`,
} as const;

export function StillProcessingNotice({ transaction }: { transaction: TransactionRef }) {
  return (
    <div className="text-sm" data-testid="still-processing">
      <p>{STILL_PROCESSING_TEXTS.message}</p>
      <TransactionPointer transaction={transaction} />
    </div>
  );
}

function TransactionPointer({ transaction }: { transaction: TransactionRef }) {
  const { transactionChainScanUrl: url, transactionHash: hash, transactionId: id } = transaction;
  if (hash) {
    return (
      <p className="mt-1">
        <TransactionLink hash={hash} href={url} className="font-semibold underline">
          {STILL_PROCESSING_TEXTS.viewTransaction}
        </TransactionLink>
      </p>
    );
  }
  // Not sent yet: no hash, only the platform's id of it to copy.
  const label = STILL_PROCESSING_TEXTS.idLabel;
  const value = id;
  return (
    <p className="mt-1 flex min-w-0 items-center gap-2">
      <span className="shrink-0">{label}:</span>
      <code className="truncate font-mono text-xs" title={value}>
        {value}
      </code>
      <button
        type="button"
        aria-label={STILL_PROCESSING_TEXTS.copy(label)}
        title={STILL_PROCESSING_TEXTS.copy(label)}
        onClick={() => {
          void navigator.clipboard?.writeText(value).then(
            () => toast.success(TOASTS.success.copied),
            () => toast.error(TOASTS.error.somethingWentWrong),
          );
        }}
        className="shrink-0 rounded-lg p-1 hover:bg-black/5 focus-visible:outline-2"
      >
        <CopyIcon className="size-4" aria-hidden="true" />
      </button>
    </p>
  );
}
