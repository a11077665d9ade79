// "Export wallet": the wallet's key as an encrypted keystore file (Web3 Secret
// Storage v3), under a passphrase the person chooses. With a second factor the
// export is confirmed with it; without one, with the password and a mailed code.
import { useState } from 'react';
import {
  EXPORT_PASSPHRASE_MIN_LENGTH,
  SECURITY_MESSAGES,
  type SecondFactorProof,
} from '@gets/schema';
import { buttonStyles } from '@/components/ui/button-styles';
import { PasswordField, TextField } from '@/components/ui/form-field';
import { Modal } from '@/components/ui/modal';
import { showApiError, showApiSuccess } from '@/lib/api-feedback';
import type { ApiResult } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { exportWallet, sendWalletExportCode } from '../api/security-api';
import { downloadText } from '../lib/download';

export const EXPORT_TITLE = 'Export wallet';

type ExportAnswer = Awaited<ReturnType<typeof exportWallet>>;

export function WalletExportDialog({
  hasSecondFactor,
  confirm,
  onClose,
}: {
  hasSecondFactor: boolean;
  /** The "confirm it is you" step (useConfirmItIsYou), for a person with a factor. */
  confirm: <T>(
    change: (proof: SecondFactorProof) => Promise<ApiResult<T>>,
  ) => Promise<ApiResult<T> | null>;
  onClose: () => void;
}) {
  const [passphrase, setPassphrase] = useState('');
  const [again, setAgain] = useState('');
  const [password, setPassword] = useState('');
  const [emailCode, setEmailCode] = useState('');
  const [errors, setErrors] = useState<{ passphrase?: string; again?: string; password?: string }>(
    {},
  );
  const [busy, setBusy] = useState(false);
  const [codeSent, setCodeSent] = useState(false);

  const check = () => {
    const found: typeof errors = {};
    if (passphrase.length < EXPORT_PASSPHRASE_MIN_LENGTH) {
      found.passphrase = SECURITY_MESSAGES.passphraseTooShort;
    }
    if (again !== passphrase) found.again = SECURITY_MESSAGES.passphraseMismatch;
    if (!hasSecondFactor && password === '') found.password = 'Enter your password';
    setErrors(found);
    return Object.keys(found).length === 0;
  };

  const finish = (result: ExportAnswer | null) => {
    if (!result) return;
    if (!result.success) {
      showApiError(result);
      return;
    }
    downloadText(
      result.data.fileName,
      JSON.stringify(result.data.keystore, null, 2),
      'application/json',
    );
    showApiSuccess({ message: SECURITY_MESSAGES.walletExported });
    onClose();
  };

  const submit = async () => {
    if (!check()) return;
    setBusy(true);
    try {
      const result = hasSecondFactor
        ? await confirm((proof) => exportWallet({ ...proof, passphrase }))
        : await exportWallet({ passphrase, password, emailCode: emailCode.trim() });
      finish(result);
    } finally {
      setBusy(false);
    }
  };

  const sendCode = async () => {
    const result = await sendWalletExportCode();
    if (!result.success) {
      showApiError(result);
      return;
    }
    setCodeSent(true);
    toast.success(`${result.message}!`);
  };

  return (
    <Modal open title={EXPORT_TITLE} onClose={onClose} dismissible={!busy} size="md">
      <div
        role="note"
        className="flex flex-col gap-2 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900"
      >
        <p>
          <strong>Whoever has this file and its passphrase controls your tokens.</strong> Keep both
          somewhere safe, and never send them to anyone.
        </p>
        <p>
          The platform keeps its own copy of your wallet and goes on working as before: exporting
          does not move your tokens or end your account.
        </p>
      </div>
      <form
        noValidate
        className="mt-5 flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <PasswordField
          label="Passphrase"
          autoComplete="new-password"
          value={passphrase}
          onChange={(event) => setPassphrase(event.target.value)}
          hint={`At least ${EXPORT_PASSPHRASE_MIN_LENGTH} characters. It cannot be recovered.`}
          error={errors.passphrase}
        />
        <PasswordField
          label="Confirm passphrase"
          autoComplete="new-password"
          value={again}
          onChange={(event) => setAgain(event.target.value)}
          error={errors.again}
        />
        {!hasSecondFactor && (
          <>
            <PasswordField
              label="Password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              error={errors.password}
            />
            <div className="flex items-end gap-2">
              <div className="min-w-0 flex-1">
                <TextField
                  label="Email code"
                  autoComplete="one-time-code"
                  value={emailCode}
                  onChange={(event) => setEmailCode(event.target.value)}
                  hint={codeSent ? 'We sent a code to your email.' : undefined}
                />
              </div>
              <button
                type="button"
                onClick={() => void sendCode()}
                className={buttonStyles.outline}
              >
                Email me a code
              </button>
            </div>
          </>
        )}
        <div className="mt-2 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <button type="button" onClick={onClose} disabled={busy} className={buttonStyles.outline}>
            Cancel
          </button>
          <button type="submit" disabled={busy} className={buttonStyles.primary}>
            Export wallet
          </button>
        </div>
      </form>
    </Modal>
  );
}
