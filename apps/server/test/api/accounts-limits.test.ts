// Login, OTP and reset calls are limited per IP (in the process) and per
// account (in the database), answered 429 with how long to wait.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '@gets/schema';
import { call, registerUser, uniqueEmail } from '../helpers/account-flows.ts';
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

  it('blocks an account after 3 failed logins for the window, while other accounts still log in, then the IP after 6 calls', async () => {
    const alice = await registerUser(platform);
    const bob = await registerUser(platform);
    for (let i = 0; i < 3; i += 1) {
      expect(await login(alice.email, 'Wrong!pass1')).toMatchObject({
        status: 401,
        message: ACCOUNT_MESSAGES.invalidCredentials,
      });
    }
    // Even the right password waits for the window (~900 s) to pass.
    const blocked = await login(alice.email, alice.password);
    expect(blocked.status).toBe(429);
    expect(blocked.message).toMatch(/^Too many attempts\. Please try again in (89\d|900) seconds$/);

    expect((await login(bob.email, bob.password)).status).toBe(200);
    expect((await login(bob.email, bob.password)).status).toBe(200);
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

  it('limits OTP checks per account across codes', async () => {
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
