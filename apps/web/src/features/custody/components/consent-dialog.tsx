// The one consent dialog every chain action uses: the server's own words for
// what will happen, Confirm (disabled while submitting) and Cancel. Nothing is
// signed unless Confirm is pressed; Cancel, Escape and the backdrop abort.
// Only the headline (the title) and the amounts in the words are strong.
// A person with a second factor confirms with it (consent-factor-step.tsx,
// loaded when first needed); a person without one is offered to add one.
import { lazy, Suspense, type ReactNode } from 'react';
import type { SecondFactorRequired } from '@gets/schema';
import type { ConsentFactor } from '@/lib/consent-factor';
import { Modal } from '@/components/ui/modal';
import { buttonStyles } from '@/components/ui/button-styles';
import { WalletIcon } from '@/components/icons/icons';
import { formatTime } from '@/lib/format';
import { Spinner } from './spinner';

export interface ConsentDialogProps {
  open: boolean;
  title: string;
  description: string;
  expiresAt: string;
  submitting: boolean;
  onConfirm: (factor?: ConsentFactor) => void;
  onCancel: () => void;
  /** Present for a person with a second factor: Confirm asks for it. */
  secondFactor?: SecondFactorRequired | undefined;
  /** The server's refusal of the last factor given, shown in the dialog. */
  factorError?: string | null;
  /** Where a person without a factor can add one (their Security section). */
  securityHref?: string;
}

const ConsentFactorStep = lazy(() =>
  import('./consent-factor-step').then((module) => ({ default: module.ConsentFactorStep })),
);

export const ADD_FACTOR_NOTE = {
  text: 'Protect your tokens with a passkey or an authenticator app, so a stolen password alone cannot move them.',
  link: 'Add one under Security',
} as const;

export function ConsentDialog({
  open,
  title,
  description,
  expiresAt,
  submitting,
  onConfirm,
  onCancel,
  secondFactor,
  factorError = null,
  securityHref = '/profile#security',
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
        <p className="mt-1 flex items-start gap-2 text-base font-normal text-brand-950">
          <WalletIcon className="mt-0.5 size-5 shrink-0 text-brand-700" />
          <span data-testid="consent-description">{emphasiseAmounts(description)}</span>
        </p>
      </div>
      {expiresAtTime && (
        <p className="mt-3 text-xs text-slate-500">
          This request is valid until {expiresAtTime}. If you cancel, nothing is signed.
        </p>
      )}
      {secondFactor ? (
        <Suspense fallback={<Spinner className="mt-6 size-5 text-brand-700" />}>
          <ConsentFactorStep
            secondFactor={secondFactor}
            error={factorError}
            submitting={submitting}
            onConfirm={onConfirm}
            onCancel={onCancel}
          />
        </Suspense>
      ) : (
        <>
          <p className="mt-3 text-xs text-slate-500">
            {ADD_FACTOR_NOTE.text}{' '}
            <a href={securityHref} className="font-semibold text-brand-800 underline">
              {ADD_FACTOR_NOTE.link}
            </a>
            .
          </p>
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
              onClick={() => onConfirm()}
              disabled={submitting}
              aria-busy={submitting}
              className={buttonStyles.primary}
            >
              {submitting && <Spinner />}
              Confirm
            </button>
          </div>
        </>
      )}
    </Modal>
  );
}

/** A GETS amount in the server's words ("25 GETS", "1,000.5 GETS"). */
const AMOUNT = /(\d[\d,]*(?:\.\d+)? GETS)/;

/** The description with each amount in <strong>, the rest as it is. */
function emphasiseAmounts(description: string): ReactNode[] {
  return description
    .split(AMOUNT)
    .map((part, i) => (i % 2 === 1 ? <strong key={i}>{part}</strong> : part));
}
