// Settings shared by playwright.config.ts (the servers it starts) and the
// journeys (what they sign in with). Test-only values.
export const MAIL_SINK_SMTP_PORT = Number(process.env.MAIL_SINK_SMTP_PORT ?? 18025);
export const MAIL_SINK_HTTP_PORT = Number(process.env.MAIL_SINK_HTTP_PORT ?? 18026);

export const E2E_ADMIN = {
  email: 'admin@e2e.test',
  password: 'E2e-Admin-Pass1!',
  loginSecret: 'e2e-admin-login-secret-0123456789',
} as const;

/** Password every journey's new account starts with. */
export const E2E_PASSWORD = 'Journey-Pass1!';

/** Port of the embedded Anvil the journeys' server starts (journeys fund wallets through it). */
export const E2E_ANVIL_PORT = Number(
  process.env.E2E_ANVIL_PORT ?? Number(process.env.E2E_PORT ?? 18080) + 1,
);

/** Journeys of the admin console: below 1000 px it shows only a message, so the 375 px project leaves them out. */
export const WIDE_SCREEN_TAG = '@wide-screen';
