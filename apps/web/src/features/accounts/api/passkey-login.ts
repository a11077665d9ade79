// "Sign in with a passkey": POST /metakeep/auth/passkey/options for a
// challenge, the browser signs it, POST /metakeep/auth/passkey/login answers
// as the password login does ({ token, user }).
import type { AuthData, PasskeyOptions, WebauthnAssertion } from '@gets/schema';
import { apiRequest } from '@/lib/api-client';
import { deviceIdHeader } from '@/lib/device-id';

export const getPasskeyLoginOptions = () =>
  apiRequest<PasskeyOptions>('/metakeep/auth/passkey/options', {
    method: 'POST',
    auth: 'none',
    headers: deviceIdHeader(),
  });

export const passkeyLogin = (webauthn: WebauthnAssertion) =>
  apiRequest<AuthData>('/metakeep/auth/passkey/login', {
    method: 'POST',
    body: { webauthn },
    auth: 'none',
    headers: deviceIdHeader(),
  });
