// Settings shared by playwright.config.ts (the servers it starts) and the
// journeys (what they sign in with). Test-only values. Every port comes from
// the environment, with these defaults (README, "Browser tests"); `npm run
// test:e2e` gives each of its lanes these plus 10 × the lane's number
// (e2e/support/run-lanes.ts).

/** A port from the environment (unset or empty: the default); anything else but a port stops the run. */
export function portFromEnv(name: string, fallback: number): number {
  const value = process.env[name];
  if (value === undefined || value.trim() === '') return fallback;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw new Error(`${name}: ${JSON.stringify(value)} is not a port (1-65535)`);
  }
  return port;
}

/** The platform the journeys drive: web app and API. */
export const E2E_PORT = portFromEnv('E2E_PORT', 18080);
export const MAIL_SINK_SMTP_PORT = portFromEnv('MAIL_SINK_SMTP_PORT', 18025);
export const MAIL_SINK_HTTP_PORT = portFromEnv('MAIL_SINK_HTTP_PORT', 18026);

export const E2E_ADMIN = {
  email: 'admin@e2e.test',
  password: 'E2e-Admin-Pass1!',
  loginSecret: 'e2e-admin-login-secret-0123456789',
} as const;

/** Password every journey's new account starts with. */
export const E2E_PASSWORD = 'Journey-Pass1!';

/** Port of the embedded Anvil the journeys' server starts (journeys fund wallets through it). */
export const E2E_ANVIL_PORT = portFromEnv('E2E_ANVIL_PORT', E2E_PORT + 1);

/** Journeys of the admin console: below 1000 px it shows only a message, so the 375 px project leaves them out. */
export const WIDE_SCREEN_TAG = '@wide-screen';

/**
 * The e2e admin's passkey (test-only key material): the admin must have a
 * second factor before any change (decision 0064). The journeys' Node side
 * signs with it in software, and each page's Chromium holds it in a virtual
 * authenticator, so every browser context confirms as the same admin.
 */
export const E2E_ADMIN_PASSKEY = {
  privateKeyPkcs8:
    'MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgtBXub5mZEQ7bbMA5CiC4WJjjfFV99VdsaGmscCYjvGehRANCAAQYULHiF8KigATi3WoNJcsTYc+NFc6C6gTZwr9QswGd2kiy0dFCh84wwtwcu7r4fkvHAi6m8F9d2wROXfjdmN7O',
  credentialId: '84xcFJl0WJMvzebWnwIsuXkiC6ZWmstULXKYvjcBZ04=',
  userHandle: '8BCu8iMvInO0vKoXWX+kaw==',
} as const;
