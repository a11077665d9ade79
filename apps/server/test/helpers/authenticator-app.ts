// A person's authenticator app in the API tests: set up through the calls the
// Security section makes, and its codes computed as the app would.
import { expect } from 'vitest';
import { generate } from 'otplib';
import { SECURITY_MESSAGES } from '@gets/schema';
import { call } from './account-flows.ts';
import type { TestPlatform } from './test-platform.ts';

/** A code of `secret` for the time step `steps` away from now. */
export const totpCodeOf = (secret: string, steps = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

/** Sets up the app for the session's person; answers the secret and any recovery codes. */
export async function setUpAuthenticatorApp(
  platform: TestPlatform,
  headers: Record<string, string>,
) {
  const setup = await call<{ secret: string }>(
    platform,
    'POST',
    '/security/totp/setup',
    {},
    headers,
  );
  expect(setup.status).toBe(200);
  const secret = setup.data.secret;
  const confirmed = await call<{ recoveryCodes: string[] | null }>(
    platform,
    'POST',
    '/security/totp/confirm',
    { code: await totpCodeOf(secret) },
    headers,
  );
  expect(confirmed).toMatchObject({ status: 200, message: SECURITY_MESSAGES.totpEnabled });
  return { secret, recoveryCodes: confirmed.data.recoveryCodes };
}
