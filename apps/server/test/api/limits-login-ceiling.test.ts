// One account's password guessed from many addresses: the per-(account, IP)
// count never fills, so logins to an account also count across IPs. After a
// few in a row without success each further one waits twice as long as the
// one before, up to a ceiling (429, Retry-After, words a person can read);
// never a lockout: the owner who waits gets in, and a password reset by
// email clears the count. Every email is treated alike, with an account or not.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES, ADMIN_LOGIN_SECRET_HEADER, loginDelayMessage } from '@gets/schema';
import { call, latestOtp, registerUser, uniqueEmail } from '../helpers/account-flows.ts';
import { startTestPlatform, type TestPlatform } from '../helpers/test-platform.ts';

const FREE = 4;
const MAX_DELAY_SECONDS = 600;
const ADMIN_EMAIL = 'chief-ceiling@example.org';
const ADMIN_PASSWORD = 'Adm1n!password';
const SECRET = 'ceiling-test-secret-0123456789';

let platform: TestPlatform;

beforeAll(async () => {
  platform = await startTestPlatform({
    // The test is the proxy: X-Forwarded-For says which address each guess comes from.
    TRUST_PROXY: '1',
    RATE_LIMIT_IP_MAX: '10000',
    // Per account and IP: more than any one address here tries.
    RATE_LIMIT_ACCOUNT_MAX: '3',
    LOGIN_ATTEMPTS_BEFORE_DELAY: String(FREE),
    LOGIN_DELAY_MAX_SECONDS: String(MAX_DELAY_SECONDS),
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    ADMIN_LOGIN_SECRET: SECRET,
  });
});
afterAll(async () => {
  await platform?.stop();
});

let nextHost = 1;
/** An address no earlier guess of this file came from. */
const freshAddress = () => `198.51.100.${nextHost++}`;

/** A login as a browser behind the proxy at `from` makes it, with the answer's Retry-After. */
async function loginFrom(from: string, email: string, password: string) {
  const response = await platform.request('/gs-api/metakeep/auth/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': from },
    body: JSON.stringify({ email, password }),
  });
  const body = (await response.json()) as { message: string };
  return {
    status: response.status,
    message: body.message,
    retryAfter: response.headers.get('retry-after'),
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Sets the account's count as guessing would have left it, its last attempt
 * `secondsAgo` (waiting the doubling out is no test).
 */
async function setCount(email: string, attempts: number, secondsAgo = 0) {
  await platform.ctx.db.query(
    `INSERT INTO auth_attempts (scope, subject, window_start, attempts)
     VALUES ('login-account', $1, now() - $3::int * interval '1 second', $2)
     ON CONFLICT (scope, subject) DO UPDATE
       SET attempts = EXCLUDED.attempts, window_start = EXCLUDED.window_start`,
    [email.toLowerCase(), attempts, secondsAgo],
  );
}

describe('logins to one account from many IPs', () => {
  it('let the first few through, then each waits twice as long as the one before, whatever the address', async () => {
    const owner = await registerUser(platform);
    for (let i = 0; i < FREE; i += 1) {
      expect(await loginFrom(freshAddress(), owner.email, 'Wrong!pass1')).toMatchObject({
        status: 401,
        message: ACCOUNT_MESSAGES.invalidCredentials,
      });
    }
    // A fifth address at once: its turn comes in a second; the right password changes nothing.
    const early = await loginFrom(freshAddress(), owner.email, owner.password);
    expect(early).toEqual({ status: 429, message: loginDelayMessage(1), retryAfter: '1' });

    await sleep(1_050);
    expect((await loginFrom(freshAddress(), owner.email, 'Wrong!pass1')).status).toBe(401);
    const next = await loginFrom(freshAddress(), owner.email, 'Wrong!pass1');
    expect(next.status).toBe(429);
    expect(['1', '2']).toContain(next.retryAfter);
    // Further in, each wait is twice the one before (set as if the attempts were made just now).
    for (const { waitsSoFar, wait } of [
      { waitsSoFar: 3, wait: 8 },
      { waitsSoFar: 4, wait: 16 },
      { waitsSoFar: 5, wait: 32 },
    ]) {
      await setCount(owner.email, FREE + waitsSoFar);
      const held = await loginFrom(freshAddress(), owner.email, owner.password);
      expect(held.status).toBe(429);
      expect(Number(held.retryAfter)).toBeGreaterThan(wait - 2);
      expect(Number(held.retryAfter)).toBeLessThanOrEqual(wait);
    }

    // Never a lockout: the owner who waits their turn gets in, and that clears the count.
    await setCount(owner.email, FREE + 1, 3);
    expect((await loginFrom('203.0.113.9', owner.email, owner.password)).status).toBe(200);
    for (let i = 0; i < FREE; i += 1) {
      expect((await loginFrom(freshAddress(), owner.email, 'Wrong!pass1')).status).toBe(401);
    }
  });

  it('take their turns one at a time when sent together: of 20 guesses from 20 addresses when a turn is due, one is judged', async () => {
    const owner = await registerUser(platform);
    // Five waits into the doubling, the last attempt 33 s ago: the next turn (after 32 s) is due.
    await setCount(owner.email, FREE + 5, 33);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => loginFrom(freshAddress(), owner.email, 'Wrong!pass1')),
    );
    expect(answers.filter((answer) => answer.status === 401)).toHaveLength(1);
    const refused = answers.filter((answer) => answer.status === 429);
    expect(refused).toHaveLength(19);
    for (const answer of refused) {
      // The one judged took the turn: the next waits 64 s from it.
      expect(Number(answer.retryAfter)).toBeGreaterThan(60);
      expect(answer.message).toBe(loginDelayMessage(Number(answer.retryAfter)));
    }
  });

  it('wait at most the ceiling, said in minutes, and a password reset by email clears the wait at once', async () => {
    const owner = await registerUser(platform);
    // As after an hour of guessing from a botnet: far past the doubling, held at the ceiling.
    await setCount(owner.email, FREE + 30);
    const held = await loginFrom(freshAddress(), owner.email, owner.password);
    expect(held.status).toBe(429);
    expect(Number(held.retryAfter)).toBeLessThanOrEqual(MAX_DELAY_SECONDS);
    expect(Number(held.retryAfter)).toBeGreaterThan(MAX_DELAY_SECONDS - 5);
    expect(held.message).toBe(loginDelayMessage(Number(held.retryAfter)));
    expect(held.message).toContain('Please wait 10 minutes before trying again');

    // The owner resets the password from the mailbox: the code checks are not logins.
    const reset = (path: string, body: Record<string, unknown>) =>
      call(platform, 'POST', path, { email: owner.email, ...body });
    expect((await reset('/admin-auth/reset-password/mail', {})).status).toBe(200);
    const otp = await latestOtp(platform, owner.email);
    const newPassword = 'N3w!password';
    expect((await reset('/admin-auth/reset-password', { otp, password: newPassword })).status).toBe(
      200,
    );
    expect((await loginFrom(freshAddress(), owner.email, newPassword)).status).toBe(200);
  });

  it('answer an email without an account exactly as one with an account', async () => {
    const owner = await registerUser(platform);
    const nobody = uniqueEmail('nobody');
    const walk = async (email: string) => {
      const seen: { status: number; message: string; retryAfter: string | null }[] = [];
      for (let i = 0; i <= FREE; i += 1)
        seen.push(await loginFrom(freshAddress(), email, 'Wrong!pass1'));
      return seen;
    };
    expect(await walk(nobody)).toEqual(await walk(owner.email));
  });

  it('hold for the admin login too', async () => {
    const adminLoginFrom = async (from: string) => {
      const response = await platform.request('/gs-api/admin/adminLogin', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-forwarded-for': from,
          [ADMIN_LOGIN_SECRET_HEADER]: SECRET,
        },
        body: JSON.stringify({ email: ADMIN_EMAIL, password: 'Wrong!pass1' }),
      });
      return response.status;
    };
    for (let i = 0; i < FREE; i += 1) expect(await adminLoginFrom(freshAddress())).toBe(401);
    expect(await adminLoginFrom(freshAddress())).toBe(429);
  });
});
