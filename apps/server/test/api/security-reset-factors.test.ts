// The way back when every factor and recovery code is lost (README, decision
// 0064): the operator's `npm run security:reset-factors -- <email>` removes
// the person's factors and ends their sessions; they sign in with the
// password again and enrol anew. Their wallet is untouched.
import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from 'otplib';
import { resetFactors } from '../../src/commands/reset-factors.ts';
import { findSecurityEvents } from '../../src/modules/accounts/security-event-repository.ts';
import { bearer, call, registerUser } from '../helpers/account-flows.ts';
import {
  dropSchema,
  makeScratchDir,
  startTestPlatform,
  withSchema,
  type TestPlatform,
} from '../helpers/test-platform.ts';

describe('npm run security:reset-factors', () => {
  let platform: TestPlatform;
  let dataDir: string;
  const schema = `resetfactors_${Date.now().toString(36)}`;

  beforeAll(async () => {
    dataDir = await makeScratchDir('gets-reset-factors-');
    platform = await startTestPlatform({}, { dataDir, schema });
  }, 120_000);
  afterAll(async () => {
    await platform?.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
    if (process.env.DATABASE_URL) await dropSchema(process.env.DATABASE_URL, schema);
  });

  it('removes every factor of the person and ends their sessions; the password signs in again', async () => {
    const person = await registerUser(platform, { userType: 'EARNER' });
    const headers = bearer(person.token);
    const setup = await call<{ secret: string }>(
      platform,
      'POST',
      '/security/totp/setup',
      {},
      headers,
    );
    const code = await generate({ secret: setup.data.secret });
    expect((await call(platform, 'POST', '/security/totp/confirm', { code }, headers)).status).toBe(
      200,
    );
    const login = () =>
      call(platform, 'POST', '/metakeep/auth/login', {
        email: person.email,
        password: person.password,
      });
    expect((await login()).status).toBe(401);
    const wallet = person.user.account;

    const env = {
      DATA_DIR: platform.dataDir,
      LOG_LEVEL: 'silent',
      ...(process.env.DATABASE_URL
        ? { DATABASE_URL: withSchema(process.env.DATABASE_URL, schema) }
        : {}),
    };
    // PGlite allows one process at a time: let go of the data directory first.
    const embedded = !process.env.DATABASE_URL;
    if (embedded) await platform.stop();
    expect(await resetFactors(env, person.email.toUpperCase())).toContain(
      `Removed every second factor and recovery code of ${person.email.toUpperCase()} (user)`,
    );
    await expect(resetFactors(env, 'nobody@example.org')).rejects.toThrow(
      'No user or admin has the email nobody@example.org',
    );
    if (embedded) platform = await startTestPlatform({}, { dataDir: platform.dataDir, schema });

    // The old session ended; the password alone signs in; the wallet is the same.
    expect((await call(platform, 'GET', '/user/me', undefined, headers)).status).toBe(401);
    expect(await login()).toMatchObject({ status: 200, data: { user: { account: wallet } } });
    const events = await findSecurityEvents(platform.ctx.db, { kind: 'user', id: person.user._id });
    expect(events.map((entry) => entry.event)).toEqual(['totp.enable', 'factors.reset']);
  }, 120_000);
});
