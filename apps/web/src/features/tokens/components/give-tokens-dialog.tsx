// The Give Tokens dialog (spec sections 2 and 5), one for every place that
// sends GETS: the earner's and sponsor's GIVE TOKENS, the admin header's SEND
// GETS, and SEND GETS on a sponsor's page (address locked). The balance used
// is the user's, or the admin's in the admin area; the transfer runs through
// consent and the pipeline, and every balance is fetched again after it.
// Before the consent it shows the money facts (balance, amount, fee, total,
// after) and says why Send is disabled.
import { useId, useState, type FormEvent } from 'react';
import { TOKEN_AMOUNT_INPUT_STEP, TOASTS } from '@gets/schema';
import { buttonStyles } from '@/components/ui/button-styles';
import { DisabledReason } from '@/components/ui/disabled-reason';
import { TextField } from '@/components/ui/form-field';
import { Modal } from '@/components/ui/modal';
import { MoneyFacts } from '@/components/ui/money-facts';
import { useAdminSession, useSession } from '@/features/accounts';
import {
  ChainActionError,
  isCancelled,
  isStillProcessing,
  useChainAction,
} from '@/features/custody';
import { useBalances } from '@/features/staking';
import { formatGetsAmount } from '@/lib/format';
import { toast } from '@/lib/toast';
import { transferTokens, type TransferAuthor } from '../api/transfer-tokens';
import {
  addressError,
  amountError,
  isAddressRefusal,
  normaliseAmount,
} from '../lib/give-tokens-rules';

export interface GiveTokensDialogProps {
  open: boolean;
  onClose: () => void;
  /** Whose wallet sends: the signed-in user's, or the admin's. */
  from: 'user' | 'admin';
  /** Prefilled and locked (SEND GETS on a sponsor's page). */
  lockedAddress?: string | null;
  title?: string;
}

export function GiveTokensDialog({
  open,
  onClose,
  from,
  lockedAddress,
  title = from === 'admin' ? 'Send GETS' : 'Give Tokens',
}: GiveTokensDialogProps) {
  const session = useSession();
  const admin = useAdminSession();
  const balances = useBalances({ auth: from }, { enabled: open });
  const transfer = useChainAction({ auth: from, title });
  const [typedAddress, setAddress] = useState('');
  const address = lockedAddress ?? typedAddress;
  const [amount, setAmount] = useState('');
  const [touched, setTouched] = useState({ address: false, amount: false });
  const [submitError, setSubmitError] = useState<string>();
  /** The server's refusal of this address (a contract, say), until it is changed. */
  const [addressRefusal, setAddressRefusal] = useState<string>();

  const balance = balances.data?.userBalance;
  const ownWallet = balances.data?.account;
  const addressMessage =
    addressRefusal ?? (touched.address ? addressError(address, ownWallet) : undefined);
  const amountMessage =
    submitError ?? (touched.amount ? amountError(amount, balance, 'change') : undefined);
  const busy = transfer.isRunning;
  const sendDisabled =
    busy || address.trim() === '' || amount === '' || Boolean(addressMessage || amountMessage);
  const hintId = useId();
  const sendReason = busy
    ? 'Wait until this transfer is on its way.'
    : address.trim() === ''
      ? 'Enter the wallet address to send to.'
      : amount === ''
        ? 'Enter the token amount.'
        : addressMessage || amountMessage
          ? 'Correct the field marked above.'
          : null;

  const reset = () => {
    setAddress('');
    setAmount('');
    setTouched({ address: false, amount: false });
    setSubmitError(undefined);
    setAddressRefusal(undefined);
  };
  const close = () => {
    if (busy) return;
    reset();
    onClose();
  };

  const author: TransferAuthor | null =
    from === 'user'
      ? session && { auth: 'user', email: session.user.email }
      : balances.data
        ? { auth: 'admin', from: balances.data.account }
        : admin?.adminDetails.account
          ? { auth: 'admin', from: admin.adminDetails.account }
          : null;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched({ address: true, amount: true });
    if (addressError(address, ownWallet)) return;
    const problem = amountError(amount, balance, 'submit');
    if (problem) {
      setSubmitError(problem);
      return;
    }
    if (!author) return;
    const body = { to: address.trim(), amount: normaliseAmount(amount) };
    try {
      const final = await transfer.run((consentToken) =>
        transferTokens(author, body, consentToken),
      );
      if (final.status === 'COMPLETED') {
        toast.success(TOASTS.success.tokensTransferred);
        reset();
        onClose();
      }
    } catch (error) {
      // The toast of the refused consent told why; the field shows it until changed.
      if (error instanceof ChainActionError && isAddressRefusal(error.message)) {
        setAddressRefusal(error.message);
      } else if (isStillProcessing(error)) {
        // Not a failure: the transfer is on its way, and Send again would send it twice.
        reset();
        onClose();
      } else if (!isCancelled(error)) toast.error(TOASTS.error.generic);
    }
  };

  return (
    <Modal open={open} title={title} onClose={close} dismissible={!busy}>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
        <TextField
          label="Wallet address"
          placeholder="0x..."
          autoComplete="off"
          spellCheck={false}
          value={address}
          readOnly={Boolean(lockedAddress)}
          error={addressMessage}
          onChange={(event) => {
            setAddress(event.target.value);
            setAddressRefusal(undefined);
            setTouched((t) => ({ ...t, address: true }));
          }}
        />
        <TextField
          label="Token amount"
          type="number"
          inputMode="decimal"
          step={TOKEN_AMOUNT_INPUT_STEP}
          min={0}
          value={amount}
          error={amountMessage}
          hint={
            balance !== undefined
              ? `Available: ${formatGetsAmount(balance)}`
              : 'Reading your balance...'
          }
          onChange={(event) => {
            setAmount(event.target.value);
            setSubmitError(undefined);
            setTouched((t) => ({ ...t, amount: true }));
          }}
        />
        <MoneyFacts
          label="What sending does to your wallet"
          balance={balance}
          amount={amount}
          amountLabel="Amount to send"
          feeLabel="Fee (the platform pays the network fee)"
          totalLabel="Total leaving your wallet"
          afterLabel="Your balance after"
        />
        <div className="flex justify-end gap-3">
          <button type="button" onClick={close} disabled={busy} className={buttonStyles.outline}>
            Cancel
          </button>
          <button
            type="submit"
            disabled={sendDisabled}
            aria-describedby={sendDisabled && sendReason ? hintId : undefined}
            className={buttonStyles.primary}
          >
            {busy ? 'Sending...' : 'Send'}
          </button>
        </div>
        {sendDisabled && <DisabledReason id={hintId} reason={sendReason} className="text-right" />}
      </form>
    </Modal>
  );
}
