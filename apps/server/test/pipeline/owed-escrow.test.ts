// What approved earners are owed survives whatever happens to the badge: the
// sponsor deleting it or an admin banning it refunds only the slots nobody was
// approved for, the approved earner still claims badge and reward, and an
// approval that lapses unclaimed on a closed badge pays its reward back to the
// sponsor, once. Through the API, the pipeline and the real contract.
import { chainActions } from '../../src/actions.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseUnits } from 'viem';
import type { Application, ApplicationWithBadge } from '@gets/schema';
import { releaseExpiredApprovals } from '../../src/modules/applications/jobs.ts';
import { startTestPlatform, type TestPlatform } from '../helpers/test-platform.ts';
import {
  createTestUser,
  getsBalance,
  waitUntilSettled,
  type TestUser,
} from '../helpers/accounts.ts';
import { adminCaller, call, chainBadge, runAction, type Caller } from '../helpers/badges.ts';
import {
  advanceChainTime,
  applyFor,
  claimApplication,
  publishApprovedBadge,
  review,
} from '../helpers/applications.ts';

const DAY = 86_400;
const GETS = (amount: string) => parseUnits(amount, 18);

describe('what approved earners are owed', () => {
  let platform: TestPlatform;
  let sponsor: TestUser;
  let admin: Caller;
  const request = (path: string, init?: RequestInit) => platform.request(path, init);

  /** A badge of `count` x `reward` GETS with one earner approved (and not claimed). */
  async function badgeWithApprovedEarner(name: string, count = 2, reward = '7') {
    const badge = await publishApprovedBadge(request, sponsor, admin, {
      name,
      numberOfBadge: count,
      amountOfToken: reward,
    });
    const earner = await createTestUser(platform.ctx);
    const { application } = await applyFor(request, earner, badge);
    expect((await review(request, sponsor, [[application, true]])).outcome.status).toBe(
      'COMPLETED',
    );
    return { badge, earner, application };
  }

  async function myApplication(earner: TestUser, application: Application) {
    const mine = await call(request, earner, 'GET', '/gs-api/badge/applied/earner');
    return (mine.data as ApplicationWithBadge[]).find((a) => a._id === application._id)!;
  }

  beforeAll(async () => {
    platform = await startTestPlatform();
    sponsor = await createTestUser(platform.ctx, { userType: 'SPONSOR', gets: '200' });
    admin = await adminCaller(platform.ctx);
  }, 120_000);
  afterAll(async () => {
    await platform?.stop();
  });

  it('refunds a deleted badge’s unapproved slot only; the approved earner still claims badge and tokens', async () => {
    const { ctx } = platform;
    const { badge, earner, application } = await badgeWithApprovedEarner('Two Sevens');
    const sponsorBefore = await getsBalance(ctx, sponsor.address);

    const deleted = await runAction(request, sponsor, 'DELETE', '/gs-api/badge/metakeep/delete', {
      onChainId: badge.onChainId,
      email: sponsor.email,
    });
    // The consent says, in numbers, what comes back and what stays for the earner.
    expect(deleted.consent.description).toContain(
      '7 GETS comes back to your wallet now: the rewards of the 1 badge nobody was approved for.',
    );
    expect(deleted.consent.description).toContain(
      'The 1 approved earner who has not claimed yet keeps the 7 GETS reward and can still claim until the claim deadline',
    );
    expect(deleted.outcome.status).toBe('COMPLETED');
    expect(
      await call(request, sponsor, 'DELETE', `/gs-api/badge/delete/${badge._id}`),
    ).toMatchObject({ status: 200 });
    expect(await getsBalance(ctx, sponsor.address)).toBe(sponsorBefore + GETS('7'));
    expect((await chainBadge(ctx, badge.onChainId!)).escrow).toBe(GETS('7'));
    expect((await myApplication(earner, application)).badge.status).toBe('DELETED');

    const earnerBefore = await getsBalance(ctx, earner.address);
    const claim = await claimApplication(request, earner, application);
    expect(claim.outcome.status).toBe('COMPLETED');
    expect(await getsBalance(ctx, earner.address)).toBe(earnerBefore + GETS('7'));
    expect(await myApplication(earner, application)).toMatchObject({ status: 'TOKEN_CLAIMED' });
    expect((await chainBadge(ctx, badge.onChainId!)).escrow).toBe(0n);
    // The claim is the earner's award like any other, with its credential.
    const credentials = await ctx.db.query<{ revoked: boolean }>(
      'SELECT revoked_at IS NOT NULL AS revoked FROM credentials WHERE award_id = $1',
      [application._id],
    );
    expect(credentials).toEqual([{ revoked: false }]);
  });

  it('keeps the approved earner’s reward through a ban: the claim pays, the credential reads revoked', async () => {
    const { ctx } = platform;
    const { badge, earner, application } = await badgeWithApprovedEarner('Banned Later', 3, '5');
    const sponsorBefore = await getsBalance(ctx, sponsor.address);

    const banned = await runAction(
      request,
      admin,
      'PUT',
      `/gs-api/admin/badge/ban/${badge._id}`,
      {},
    );
    expect(banned.consent.description).toContain('credentials of its earners read revoked');
    expect(banned.consent.description).toContain(
      '10 GETS goes back to the sponsor: the rewards of the 2 badges nobody was approved for.',
    );
    expect(banned.outcome.status).toBe('COMPLETED');
    expect(await getsBalance(ctx, sponsor.address)).toBe(sponsorBefore + GETS('10'));

    const earnerBefore = await getsBalance(ctx, earner.address);
    const claim = await claimApplication(request, earner, application);
    expect(claim.outcome.status).toBe('COMPLETED');
    expect(await getsBalance(ctx, earner.address)).toBe(earnerBefore + GETS('5'));
    expect(await myApplication(earner, application)).toMatchObject({ status: 'TOKEN_CLAIMED' });
    // Paid because it was owed; not vouched for, because the badge is banned.
    const credentials = await ctx.db.query<{ revoked: boolean; reason: string | null }>(
      `SELECT revoked_at IS NOT NULL AS revoked, revocation_reason AS reason
         FROM credentials WHERE award_id = $1`,
      [application._id],
    );
    expect(credentials).toEqual([{ revoked: true, reason: 'The badge was banned' }]);
    expect(await getsBalance(ctx, sponsor.address)).toBe(sponsorBefore + GETS('10'));
  });

  it('pays a lapsed approval of a deleted badge back to the sponsor, once, and nothing else', async () => {
    const { ctx } = platform;
    const deps = { db: ctx.db, keystore: ctx.keystore, chain: ctx.chain, actions: chainActions };
    const { badge, earner, application } = await badgeWithApprovedEarner('Never Claimed', 1, '4');
    const deleted = await runAction(request, sponsor, 'DELETE', '/gs-api/badge/metakeep/delete', {
      onChainId: badge.onChainId,
      email: sponsor.email,
    });
    expect(deleted.consent.description).toContain(
      'Nothing comes back now: every badge was awarded.',
    );
    expect(deleted.outcome.status).toBe('COMPLETED');
    // Within the claim period nothing goes back.
    expect(await releaseExpiredApprovals(deps)).toBe(0);

    await advanceChainTime(ctx, 10 * DAY + 60);
    const sponsorBefore = await getsBalance(ctx, sponsor.address);
    const earnerBefore = await getsBalance(ctx, earner.address);
    expect(await releaseExpiredApprovals(deps)).toBe(1);
    expect(await releaseExpiredApprovals(deps)).toBe(0);
    await waitUntilSettled(ctx);

    expect(await getsBalance(ctx, sponsor.address)).toBe(sponsorBefore + GETS('4'));
    expect(await getsBalance(ctx, earner.address)).toBe(earnerBefore);
    expect(await myApplication(earner, application)).toMatchObject({ status: 'EXPIRED' });
    const onChain = await chainBadge(ctx, badge.onChainId!);
    expect([onChain.escrow, onChain.approvedCount]).toEqual([0n, 0]);
    expect(await releaseExpiredApprovals(deps)).toBe(0);
  });

  it('lets the approved earner claim after the badge’s batch expiry, within the claim period', async () => {
    const { ctx } = platform;
    // Two days from now by the chain's clock, which earlier tests moved forward.
    const chainNow = Number((await ctx.chain.publicClient.getBlock()).timestamp);
    const badge = await publishApprovedBadge(request, sponsor, admin, {
      name: 'Short Window',
      numberOfBadge: 1,
      amountOfToken: '2',
      batchExpiryDate: new Date((chainNow + 2 * DAY) * 1000).toISOString(),
    });
    const earner = await createTestUser(ctx);
    const { application } = await applyFor(request, earner, badge);
    expect((await review(request, sponsor, [[application, true]])).outcome.status).toBe(
      'COMPLETED',
    );
    await advanceChainTime(ctx, 3 * DAY);
    const before = await getsBalance(ctx, earner.address);
    expect((await claimApplication(request, earner, application)).outcome.status).toBe('COMPLETED');
    expect(await getsBalance(ctx, earner.address)).toBe(before + GETS('2'));
  });

  it('tells the earner of a deleted badge until when they can claim, and what happens after', async () => {
    const { badge, earner, application } = await badgeWithApprovedEarner('Still Owed', 1, '3');
    const run = await runAction(request, sponsor, 'DELETE', '/gs-api/badge/metakeep/delete', {
      onChainId: badge.onChainId,
      email: sponsor.email,
    });
    expect(run.outcome.status).toBe('COMPLETED');
    const claim = await call(request, earner, 'POST', '/gs-api/user/metakeep/claimBadge', {
      onChainId: application.onChainId,
      email: earner.email,
    });
    expect(claim.status).toBe(200);
    expect(claim.data.description).toContain('its 3 GETS reward is paid to you');
    const mine = await myApplication(earner, application);
    expect(mine.status).toBe('APPROVED');
    expect(Date.parse(mine.claimDeadline!)).toBeGreaterThan(Date.now());
  });
});
