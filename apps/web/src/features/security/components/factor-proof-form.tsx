// "Confirm it is you": one step for every place that asks for a second factor
// (a sign-in, each security change): the person's passkey, a code of their
// authenticator app, or one of their recovery codes. The caller sends the
// proof and tells this form the server's refusal, if any, through `error`.
import { useState } from 'react';
import {
  recoveryCodeSchema,
  totpCodeSchema,
  type PasskeyOptions,
  type SecondFactorKind,
  type SecondFactorProof,
  SECURITY_MESSAGES,
} from '@gets/schema';
import { buttonStyles } from '@/components/ui/button-styles';
import { TextField } from '@/components/ui/form-field';
import { signWithPasskey } from '@/lib/webauthn';

export interface FactorProofFormProps {
  /** The factors the person has. */
  kinds: readonly SecondFactorKind[];
  /** A passkey challenge to sign (the one a refusal carried, or a fresh step-up one). */
  getPasskeyOptions: () => Promise<PasskeyOptions | null>;
  onProof: (proof: SecondFactorProof) => Promise<void>;
  /** The server's refusal of the last proof (a wrong code). */
  error?: string | null;
  intro?: string;
  onCancel?: () => void;
}

type Method = 'code' | 'recovery';

export function FactorProofForm({
  kinds,
  getPasskeyOptions,
  onProof,
  error = null,
  intro = SECURITY_MESSAGES.confirmSecondFactor,
  onCancel,
}: FactorProofFormProps) {
  const hasTotp = kinds.includes('totp');
  const hasRecovery = kinds.includes('recoveryCode');
  // A recovery code is the fallback: offered behind a link unless it is all the person has.
  const [method, setMethod] = useState<Method>(
    hasTotp || kinds.includes('passkey') || !hasRecovery ? 'code' : 'recovery',
  );
  const [code, setCode] = useState('');
  const [recoveryCode, setRecoveryCode] = useState('');
  const [localError, setLocalError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const shownError = localError ?? error;

  const send = async (proof: SecondFactorProof) => {
    setBusy(true);
    try {
      await onProof(proof);
    } finally {
      setBusy(false);
    }
  };

  const confirmWithPasskey = async () => {
    setLocalError(null);
    setBusy(true);
    let webauthn: SecondFactorProof['webauthn'];
    try {
      const options = await getPasskeyOptions();
      if (!options) throw new Error('No passkey challenge');
      webauthn = (await signWithPasskey(options)) as SecondFactorProof['webauthn'];
    } catch {
      setBusy(false);
      setLocalError(SECURITY_MESSAGES.passkeyFailed);
      return;
    }
    await send({ webauthn });
  };

  const submitCode = async () => {
    setLocalError(null);
    const parsed =
      method === 'code'
        ? totpCodeSchema.safeParse(code)
        : recoveryCodeSchema.safeParse(recoveryCode);
    if (!parsed.success) {
      setLocalError(parsed.error.issues[0]?.message ?? SECURITY_MESSAGES.wrongCode);
      return;
    }
    await send(method === 'code' ? { totpCode: parsed.data } : { recoveryCode: parsed.data });
  };

  const showCodeForm = (method === 'code' && hasTotp) || method === 'recovery';

  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-slate-700">{intro}</p>
      {kinds.includes('passkey') && (
        <button
          type="button"
          onClick={() => void confirmWithPasskey()}
          disabled={busy}
          className={buttonStyles.primary}
        >
          Use your passkey
        </button>
      )}
      {showCodeForm && (
        <form
          noValidate
          className="flex flex-col gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            void submitCode();
          }}
        >
          {method === 'code' ? (
            <TextField
              key="code"
              label="Authenticator code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              value={code}
              onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
              disabled={busy}
            />
          ) : (
            <TextField
              key="recovery"
              label="Recovery code"
              autoComplete="off"
              spellCheck={false}
              value={recoveryCode}
              onChange={(event) => setRecoveryCode(event.target.value)}
              disabled={busy}
            />
          )}
          <button type="submit" disabled={busy} className={buttonStyles.outline}>
            Confirm
          </button>
        </form>
      )}
      {shownError && (
        <p role="alert" className="text-sm font-medium text-red-600">
          {shownError}
        </p>
      )}
      <div className="flex flex-wrap items-center justify-between gap-3 text-sm">
        {hasRecovery && method !== 'recovery' && (
          <button
            type="button"
            onClick={() => {
              setLocalError(null);
              setMethod('recovery');
            }}
            className="font-semibold text-brand-800 underline-offset-2 hover:underline"
          >
            Use a recovery code
          </button>
        )}
        {hasTotp && method === 'recovery' && (
          <button
            type="button"
            onClick={() => {
              setLocalError(null);
              setMethod('code');
            }}
            className="font-semibold text-brand-800 underline-offset-2 hover:underline"
          >
            Use your authenticator app
          </button>
        )}
        {onCancel && (
          <button
            type="button"
            onClick={onCancel}
            disabled={busy}
            className="ml-auto font-semibold text-slate-600 hover:underline"
          >
            Cancel
          </button>
        )}
      </div>
    </div>
  );
}
