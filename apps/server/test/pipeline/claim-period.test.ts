// The claim period on a real chain: once an approval's claim deadline passes,
// its claim is refused with a message, the platform's wallet releases it once
// (releaseExpiredApprovals), and the freed badge is awarded to another earner.
// A badge past its batch expiry takes no more applications.
import { chainActions } from '../../src/actions.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseUnits } from 'viem';
import { APPLICATION_MESSAGES as M, type Application, type Badge } from '@gets/schema';
import { releaseExpiredApprovals } from '../../src/modules/applications/jobs.ts';
import { startTestPlatform, type TestPlatform } from '../helpers/test-platform.ts';
import {
  createTestUser,
  getsBalance,
  waitUntilSettled,
  type TestUser,
} from '../helpers/accounts.ts';
import { adminCaller, call, chainBadge, type Caller } from '../helpers/badges.ts';
import {
  advanceChainTime,
  applicationBody,
  applyFor,
  claimApplication,
  publishApprovedBadge,
  review,
} from '../helpers/applications.ts';

const DAY = 86_400;

describe('the claim period', () => {
  let platform: TestPlatform;
  let sponsor: TestUser;
  let admin: Caller;
  let late: TestUser;
  let next: TestUser;
  let badge: Badge;
  let shortLived: Badge;
  let lateApplication: Application;
  let nextApplication: Application;
  const request = (path: string, init?: RequestInit) => platform.request(path, init);

  beforeAll(async () => {
    platform = await startTestPlatform();
    sponsor = await createTestUser(platform.ctx, { userType: 'SPONSOR', gets: '100' });
    admin = await adminCaller(platform.ctx);
    late = await createTestUser(platform.ctx);
    next = await createTestUser(platform.ctx);
    badge = await publishApprovedBadge(request, sponsor, admin, {
      name: 'One Seat',
      numberOfBadge: 1,
      amountOfToken: '7',
    });
    shortLived = await publishApprovedBadge(request, sponsor, admin, {
      name: 'Short Lived',
      batchExpiryDate: new Date(Date.now() + 2 * DAY * 1000).toISOString(),
    });
    lateApplication = (await applyFor(request, late, badge, { fullName: 'Late Larry' }))
      .application;
    nextApplication = (await applyFor(request, next, badge, { fullName: 'Next Nora' })).application;
    expect((await review(request, sponsor, [[lateApplication, true]])).outcome.status).toBe(
      'COMPLETED',
    );
  }, 120_000);
  afterAll(async () => {
    await platform?.stop();
  });

  it('refuses the claim once the period ended, and releases the approval once', async () => {
    const { ctx } = platform;
    const deps = { db: ctx.db, keystore: ctx.keystore, chain: ctx.chain, actions: chainActions };
    // Within the period nothing is released.
    expect(await releaseExpiredApprovals(deps)).toBe(0);

    await advanceChainTime(ctx, 10 * DAY + 60);
    const start = await getsBalance(ctx, late.address);
    const refused = await call(request, late, 'POST', '/gs-api/user/metakeep/claimBadge', {
      onChainId: lateApplication.onChainId,
      email: late.email,
    });
    expect(refused).toMatchObject({ status: 409, message: M.claimPeriodOver });

    // Two runs (two workers, or one twice) queue one release.
    expect(await releaseExpiredApprovals(deps)).toBe(1);
    expect(await releaseExpiredApprovals(deps)).toBe(0);
    await waitUntilSettled(ctx);
    expect(await releaseExpiredApprovals(deps)).toBe(0);

    const releases = await ctx.db.query<{ status: string; owner_kind: string }>(
      `SELECT status, owner_kind FROM chain_transactions WHERE action->>'type' = 'releaseExpiredApprovals'`,
    );
    expect(releases).toEqual([{ status: 'COMPLETED', owner_kind: 'system' }]);
    const mine = await call(request, late, 'GET', '/gs-api/badge/applied/earner');
    expect(mine.data[0]).toMatchObject({ _id: lateApplication._id, status: 'EXPIRED' });
    expect(
      await call(request, late, 'POST', '/gs-api/user/metakeep/claimBadge', {
        onChainId: lateApplication.onChainId,
        email: late.email,
      }),
    ).toMatchObject({ status: 409, message: M.claimPeriodOver });
    expect(await getsBalance(ctx, late.address)).toBe(start);

    // The badge is free again, on chain and in its counts.
    const details = await call(request, null, 'GET', `/gs-api/badge/details/${badge._id}`);
    expect(details.data.availableBadge).toBe(1);
    expect((await chainBadge(ctx, badge.onChainId!)).approvedCount).toBe(0);
  });

  it('awards the freed badge to another earner, who claims it', async () => {
    const { ctx } = platform;
    expect((await review(request, sponsor, [[nextApplication, true]])).outcome.status).toBe(
      'COMPLETED',
    );
    const start = await getsBalance(ctx, next.address);
    const claim = await claimApplication(request, next, nextApplication);
    expect(claim.outcome.status).toBe('COMPLETED');
    expect(await getsBalance(ctx, next.address)).toBe(start + parseUnits('7', 18));
    const onChain = await chainBadge(ctx, badge.onChainId!);
    expect([onChain.claimedCount, onChain.escrow]).toEqual([1, 0n]);
  });

  it('takes no application for a badge past its batch expiry', async () => {
    const answer = await call(request, next, 'POST', '/gs-api/user/metakeep/requestBadge', {
      onChainId: shortLived.onChainId,
      email: next.email,
      ...applicationBody(),
    });
    expect(answer).toMatchObject({ status: 409, message: M.badgeExpired });
  });
});
