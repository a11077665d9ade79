// Passkeys in the journeys: Chromium's virtual authenticator (the DevTools
// protocol's WebAuthn domain) answers a page's passkey prompts as a person's
// device would, and the admin's passkey is enrolled once through the API.
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import {
  assert as signAssertion,
  register,
  softAuthenticator,
  type SoftAuthenticator,
} from '../../apps/server/test/helpers/soft-authenticator';
import { E2E_ADMIN, E2E_ADMIN_PASSKEY, E2E_PORT } from './e2e-env';

/** The journeys' server, as the browser's pages are served from it (playwright.config.ts). */
const origin = `http://localhost:${E2E_PORT}`;

const adminAuthenticator: SoftAuthenticator = softAuthenticator({
  privateKeyPkcs8: Buffer.from(E2E_ADMIN_PASSKEY.privateKeyPkcs8, 'base64'),
  credentialId: new Uint8Array(Buffer.from(E2E_ADMIN_PASSKEY.credentialId, 'base64')),
  userHandle: new Uint8Array(Buffer.from(E2E_ADMIN_PASSKEY.userHandle, 'base64')),
});

/**
 * A virtual authenticator on this page that says yes to every prompt
 * (presence and verification simulated); answers its id for addCredential.
 */
export async function virtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

/** The e2e admin's passkey signing a request of the server's (a consent's, say). */
export const adminAssertion = (options: { challenge: string; rpId?: string }) =>
  signAssertion(adminAuthenticator, options, origin);

/** The e2e admin's passkey in this page's virtual authenticator. */
export async function holdAdminPasskey(page: Page) {
  const { cdp, authenticatorId } = await virtualAuthenticator(page);
  await cdp.send('WebAuthn.addCredential', {
    authenticatorId,
    credential: {
      credentialId: E2E_ADMIN_PASSKEY.credentialId,
      isResidentCredential: true,
      rpId: 'localhost',
      privateKey: E2E_ADMIN_PASSKEY.privateKeyPkcs8,
      userHandle: E2E_ADMIN_PASSKEY.userHandle,
      // Above every count this credential showed before (the software side's is time-based too).
      signCount: adminAuthenticator.nextCount(),
    },
  });
}

/**
 * Logs the admin in through the API (the secret header of the login link),
 * confirming with the admin's passkey; the first time, the admin enrols it.
 */
export async function adminToken(request: APIRequestContext): Promise<string> {
  const login = (extra: Record<string, unknown> = {}) =>
    request.post('/gs-api/admin/adminLogin', {
      headers: { 'x-admin-login-secret': E2E_ADMIN.loginSecret },
      data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password, ...extra },
    });
  let answer = await login();
  if (answer.status() === 401) {
    const refusal = (await answer.json()) as {
      data?: { passkey?: { challenge: string; rpId?: string } | null };
    };
    const passkey = refusal.data?.passkey;
    expect(passkey, 'the admin is asked for the passkey').toBeTruthy();
    answer = await login({ webauthn: signAssertion(adminAuthenticator, passkey!, origin) });
  }
  expect(answer.ok(), await answer.text()).toBe(true);
  const token = ((await answer.json()) as { data: { token: string } }).data.token;
  const headers = { authorization: `Bearer ${token}` };
  const security = (await (await request.get('/gs-api/security', { headers })).json()) as {
    data: { hasSecondFactor: boolean };
  };
  if (!security.data.hasSecondFactor) {
    const options = await request.post('/gs-api/security/passkeys/options', { headers, data: {} });
    expect(options.ok(), await options.text()).toBe(true);
    const creation = (
      (await options.json()) as { data: { challenge: string; rp: { id?: string } } }
    ).data;
    const added = await request.post('/gs-api/security/passkeys', {
      headers,
      data: {
        name: 'E2E admin passkey',
        attestation: register(adminAuthenticator, creation, origin),
      },
    });
    expect(added.ok(), await added.text()).toBe(true);
  }
  return token;
}
