// The second factor in the consent dialog, for a person who has one: their
// passkey (when the consent carries a challenge for it) or a code of their
// authenticator app, then Confirm. Loaded with the first consent that asks for
// a factor, so the schemas and the passkey library stay out of the first load.
import { useId, useState } from 'react';
import { SECURITY_MESSAGES, totpCodeSchema, type SecondFactorRequired } from '@gets/schema';
import { buttonStyles } from '@/components/ui/button-styles';
import { TextField } from '@/components/ui/form-field';
import type { ConsentFactor } from '@/lib/consent-factor';
import { signWithPasskey } from '@/lib/webauthn';
import { Spinner } from './spinner';

type Method = 'passkey' | 'totp';

export interface ConsentFactorStepProps {
  secondFactor: SecondFactorRequired;
  /** The server's refusal of the last factor (a wrong code), shown until the next try. */
  error: string | null;
  submitting: boolean;
  onConfirm: (factor: ConsentFactor) => void;
  onCancel: () => void;
}

export function ConsentFactorStep({
  secondFactor,
  error,
  submitting,
  onConfirm,
  onCancel,
}: ConsentFactorStepProps) {
  const hasPasskey = secondFactor.passkey !== null;
  const hasTotp = secondFactor.kinds.includes('totp') || !hasPasskey;
  const [method, setMethod] = useState<Method>(hasPasskey ? 'passkey' : 'totp');
  const [code, setCode] = useState('');
  const [localError, setLocalError] = useState<string | null>(null);
  const [signing, setSigning] = useState(false);
  const groupName = useId();
  const busy = submitting || signing;
  const shownError = localError ?? error;

  const confirm = async () => {
    setLocalError(null);
    if (method === 'totp') {
      const parsed = totpCodeSchema.safeParse(code);
      if (!parsed.success) {
        setLocalError(parsed.error.issues[0]?.message ?? SECURITY_MESSAGES.wrongCode);
        return;
      }
      onConfirm({ totpCode: parsed.data });
      return;
    }
    if (!secondFactor.passkey) return;
    setSigning(true);
    try {
      const webauthn = await signWithPasskey(secondFactor.passkey);
      onConfirm({ webauthn });
    } catch {
      // Cancelled in the browser's own dialog, or no passkey here: nothing was sent.
      setLocalError(SECURITY_MESSAGES.passkeyFailed);
    } finally {
      setSigning(false);
    }
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void confirm();
      }}
    >
      <fieldset className="mt-4 flex flex-col gap-3 rounded-xl border border-slate-200 p-4">
        <legend className="px-1 text-sm font-semibold text-slate-900">
          {SECURITY_MESSAGES.confirmSecondFactor}
        </legend>
        {hasPasskey && hasTotp && (
          <div className="flex flex-wrap gap-4 text-sm text-slate-800">
            <label className="flex items-center gap-2">
              <input
                type="radio"
                name={groupName}
                checked={method === 'passkey'}
                onChange={() => setMethod('passkey')}
                disabled={busy}
              />
              Passkey
            </label>
            <label className="flex items-center gap-2">
              <input
                type="radio"
                name={groupName}
                checked={method === 'totp'}
                onChange={() => setMethod('totp')}
                disabled={busy}
              />
              Authenticator app
            </label>
          </div>
        )}
        {method === 'totp' ? (
          <TextField
            label="Authenticator code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
            disabled={busy}
            data-autofocus
          />
        ) : (
          <p className="text-sm text-slate-600">
            Confirm opens your browser&apos;s passkey prompt.
          </p>
        )}
        {shownError && (
          <p role="alert" className="text-sm font-medium text-red-600">
            {shownError}
          </p>
        )}
      </fieldset>
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <button type="button" onClick={onCancel} disabled={busy} className={buttonStyles.outline}>
          Cancel
        </button>
        <button type="submit" disabled={busy} aria-busy={busy} className={buttonStyles.primary}>
          {busy && <Spinner />}
          Confirm
        </button>
      </div>
    </form>
  );
}
