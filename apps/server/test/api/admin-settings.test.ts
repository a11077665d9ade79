// The platform periods from the console: read from PlatformSettings, changed
// on chain one consent each through the admin's wallet, then confirmed and
// recorded with PUT /admin/settings. Bad days change nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformSettingsAbi } from '@gets/contracts';
import { SETTINGS_MESSAGES } from '../../src/modules/admin/settings-service.ts';
import { createTestUser } from '../helpers/accounts.ts';
import { call } from '../helpers/account-flows.ts';
import { consentAndRun, firstAdmin } from '../helpers/admin.ts';
import { startTestPlatform, type TestPlatform } from '../helpers/test-platform.ts';

const DAYS_MESSAGE = 'days must be a whole number from 1 to 3650';

describe('settings: the platform periods', () => {
  let platform: TestPlatform;
  let admin: Awaited<ReturnType<typeof firstAdmin>>;
  beforeAll(async () => {
    platform = await startTestPlatform();
    admin = await firstAdmin(platform);
  });
  afterAll(async () => {
    await platform?.stop();
  });

  const onChain = (functionName: 'claimPeriod' | 'approvalPeriod' | 'lockPeriod') =>
    platform.ctx.chain.publicClient.readContract({
      address: platform.ctx.contracts.settings,
      abi: platformSettingsAbi,
      functionName,
    });
  const counts = async () =>
    (
      await platform.ctx.db.query<{ consents: number; transactions: number; changes: number }>(
        `SELECT (SELECT count(*) FROM consents)::int AS consents,
                (SELECT count(*) FROM chain_transactions)::int AS transactions,
                (SELECT count(*) FROM settings_changes)::int AS changes`,
      )
    )[0]!;

  it('reads the periods from the chain', async () => {
    expect(await call(platform, 'GET', '/admin/settings', undefined, admin.headers)).toEqual({
      status: 200,
      message: SETTINGS_MESSAGES.read,
      data: { claimPeriod: 10, approvalPeriod: 10, lockPeriod: 30 },
    });
  });

  it('a period saved in the console is what PlatformSettings returns', async () => {
    for (const [period, days, read] of [
      ['claim', 12, 'claimPeriod'],
      ['approval', 7, 'approvalPeriod'],
      ['lock', 45, 'lockPeriod'],
    ] as const) {
      const run = await consentAndRun(
        platform,
        'PUT',
        `/admin/metakeep/${period}-period`,
        { days },
        admin.headers,
      );
      expect(run.description).toMatch(
        new RegExp(
          `^Set the ${period === 'approval' ? 'badge approval' : period} period .* to ${days} days$`,
        ),
      );
      expect(run.outcome.status).toBe('COMPLETED');
      expect(Number(await onChain(read))).toBe(days);
    }
    const saved = await call(
      platform,
      'PUT',
      '/admin/settings',
      { claimPeriod: 12, approvalPeriod: 7, lockPeriod: 45 },
      admin.headers,
    );
    expect(saved).toEqual({
      status: 200,
      message: SETTINGS_MESSAGES.saved,
      data: { claimPeriod: 12, approvalPeriod: 7, lockPeriod: 45 },
    });
    const [change] = await platform.ctx.db.query(
      'SELECT admin_id, claim_period, approval_period, lock_period FROM settings_changes',
    );
    expect(change).toEqual({
      admin_id: admin.id,
      claim_period: 12,
      approval_period: 7,
      lock_period: 45,
    });
    // The next admin login reads them too.
    expect((await call(platform, 'GET', '/admin/settings', undefined, admin.headers)).data).toEqual(
      {
        claimPeriod: 12,
        approvalPeriod: 7,
        lockPeriod: 45,
      },
    );
  });

  it('PUT /admin/settings refuses a value the chain does not hold, recording nothing', async () => {
    const before = await counts();
    expect(
      await call(platform, 'PUT', '/admin/settings', { lockPeriod: 99 }, admin.headers),
    ).toEqual({
      status: 409,
      message: SETTINGS_MESSAGES.notOnChain('lockPeriod', 45, 99),
      data: null,
    });
    expect(await call(platform, 'PUT', '/admin/settings', {}, admin.headers)).toMatchObject({
      status: 400,
      message: 'Send at least one of claimPeriod, approvalPeriod, lockPeriod',
    });
    expect(await counts()).toEqual(before);
  });

  it('refuses days that are not a whole number from 1 to 3650, asking no consent', async () => {
    const before = await counts();
    for (const days of [0, 3651, 1.5, -3, '5', null]) {
      for (const period of ['claim', 'approval', 'lock']) {
        expect(
          await call(platform, 'PUT', `/admin/metakeep/${period}-period`, { days }, admin.headers),
        ).toMatchObject({ status: 400, message: DAYS_MESSAGE });
      }
      expect(
        await call(platform, 'PUT', '/admin/settings', { claimPeriod: days }, admin.headers),
      ).toMatchObject({ status: 400, message: DAYS_MESSAGE });
    }
    expect(await counts()).toEqual(before);
  });

  it('answers 401 without a token and 403 to a user', async () => {
    const user = await createTestUser(platform.ctx);
    for (const [method, path, body] of [
      ['GET', '/admin/settings', undefined],
      ['PUT', '/admin/settings', { claimPeriod: 3 }],
      ['PUT', '/admin/metakeep/claim-period', { days: 3 }],
      ['PUT', '/admin/metakeep/approval-period', { days: 3 }],
      ['PUT', '/admin/metakeep/lock-period', { days: 3 }],
    ] as const) {
      expect((await call(platform, method, path, body)).status).toBe(401);
      expect((await call(platform, method, path, body, user.authorization)).status).toBe(403);
    }
    expect(Number(await onChain('claimPeriod'))).toBe(12);
  });
});
