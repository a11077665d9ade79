// One claim deadline (decision 0067), over HTTP on the real database and
// chain: GET /platform tells anyone the claim period (what an earner reads
// before approval); an approval's claimDeadline is its approval's block time
// plus that period, as the contract's RequestApproved says; the badge's
// batchExpiryDate closes applications, not claims: an approved earner claims
// after it, until their own deadline, and not a minute later.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformSettingsAbi } from '@gets/contracts';
import { APPLICATION_MESSAGES as M, type Application, type Badge } from '@gets/schema';
import { startTestPlatform, type TestPlatform } from '../helpers/test-platform.ts';
import { createTestUser, type TestUser } from '../helpers/accounts.ts';
import { adminCaller, call, type Caller } from '../helpers/badges.ts';
import {
  advanceChainTime,
  applicationBody,
  applyFor,
  claimApplication,
  publishApprovedBadge,
  review,
} from '../helpers/applications.ts';

const DAY = 86_400;

describe('one claim deadline', () => {
  let platform: TestPlatform;
  let sponsor: TestUser;
  let admin: Caller;
  let early: TestUser;
  let late: TestUser;
  let latecomer: TestUser;
  let badge: Badge;
  let earlyApplication: Application;
  let lateApplication: Application;
  let approvedAt = 0;
  const request = (path: string, init?: RequestInit) => platform.request(path, init);

  beforeAll(async () => {
    platform = await startTestPlatform();
    sponsor = await createTestUser(platform.ctx, { userType: 'SPONSOR', gets: '100' });
    admin = await adminCaller(platform.ctx);
    early = await createTestUser(platform.ctx);
    late = await createTestUser(platform.ctx);
    latecomer = await createTestUser(platform.ctx);
    // Its batch expiry is 2 days away: well before any approval's claim deadline.
    badge = await publishApprovedBadge(request, sponsor, admin, {
      name: 'Two Day Batch',
      amountOfToken: '3',
      batchExpiryDate: new Date(Date.now() + 2 * DAY * 1000).toISOString(),
    });
    earlyApplication = (await applyFor(request, early, badge, { fullName: 'Early Emma' }))
      .application;
    lateApplication = (await applyFor(request, late, badge, { fullName: 'Late Larry' }))
      .application;
    const reviewed = await review(request, sponsor, [
      [earlyApplication, true],
      [lateApplication, true],
    ]);
    expect(reviewed.outcome.status).toBe('COMPLETED');
    const { publicClient } = platform.ctx.chain;
    const receipt = await publicClient.getTransactionReceipt({
      hash: reviewed.outcome.transactionHash as `0x${string}`,
    });
    approvedAt = Number(
      (await publicClient.getBlock({ blockNumber: receipt.blockNumber })).timestamp,
    );
  }, 180_000);
  afterAll(async () => {
    await platform?.stop();
  });

  it('GET /platform gives the claim period PlatformSettings holds', async () => {
    const onChain = await platform.ctx.chain.publicClient.readContract({
      address: platform.ctx.contracts.settings,
      abi: platformSettingsAbi,
      functionName: 'claimPeriod',
    });
    const answer = await call(request, null, 'GET', '/gs-api/platform');
    expect(answer.status).toBe(200);
    expect(answer.data.claimPeriod).toBe(Number(onChain));
    expect(answer.data.claimPeriod).toBe(10);
  });

  it('answers each approval its own deadline: approval time plus the claim period', async () => {
    const mine = await call(request, early, 'GET', '/gs-api/badge/applied/earner');
    const deadline = (mine.data as Application[])[0]!.claimDeadline;
    expect(deadline).toBe(new Date((approvedAt + 10 * DAY) * 1000).toISOString());
    // Not the badge's batch expiry, which is days earlier.
    expect(Date.parse(deadline!)).toBeGreaterThan(Date.parse(badge.batchExpiryDate) + 7 * DAY);
  });

  it('past the batch expiry: no new application, but an approved earner still claims', async () => {
    await advanceChainTime(platform.ctx, 5 * DAY);
    expect(
      await call(request, latecomer, 'POST', '/gs-api/user/metakeep/requestBadge', {
        onChainId: badge.onChainId,
        email: latecomer.email,
        ...applicationBody(),
      }),
    ).toMatchObject({ status: 409, message: M.badgeExpired });
    const claim = await claimApplication(request, early, earlyApplication);
    expect(claim.outcome.status).toBe('COMPLETED');
  });

  it('past the approval’s own deadline the claim is refused, as the contract would', async () => {
    const { timestamp } = await platform.ctx.chain.publicClient.getBlock();
    await advanceChainTime(platform.ctx, approvedAt + 10 * DAY - Number(timestamp) + 60);
    expect(
      await call(request, late, 'POST', '/gs-api/user/metakeep/claimBadge', {
        onChainId: lateApplication.onChainId,
        email: late.email,
      }),
    ).toMatchObject({ status: 409, message: M.claimPeriodOver });
  });
});
