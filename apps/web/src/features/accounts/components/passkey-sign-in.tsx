// "Sign in with a passkey" on the login page, shown only where the browser can
// use passkeys: a challenge from the server, signed by the browser's passkey.
import { useEffect, useState } from 'react';
import { SECURITY_MESSAGES, type AuthData, type WebauthnAssertion } from '@gets/schema';
import { buttonStyles } from '@/components/ui/button-styles';
import { showApiError } from '@/lib/api-feedback';
import { toast } from '@/lib/toast';
import { passkeysSupported, signWithPasskey } from '@/lib/webauthn';
import { getPasskeyLoginOptions, passkeyLogin } from '../api/passkey-login';

export const PASSKEY_SIGN_IN_LABEL = 'Sign in with a passkey';

export function PasskeySignIn({
  onSignedIn,
}: {
  onSignedIn: (result: { message: string; data: AuthData }) => void;
}) {
  const [supported, setSupported] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    passkeysSupported().then(
      (value) => live && setSupported(value),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);

  if (!supported) return null;

  const signIn = async () => {
    setBusy(true);
    try {
      const options = await getPasskeyLoginOptions();
      if (!options.success) return showApiError(options);
      let webauthn: WebauthnAssertion;
      try {
        webauthn = (await signWithPasskey(options.data)) as WebauthnAssertion;
      } catch {
        toast.error(SECURITY_MESSAGES.passkeyFailed);
        return;
      }
      const result = await passkeyLogin(webauthn);
      if (!result.success) return showApiError(result);
      onSignedIn(result);
    } finally {
      setBusy(false);
    }
  };

  return (
    <button
      type="button"
      onClick={() => void signIn()}
      disabled={busy}
      className={buttonStyles.outline}
    >
      {PASSKEY_SIGN_IN_LABEL}
    </button>
  );
}
