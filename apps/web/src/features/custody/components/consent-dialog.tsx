// The one consent dialog every chain action uses: the server's own words for
// what will happen, Confirm (disabled while submitting) and Cancel. Nothing is
// signed unless Confirm is pressed; Cancel, Escape and the backdrop abort.
import { Modal } from '@/components/ui/modal';
import { buttonStyles } from '@/components/ui/button-styles';
import { WalletIcon } from '@/components/icons/icons';

export interface ConsentDialogProps {
  open: boolean;
  title: string;
  description: string;
  expiresAt: string;
  submitting: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

function formatTime(iso: string): string | null {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return date.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });
}

export function ConsentDialog({
  open,
  title,
  description,
  expiresAt,
  submitting,
  onConfirm,
  onCancel,
}: ConsentDialogProps) {
  const expiresAtTime = formatTime(expiresAt);
  return (
    <Modal
      open={open}
      title={title}
      onClose={onCancel}
      dismissible={!submitting}
      role="alertdialog"
      size="sm"
      description="Your custodial wallet signs this only after you confirm. The platform pays the network fee."
    >
      <div className="rounded-xl border border-brand-100 bg-brand-50 p-4">
        <p className="text-xs font-semibold tracking-wide text-brand-700 uppercase">
          What will happen
        </p>
        <p className="mt-1 flex items-start gap-2 text-base font-semibold text-brand-950">
          <WalletIcon className="mt-0.5 size-5 shrink-0 text-brand-700" />
          <span data-testid="consent-description">{description}</span>
        </p>
      </div>
      {expiresAtTime && (
        <p className="mt-3 text-xs text-slate-500">
          This request is valid until {expiresAtTime}. If you cancel, nothing is signed.
        </p>
      )}
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <button
          type="button"
          onClick={onCancel}
          disabled={submitting}
          className={buttonStyles.outline}
          data-autofocus
        >
          Cancel
        </button>
        <button
          type="button"
          onClick={onConfirm}
          disabled={submitting}
          aria-busy={submitting}
          className={buttonStyles.primary}
        >
          {submitting && <Spinner />}
          Confirm
        </button>
      </div>
    </Modal>
  );
}

export function Spinner({ className = 'size-4' }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={`inline-block animate-spin rounded-full border-2 border-current border-r-transparent ${className}`}
    />
  );
}
