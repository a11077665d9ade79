// Passkeys through @simplewebauthn/browser, loaded on first use: the library
// stays out of the first load, and only people who use a passkey fetch it.
import type { PasskeyOptions } from '@gets/schema';

const load = () => import('@simplewebauthn/browser');

/** Asks the browser to sign the server's challenge with a passkey (AuthenticationResponseJSON). */
export async function signWithPasskey(options: PasskeyOptions) {
  const { startAuthentication } = await load();
  return startAuthentication({
    optionsJSON: options as unknown as Parameters<typeof startAuthentication>[0]['optionsJSON'],
  });
}

/** Asks the browser to make a new passkey for the server's options (RegistrationResponseJSON). */
export async function createPasskey(options: PasskeyOptions) {
  const { startRegistration } = await load();
  return startRegistration({
    optionsJSON: options as unknown as Parameters<typeof startRegistration>[0]['optionsJSON'],
  });
}

/** Whether this browser can use passkeys at all. */
export async function passkeysSupported(): Promise<boolean> {
  const { browserSupportsWebAuthn } = await load();
  return browserSupportsWebAuthn();
}
