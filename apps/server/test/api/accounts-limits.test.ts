// Login, OTP and reset calls are limited per IP (in the process) and per
// account and IP (in the database), answered 429 with how long to wait. A
// guesser blocks themselves, never the account's owner on another device.
// Wrong one-time codes also count per account across every IP and code.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '@gets/schema';
import {
  ageLastOtp,
  call,
  callFrom,
  latestOtp,
  registerUser,
  uniqueEmail,
} from '../helpers/account-flows.ts';
import { startTestPlatform, type TestPlatform } from '../helpers/test-platform.ts';

describe('attempt limits', () => {
  let platform: TestPlatform;

  beforeAll(async () => {
    platform = await startTestPlatform({
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
      RATE_LIMIT_IP_MAX: '6',
      RATE_LIMIT_IP_WINDOW_SECONDS: '60',
      RATE_LIMIT_ACCOUNT_MAX: '3',
      RATE_LIMIT_ACCOUNT_WINDOW_SECONDS: '900',
      // The per-account count of wrong codes has its own tests below.
      OTP_GUESSES_PER_ACCOUNT_PER_HOUR: '1000',
    });
  });
  afterAll(async () => {
    await platform?.stop();
  });

  const login = (email: string, password: string) =>
    call(platform, 'POST', '/metakeep/auth/login', { email, password });

  it('blocks a guesser after 3 failed logins on an account, never the owner on their own device; then the IP after 6 calls', async () => {
    const alice = await registerUser(platform);
    const bob = await registerUser(platform);
    // Someone on 127.0.0.2 guesses alice's password.
    for (let i = 0; i < 3; i += 1) {
      expect(
        await callFrom(platform, '127.0.0.2', '/metakeep/auth/login', {
          email: alice.email,
          password: 'Wrong!pass1',
        }),
      ).toMatchObject({ status: 401, message: ACCOUNT_MESSAGES.invalidCredentials });
    }
    // The guesser waits for the window (~900 s), even with the right password.
    const blocked = await callFrom(platform, '127.0.0.2', '/metakeep/auth/login', {
      email: alice.email,
      password: alice.password,
    });
    expect(blocked.status).toBe(429);
    expect(blocked.message).toMatch(/^Too many attempts\. Please try again in (89\d|900) seconds$/);

    // Alice, on her own device (127.0.0.1), logs in.
    expect((await login(alice.email, alice.password)).status).toBe(200);
    for (let i = 0; i < 5; i += 1) expect((await login(bob.email, bob.password)).status).toBe(200);
    // Seventh login call from this IP within the minute.
    const ipBlocked = await login(bob.email, bob.password);
    expect(ipBlocked.status).toBe(429);
    expect(ipBlocked.message).toMatch(
      /^Too many attempts\. Please try again in ([1-5]\d|60) seconds$/,
    );
  });

  it('keeps the per-account count in the database (so every API process sees it)', async () => {
    const rows = await platform.ctx.db.query<{ scope: string; attempts: number }>(
      `SELECT scope, attempts FROM auth_attempts WHERE scope = 'login'`,
    );
    expect(rows.map((row) => Number(row.attempts))).toContain(4);
  });

  it('takes the tries of a code one at a time: of 12 concurrent wrong guesses, 5 are judged and the rest refused, and then the right code is refused too', async () => {
    const email = uniqueEmail();
    expect(
      (await call(platform, 'POST', '/admin-auth/send-verification-email', { email })).status,
    ).toBe(200);
    const right = await latestOtp(platform, email);
    const wrong = right === '000000' ? '111111' : '000000';
    // Each guess from its own address, so only the code's own count stops them.
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        callFrom(platform, `127.0.1.${i + 1}`, '/admin-auth/verify-otp', { email, otp: wrong }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 400)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(7);
    expect(
      answers
        .filter((a) => a.status === 429)
        .every((a) => a.message === ACCOUNT_MESSAGES.otpTooManyAttempts),
    ).toBe(true);
    expect(
      await callFrom(platform, '127.0.2.1', '/admin-auth/verify-otp', { email, otp: right }),
    ).toMatchObject({ status: 429, message: ACCOUNT_MESSAGES.otpTooManyAttempts });
    const [row] = await platform.ctx.db.query<{ attempts: number }>(
      'SELECT attempts FROM otp_codes WHERE email = $1',
      [email],
    );
    expect(Number(row!.attempts)).toBe(5);
  });

  it('limits OTP checks per account and IP across codes', async () => {
    const email = uniqueEmail();
    expect(
      (await call(platform, 'POST', '/admin-auth/send-verification-email', { email })).status,
    ).toBe(200);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      statuses.push(
        (await call(platform, 'POST', '/admin-auth/verify-otp', { email, otp: '000000' })).status,
      );
    }
    // Three checks for this email in the window, then 429 (the code itself allows 5).
    expect(statuses).toEqual([400, 400, 400, 429]);
  });
});

describe('wrong one-time codes per account, across IPs and codes', () => {
  let platform: TestPlatform;

  beforeAll(async () => {
    platform = await startTestPlatform({
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
      // Only the per-account count of wrong codes (default 10 an hour) is in the way here.
      RATE_LIMIT_IP_MAX: '10000',
      RATE_LIMIT_ACCOUNT_MAX: '10000',
    });
  });
  afterAll(async () => {
    await platform?.stop();
  });

  const SPENT = /^Too many wrong codes for this email\. Please try again in (59|60) minutes$/;
  let hosts = 0;
  /** Each call from an address of its own, as a guesser with many IPs makes them. */
  const fromNewIp = (path: string, body: unknown) => {
    hosts += 1;
    return callFrom(
      platform,
      `127.0.${10 + Math.floor(hosts / 250)}.${(hosts % 250) + 1}`,
      path,
      body,
    );
  };
  /** A new reset code, past the resend wait. */
  const newResetCode = async (email: string) => {
    await ageLastOtp(platform, email, 31);
    return fromNewIp('/admin-auth/reset-password/mail', { email });
  };
  const wrongFor = (code: string) => (code === '000000' ? '111111' : '000000');
  const verify = (email: string, otp: string) =>
    fromNewIp('/admin-auth/verify-otp', { email, otp });
  /** `times` wrong guesses of the newest code, one after another; answers their statuses. */
  const guessWrong = async (email: string, times: number) => {
    const wrong = wrongFor(await latestOtp(platform, email));
    const statuses: number[] = [];
    for (let i = 0; i < times; i += 1) statuses.push((await verify(email, wrong)).status);
    return statuses;
  };
  /** Lets the hour of the email's count pass, without sleeping. */
  const endTheHour = (email: string) =>
    platform.ctx.db.query(
      `UPDATE auth_attempts SET window_start = window_start - interval '3601 seconds'
        WHERE scope = 'otp-guess' AND subject = $1`,
      [email],
    );

  it('refuses the 11th wrong code of the hour from any IP and for any code, even the right one, and new codes too; the owner still logs in with the password', async () => {
    const owner = await registerUser(platform);
    // Three reset codes, each guessed from new addresses: 4 + 4 + 2 wrong guesses.
    const judged: number[] = [];
    for (const times of [4, 4, 2]) {
      expect((await newResetCode(owner.email)).status).toBe(200);
      judged.push(...(await guessWrong(owner.email, times)));
    }
    expect(judged).toEqual(Array(10).fill(400));

    // The newest code has tries left, but the account's are spent: even its right code is refused.
    const right = await latestOtp(platform, owner.email);
    const refused = await verify(owner.email, right);
    expect(refused.status).toBe(429);
    expect(refused.message).toMatch(SPENT);
    expect((refused.data as { retryAfterSeconds: number }).retryAfterSeconds).toBeGreaterThan(3500);
    expect(
      (
        await fromNewIp('/admin-auth/reset-password', {
          email: owner.email,
          otp: right,
          password: 'N3w!password',
        })
      ).message,
    ).toMatch(SPENT);
    // No new code either, for a reset or (as for any email) a registration.
    for (const path of ['/admin-auth/reset-password/mail', '/admin-auth/send-verification-email']) {
      await ageLastOtp(platform, owner.email, 31);
      const send = await fromNewIp(path, { email: owner.email });
      expect(send.status, path).toBe(429);
      expect(send.message, path).toMatch(SPENT);
    }

    // The owner, with the password, from their own device.
    const login = await call<{ token: string }>(platform, 'POST', '/metakeep/auth/login', {
      email: owner.email,
      password: owner.password,
    });
    expect(login.status).toBe(200);
    expect(login.data.token).toEqual(expect.any(String));

    // An hour on, the code that was refused works.
    await endTheHour(owner.email);
    expect(await verify(owner.email, right)).toMatchObject({
      status: 200,
      data: { purpose: 'RESET' },
    });
  });

  it('counts only wrong codes: right ones the owner checks again and again take nothing from the allowance', async () => {
    const email = uniqueEmail();
    expect((await fromNewIp('/admin-auth/send-verification-email', { email })).status).toBe(200);
    expect(await guessWrong(email, 4)).toEqual([400, 400, 400, 400]);
    const first = await latestOtp(platform, email);
    for (let i = 0; i < 12; i += 1) expect((await verify(email, first)).status).toBe(200);
    expect((await newRegistrationCode(email)).status).toBe(200);
    expect(await guessWrong(email, 5)).toEqual([400, 400, 400, 400, 400]);
    expect((await newRegistrationCode(email)).status).toBe(200);
    expect(await guessWrong(email, 2)).toEqual([400, 429]);
  });

  it('lets concurrent wrong guesses from many IPs past the allowance not one more', async () => {
    const email = uniqueEmail();
    expect((await fromNewIp('/admin-auth/send-verification-email', { email })).status).toBe(200);
    expect(await guessWrong(email, 5)).toEqual(Array(5).fill(400));
    expect((await newRegistrationCode(email)).status).toBe(200);
    expect(await guessWrong(email, 3)).toEqual(Array(3).fill(400));
    // 2 left in the hour, 5 on the fresh code: 6 at once.
    expect((await newRegistrationCode(email)).status).toBe(200);
    const wrong = wrongFor(await latestOtp(platform, email));
    const answers = await Promise.all(Array.from({ length: 6 }, () => verify(email, wrong)));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([400, 400, 429, 429, 429, 429]);
    expect(answers.filter((a) => a.status === 429).every((a) => SPENT.test(a.message))).toBe(true);
  });

  /** A new registration code for an email without an account, past the resend wait. */
  async function newRegistrationCode(email: string) {
    await ageLastOtp(platform, email, 31);
    return fromNewIp('/admin-auth/send-verification-email', { email });
  }
});
