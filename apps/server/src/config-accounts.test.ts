// The accounts variables of the configuration: defaults, and a bad value named.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { problemsOf } from '../test/helpers/config-problems.ts';

describe('accounts configuration', () => {
  it('has working defaults', () => {
    const config = loadConfig({ DATA_DIR: '/tmp/gets' });
    expect(config.mail).toEqual({
      smtpUrl: undefined,
      from: 'GETS Badges <no-reply@gets-badges.local>',
    });
    expect(config.firstAdmin).toEqual({ email: 'admin@gets-badges.local', password: undefined });
    expect(config.adminLoginSecret).toBeUndefined();
    expect(config.rateLimits).toEqual({
      perIp: { max: 30, windowMs: 60_000 },
      perAccount: { max: 10, windowMs: 900_000 },
      otpGuesses: { max: 10, windowMs: 3_600_000 },
      publicReadsPerIp: { max: 120, windowMs: 60_000 },
      loginDelay: { freeAttempts: 10, maxDelayMs: 900_000 },
    });
    expect(config.publicReads).toEqual({
      concurrency: 4,
      perSecond: 20,
      verificationsPerSecond: 5,
    });
    // The public reads' allowance follows RATE_LIMIT_IP_MAX unless it is set itself.
    const raised = loadConfig({ DATA_DIR: '/tmp/gets', RATE_LIMIT_IP_MAX: '1000' }).rateLimits;
    expect(raised.publicReadsPerIp.max).toBe(4000);
    expect(
      loadConfig({
        DATA_DIR: '/tmp/gets',
        RATE_LIMIT_IP_MAX: '1000',
        RATE_LIMIT_PUBLIC_READ_IP_MAX: '50',
        LOGIN_ATTEMPTS_BEFORE_DELAY: '3',
        LOGIN_DELAY_MAX_SECONDS: '60',
      }).rateLimits,
    ).toMatchObject({
      publicReadsPerIp: { max: 50 },
      loginDelay: { freeAttempts: 3, maxDelayMs: 60_000 },
    });
    expect(
      loadConfig({ DATA_DIR: '/tmp/gets', OTP_GUESSES_PER_ACCOUNT_PER_HOUR: '25' }).rateLimits
        .otpGuesses,
    ).toEqual({
      max: 25,
      windowMs: 3_600_000,
    });
    expect(config.uploads).toEqual({
      dir: path.join('/tmp/gets', 'uploads'),
      maxBytes: 5_242_880,
      anonymousPerIpPerHour: 20,
      imageWork: { workers: 1, queue: 4, seconds: 10 },
      perAccount: { files: 500, bytes: 524_288_000 },
      unusedKeptMs: 86_400_000,
    });
  });

  it('names the variable of each bad value', () => {
    expect(problemsOf({ SMTP_URL: 'http://mail' })).toEqual([
      'SMTP_URL: must start with smtp:// or smtps://',
    ]);
    expect(problemsOf({ ADMIN_EMAIL: 'root' })).toEqual([
      'ADMIN_EMAIL: must be a valid email address',
    ]);
    expect(problemsOf({ ADMIN_PASSWORD: 'password' })).toEqual([
      'ADMIN_PASSWORD: does not meet the password rules: Password must contain at least one uppercase letter; Password must contain at least one number; Password must contain at least one special symbol',
    ]);
    expect(problemsOf({ ADMIN_LOGIN_SECRET: 'short' })).toEqual([
      'ADMIN_LOGIN_SECRET: must be 16 to 128 letters, digits, - or _',
    ]);
    expect(problemsOf({ RATE_LIMIT_ACCOUNT_MAX: '0' })).toEqual([
      'RATE_LIMIT_ACCOUNT_MAX: must be at least 1',
    ]);
    expect(problemsOf({ OTP_GUESSES_PER_ACCOUNT_PER_HOUR: '0' })).toEqual([
      'OTP_GUESSES_PER_ACCOUNT_PER_HOUR: must be at least 1',
    ]);
    expect(problemsOf({ OTP_GUESSES_PER_ACCOUNT_PER_HOUR: '2.5' })).toEqual([
      'OTP_GUESSES_PER_ACCOUNT_PER_HOUR: must be a whole number',
    ]);
    expect(problemsOf({ UPLOAD_MAX_BYTES: 'big' })).toEqual(['UPLOAD_MAX_BYTES: must be a number']);
    expect(problemsOf({ ANONYMOUS_UPLOADS_PER_IP_PER_HOUR: '0' })).toEqual([
      'ANONYMOUS_UPLOADS_PER_IP_PER_HOUR: must be at least 1',
    ]);
  });
});
