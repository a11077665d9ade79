// Login, OTP and reset calls are limited per IP (in the process) and per
// account and IP (in the database), answered 429 with how long to wait. A
// guesser blocks themselves, never the account's owner on another device.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '@gets/schema';
import { call, callFrom, latestOtp, registerUser, uniqueEmail } from '../helpers/account-flows.ts';
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
