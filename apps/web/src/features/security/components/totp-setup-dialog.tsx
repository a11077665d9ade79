// Setting up an authenticator app: the QR code to scan and the same secret as
// text (for an app on this very phone), then the first code it shows.
import { useState } from 'react';
import { SECURITY_MESSAGES, totpCodeSchema } from '@gets/schema';
import { buttonStyles } from '@/components/ui/button-styles';
import { TextField } from '@/components/ui/form-field';
import { Modal } from '@/components/ui/modal';
import { QrCode } from '@/components/ui/qr-code';
import { toast } from '@/lib/toast';
import { copyText } from '../lib/download';

export const TOTP_SETUP_TITLE = 'Set up authenticator app';
export const TOTP_QR_LABEL = 'QR code to scan with your authenticator app';

export function TotpSetupDialog({
  secret,
  otpauthUri,
  onConfirm,
  onClose,
}: {
  secret: string;
  otpauthUri: string;
  /** Sends the code; resolves with the server's refusal, or null once it is set up. */
  onConfirm: (code: string) => Promise<string | null>;
  onClose: () => void;
}) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    const parsed = totpCodeSchema.safeParse(code);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? SECURITY_MESSAGES.wrongCode);
      return;
    }
    setBusy(true);
    setError(await onConfirm(parsed.data));
    setBusy(false);
  };

  return (
    <Modal
      open
      title={TOTP_SETUP_TITLE}
      onClose={onClose}
      dismissible={!busy}
      size="sm"
      description={SECURITY_MESSAGES.totpStarted}
    >
      <div className="flex flex-col items-center gap-4">
        <QrCode value={otpauthUri} size={184} label={TOTP_QR_LABEL} />
      </div>
      <form
        noValidate
        className="mt-4 flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          void confirm();
        }}
      >
        <div className="flex items-end gap-2">
          <div className="min-w-0 flex-1">
            <TextField label="Secret key" value={secret} readOnly className="font-mono" />
          </div>
          <button
            type="button"
            className={buttonStyles.outline}
            onClick={() =>
              void copyText(secret).then((copied) => {
                if (copied) toast.success('Secret key copied!');
              })
            }
          >
            Copy
          </button>
        </div>
        <TextField
          label="Code from the app"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={code}
          onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
          error={error ?? undefined}
          disabled={busy}
        />
        <div className="flex justify-end">
          <button type="submit" disabled={busy} className={buttonStyles.primary}>
            Confirm
          </button>
        </div>
      </form>
    </Modal>
  );
}
