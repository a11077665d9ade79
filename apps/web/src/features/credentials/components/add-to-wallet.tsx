// "Add to wallet": the earner's button and dialog that hand a standard wallet
// the credential over OpenID4VCI. Each opening asks the server for a new offer
// (good once, for 10 minutes, and it ends the one shown before), shown as a QR
// code for a phone's wallet and as a link for a wallet on this device. The
// earner may protect it with a transaction code, shown beside the QR code,
// that the wallet asks them to type: a QR code seen from afar is then not
// enough to take the badge.
import { useEffect, useId, useState } from 'react';
import type { CredentialOffer, EarnerCredential } from '@gets/schema';
import { ExternalLinkIcon, WalletIcon } from '@/components/icons/icons';
import { buttonStyles } from '@/components/ui/button-styles';
import { Modal } from '@/components/ui/modal';
import { QrCode } from '@/components/ui/qr-code';
import { createCredentialOffer } from '../api/create-credential-offer';
import { formatTime } from '@/lib/format';

export const ADD_TO_WALLET_TITLE = 'Add to your wallet';
export const OPEN_IN_WALLET_LABEL = 'Open in a wallet app on this device';
export const USE_TX_CODE_LABEL = 'Protect with a transaction code';
export const TX_CODE_LABEL = 'Transaction code';

type OfferState =
  | { kind: 'loading' }
  | { kind: 'ready'; offer: CredentialOffer }
  | { kind: 'expired' }
  | { kind: 'failed'; message: string };

const timeOf = (iso: string) => formatTime(iso) ?? iso;

export function AddToWallet({ credential }: { credential: EarnerCredential }) {
  const [open, setOpen] = useState(false);
  const [state, setState] = useState<OfferState>({ kind: 'loading' });
  const [useTxCode, setUseTxCode] = useState(false);

  // Every change of mind asks for a new offer, which ends the one shown.
  const requestOffer = (txCode = useTxCode) => {
    setState({ kind: 'loading' });
    void createCredentialOffer(credential.id, { txCode }).then((result) =>
      setState(
        result.success
          ? { kind: 'ready', offer: result.data }
          : { kind: 'failed', message: result.message },
      ),
    );
  };

  // The code stops working at expiresAt: say so then, rather than leave a dead QR up.
  const expiresAt = state.kind === 'ready' ? state.offer.expiresAt : null;
  useEffect(() => {
    if (!expiresAt) return;
    const timer = setTimeout(
      () => setState({ kind: 'expired' }),
      Math.max(0, new Date(expiresAt).getTime() - Date.now()),
    );
    return () => clearTimeout(timer);
  }, [expiresAt]);

  return (
    <>
      <button
        type="button"
        className={buttonStyles.small}
        onClick={() => {
          setOpen(true);
          requestOffer();
        }}
      >
        <WalletIcon className="size-4" />
        Add to wallet
      </button>
      <Modal
        open={open}
        title={ADD_TO_WALLET_TITLE}
        onClose={() => setOpen(false)}
        size="sm"
        description={`Scan the code with a wallet app that supports OpenID for Verifiable Credential Issuance to add ${credential.badgeName} to it.`}
      >
        <TxCodeOption
          checked={useTxCode}
          disabled={state.kind === 'loading'}
          onChange={(checked) => {
            setUseTxCode(checked);
            requestOffer(checked);
          }}
        />
        <OfferBody state={state} badgeName={credential.badgeName} onRetry={() => requestOffer()} />
      </Modal>
    </>
  );
}

function TxCodeOption({
  checked,
  disabled,
  onChange,
}: {
  checked: boolean;
  disabled: boolean;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="mb-4 flex items-start gap-2 text-left">
      <input
        id={id}
        type="checkbox"
        className="mt-0.5 size-4 accent-brand-800"
        checked={checked}
        disabled={disabled}
        aria-describedby={`${id}-hint`}
        onChange={(event) => onChange(event.target.checked)}
      />
      <div className="flex flex-col gap-0.5">
        <label htmlFor={id} className="text-sm font-medium text-slate-800">
          {USE_TX_CODE_LABEL}
        </label>
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          Your wallet then asks for a code shown here, so the QR code alone is not enough.
        </p>
      </div>
    </div>
  );
}

function OfferBody({
  state,
  badgeName,
  onRetry,
}: {
  state: OfferState;
  badgeName: string;
  onRetry: () => void;
}) {
  if (state.kind === 'loading') {
    return <p className="text-sm text-slate-600">Preparing the code…</p>;
  }
  if (state.kind !== 'ready') {
    return (
      <div className="space-y-4">
        <p role="alert" className="text-sm text-red-700">
          {state.kind === 'expired'
            ? 'This code has expired. Make a new one to add the badge.'
            : state.message}
        </p>
        <button type="button" className={buttonStyles.outline} onClick={onRetry}>
          Make a new code
        </button>
      </div>
    );
  }
  return (
    <div className="flex flex-col items-center gap-4 text-center">
      <QrCode
        value={state.offer.offerUri}
        size={224}
        label={`QR code that adds ${badgeName} to a wallet`}
      />
      {state.offer.txCode && (
        <div className="rounded border border-slate-200 px-4 py-2">
          <dl>
            <dt className="text-sm font-medium text-slate-800">{TX_CODE_LABEL}</dt>
            <dd className="font-mono text-2xl font-semibold tracking-widest text-slate-900">
              {state.offer.txCode}
            </dd>
          </dl>
          <p className="text-xs text-slate-600">Type it in your wallet when it asks.</p>
        </div>
      )}
      <a href={state.offer.offerUri} className={buttonStyles.outline} data-autofocus>
        <ExternalLinkIcon className="size-4" />
        {OPEN_IN_WALLET_LABEL}
      </a>
      <p className="text-xs text-slate-600">
        The code works once, until {timeOf(state.offer.expiresAt)}.{' '}
        {state.offer.txCode
          ? 'Keep both codes to yourself: whoever has them first gets the badge in their wallet.'
          : 'Keep it to yourself: whoever scans it first gets the badge in their wallet.'}
      </p>
    </div>
  );
}
