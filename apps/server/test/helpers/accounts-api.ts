// The set-up the accounts API files share (accounts*.test.ts by concern:
// registration, sign-in and profile, password reset): one platform per file
// whose printed lines are kept (the OTP the server prints), with the rate
// limits out of the way (accounts-limits.test.ts tests those).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, vi } from 'vitest';
import { hashPassword } from '../../src/modules/accounts/passwords.ts';
import { insertUser } from '../../src/modules/accounts/user-repository.ts';
import { GOOD_PASSWORD, call, latestOtp, uniqueEmail, type Answer } from './account-flows.ts';
import { startTestPlatform, type TestPlatform } from './test-platform.ts';

/**
 * Starts the file's platform before its tests (handing it to `started`) and
 * stops it after; `printed` collects what the server prints meanwhile.
 */
export function useAccountsPlatform(
  printed: string[],
  started: (platform: TestPlatform) => void,
): void {
  let platform: TestPlatform | undefined;
  beforeAll(async () => {
    vi.spyOn(console, 'log').mockImplementation((line: unknown) => {
      printed.push(String(line));
    });
    platform = await startTestPlatform({
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
      // Limits are tested in accounts-limits.test.ts; here they stay out of the way.
      RATE_LIMIT_IP_MAX: '10000',
      RATE_LIMIT_ACCOUNT_MAX: '10000',
    });
    started(platform);
  });
  afterAll(async () => {
    await platform?.stop();
    vi.restoreAllMocks();
  });
}

/** An answer to compare with one for another email: the email it repeats left out. */
export const apartFromEmail = (answer: Answer) => ({
  ...answer,
  data: { ...(answer.data as object), email: 'x' },
});

/** The calls of the accounts API files, on the platform `platform()` answers. */
export function accountsCalls(platform: () => TestPlatform) {
  const post = <T = unknown>(path: string, body: unknown, headers?: Record<string, string>) =>
    call<T>(platform(), 'POST', path, body, headers);

  /**
   * An email that holds a live registration code and an account: the code was
   * asked for, then the account came about another way before it was used.
   */
  async function accountAfterRegistrationCode() {
    const email = uniqueEmail();
    await post('/admin-auth/send-verification-email', { email });
    const registrationCode = await latestOtp(platform(), email);
    const id = randomUUID();
    await insertUser(platform().ctx.db, {
      id,
      email,
      passwordHash: await hashPassword(GOOD_PASSWORD),
      fullName: 'Code Holder',
      userName: `holder_${id.slice(0, 8)}`,
      userType: 'EARNER',
      status: 'APPROVED',
      emailVerified: true,
      profilePic: null,
    });
    return { email, registrationCode };
  }

  return { post, accountAfterRegistrationCode };
}
