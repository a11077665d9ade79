// The worker's pruning of sessions, attempt counts, one-time codes and
// consents once they ended, a day later: run with the clock stepped forward,
// as the job would run then, against the real database. What still counts
// (a live session, a limit whose window runs, a live code) is never deleted.
import { securityRecordsToPrune } from '../../src/modules/security/pruning.ts';
import { chainActions } from '../../src/actions.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES, CONSENT_TOKEN_TTL_MS } from '@gets/schema';
import { pruneOldConsents } from '../../src/custody/consent-pruning.ts';
import { CONSENT_MESSAGES, requestConsent, submitConsent } from '../../src/custody/consent.ts';
import {
  longestAttemptWindowMs,
  pruneEndedAuthRecords,
} from '../../src/modules/accounts/pruning.ts';
import {
  bearer,
  call,
  latestOtp,
  registerUser,
  uniqueEmail,
  type RegisteredUser,
} from '../helpers/account-flows.ts';
import { startTestPlatform, type TestPlatform } from '../helpers/test-platform.ts';

/** How long what ended is kept (AUTH_RECORDS_KEPT_MS, CONSENT_KEPT_MS). */
const DAY = 24 * 3_600_000;
const MINUTE = 60_000;

describe('pruning what ended', () => {
  let platform: TestPlatform;

  beforeAll(async () => {
    platform = await startTestPlatform({
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
      RATE_LIMIT_IP_MAX: '10000',
      // A per-account window of two days: a count of today still runs tomorrow.
      RATE_LIMIT_ACCOUNT_WINDOW_SECONDS: String((2 * DAY) / 1000),
    });
  });
  afterAll(async () => {
    await platform?.stop();
  });

  /** The job's run `ms` from now. */
  const pruneAt = (ms: number) =>
    pruneEndedAuthRecords(
      platform.ctx.db,
      platform.ctx.config,
      () => new Date(Date.now() + ms),
      securityRecordsToPrune,
    );
  const sessionsOf = async (person: RegisteredUser) =>
    (
      await platform.ctx.db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM sessions WHERE subject_id = $1',
        [person.user._id],
      )
    )[0]!.n;
  const me = (token: string) => call(platform, 'GET', '/user/me', undefined, bearer(token));

  it('deletes a session a day after it was revoked or expired; a live one stays and signs in', async () => {
    const person = await registerUser(platform);
    const second = await call<{ token: string }>(platform, 'POST', '/metakeep/auth/login', {
      email: person.email,
      password: person.password,
    });
    expect(
      (await call(platform, 'POST', '/user/logout', undefined, bearer(second.data.token))).status,
    ).toBe(200);
    expect(await sessionsOf(person)).toBe(2);

    await pruneAt(DAY - MINUTE);
    expect(await sessionsOf(person)).toBe(2);
    const pruned = await pruneAt(DAY + MINUTE);
    expect(pruned.sessions).toBeGreaterThanOrEqual(1);
    expect(await sessionsOf(person)).toBe(1);
    expect((await me(person.token)).status).toBe(200);

    // The live one goes a day after its expiry.
    const ttl = platform.ctx.config.sessionTtlMs;
    await pruneAt(ttl + DAY - MINUTE);
    expect(await sessionsOf(person)).toBe(1);
    await pruneAt(ttl + DAY + MINUTE);
    expect(await sessionsOf(person)).toBe(0);
    expect((await me(person.token)).status).toBe(401);
  });

  it('deletes a count only a day after the longest window that started with it is over, never one that still runs', async () => {
    const person = await registerUser(platform);
    const wrong = await call(platform, 'POST', '/metakeep/auth/login', {
      email: person.email,
      password: 'Wr0ng!pass',
    });
    expect(wrong.status).toBe(401);
    const count = async () =>
      (
        await platform.ctx.db.query<{ attempts: number }>(
          `SELECT attempts FROM auth_attempts WHERE scope = 'login' AND subject LIKE $1`,
          [`${person.email} from %`],
        )
      ).map((row) => Number(row.attempts));
    expect(await count()).toEqual([1]);

    const longest = longestAttemptWindowMs(platform.ctx.config);
    expect(longest).toBe(2 * DAY);
    // A day and a half on, the two-day window still runs: its count stays.
    await pruneAt(DAY + DAY / 2);
    expect(await count()).toEqual([1]);
    await pruneAt(longest + DAY - MINUTE);
    expect(await count()).toEqual([1]);
    await pruneAt(longest + DAY + MINUTE);
    expect(await count()).toEqual([]);
  });

  it('deletes a code a day after it expired (till then it is told expired), never a live one', async () => {
    const expired = uniqueEmail();
    const live = uniqueEmail();
    for (const email of [expired, live]) {
      expect(
        (await call(platform, 'POST', '/admin-auth/send-verification-email', { email })).status,
      ).toBe(200);
    }
    const code = await latestOtp(platform, expired);
    await platform.ctx.db.query(
      `UPDATE otp_codes SET expires_at = now() - interval '1 second' WHERE email = $1`,
      [expired],
    );
    const verify = (email: string, otp: string) =>
      call(platform, 'POST', '/admin-auth/verify-otp', { email, otp });

    await pruneAt(DAY - MINUTE);
    expect(await verify(expired, code)).toMatchObject({
      status: 400,
      message: ACCOUNT_MESSAGES.otpExpired,
    });
    const pruned = await pruneAt(DAY + MINUTE);
    expect(pruned.otpCodes).toBeGreaterThanOrEqual(1);
    expect(await verify(expired, code)).toMatchObject({
      status: 400,
      message: ACCOUNT_MESSAGES.otpMissing,
    });
    expect(await verify(live, await latestOtp(platform, live))).toMatchObject({ status: 200 });
  });

  it('deletes consents a day after they expired, used or not; a used token stays refused and its transaction stays', async () => {
    const person = await registerUser(platform);
    const owner = { kind: 'user' as const, id: person.user._id };
    const action = {
      type: 'transferTokens' as const,
      to: '0x000000000000000000000000000000000000dEaD' as const,
      amount: '1',
    };
    const used = await requestConsent(chainActions, platform.ctx.db, owner, action);
    const queued = await submitConsent(
      chainActions,
      platform.ctx.db,
      owner,
      used.consentToken,
      action,
    );
    const consents = async () =>
      (
        await platform.ctx.db.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM consents WHERE owner_id = $1',
          [owner.id],
        )
      )[0]!.n;
    // The registration's consent (unused) and the transfer's (used).
    expect(await consents()).toBe(2);
    const resubmit = () =>
      submitConsent(chainActions, platform.ctx.db, owner, used.consentToken, action);
    const at = (ms: number) => pruneOldConsents(platform.ctx.db, () => new Date(Date.now() + ms));

    await at(CONSENT_TOKEN_TTL_MS + DAY - MINUTE);
    expect(await consents()).toBe(2);
    await expect(resubmit()).rejects.toMatchObject({
      statusCode: 409,
      message: CONSENT_MESSAGES.used,
    });

    expect(await at(CONSENT_TOKEN_TTL_MS + DAY + MINUTE)).toBeGreaterThanOrEqual(2);
    expect(await consents()).toBe(0);
    await expect(resubmit()).rejects.toMatchObject({
      statusCode: 400,
      message: CONSENT_MESSAGES.invalid,
    });
    const transactions = await platform.ctx.db.query<{ id: string }>(
      'SELECT id FROM chain_transactions WHERE owner_id = $1',
      [owner.id],
    );
    expect(transactions.map((t) => t.id)).toEqual([queued.transactionId]);
  });

  it('deletes a passkey challenge a day after it expired, never a live one', async () => {
    const options = await call<{ challenge: string }>(
      platform,
      'POST',
      '/metakeep/auth/passkey/options',
      {},
    );
    expect(options.status).toBe(200);
    const held = async () =>
      (
        await platform.ctx.db.query('SELECT 1 FROM webauthn_challenges WHERE challenge = $1', [
          options.data.challenge,
        ])
      ).length;
    // Five minutes to answer it, then kept a day like an expired code.
    await pruneAt(DAY);
    expect(await held()).toBe(1);
    const pruned = await pruneAt(DAY + 10 * MINUTE);
    expect(pruned.passkeyChallenges).toBeGreaterThanOrEqual(1);
    expect(await held()).toBe(0);
  });
});
