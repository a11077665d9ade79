// The approval period on a real chain: a badge no admin approved in time is
// removed by the platform's wallet, its escrow and fee refunded, once.
import { chainActions } from '../../src/actions.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseUnits } from 'viem';
import { removeUnapprovedBadges } from '../../src/modules/badges/jobs.ts';
import { startTestPlatform, type TestPlatform } from '../helpers/test-platform.ts';
import {
  createTestUser,
  getsBalance,
  waitUntilSettled,
  type TestUser,
} from '../helpers/accounts.ts';
import { badgeBody, call, chainBadge, escrowBalance, runAction } from '../helpers/badges.ts';

describe('badges not approved within the approval period', () => {
  let platform: TestPlatform;
  let sponsor: TestUser;
  beforeAll(async () => {
    platform = await startTestPlatform();
    sponsor = await createTestUser(platform.ctx, { userType: 'SPONSOR', gets: '100' });
  });
  afterAll(async () => {
    await platform?.stop();
  });

  it('are removed on chain once, refunding the sponsor, and marked REMOVED', async () => {
    const { ctx } = platform;
    const request = (path: string, init?: RequestInit) => platform.request(path, init);
    const start = await getsBalance(ctx, sponsor.address);
    const run = await runAction(request, sponsor, 'POST', '/gs-api/metakeep/badge/create', {
      ...badgeBody({ name: 'Never approved', amountOfToken: '5', numberOfBadge: 4 }),
      isPublic: true,
      email: sponsor.email,
    });
    expect(run.outcome.status).toBe('COMPLETED');
    const onChainId = run.outcome.events.find((e) => e.eventName === 'BadgeCreated')!.args
      .badgeId as string;
    expect(await getsBalance(ctx, sponsor.address)).toBe(start - parseUnits('29', 18));
    const deps = { db: ctx.db, keystore: ctx.keystore, chain: ctx.chain, actions: chainActions };

    // Within the period nothing happens.
    expect(await removeUnapprovedBadges(deps)).toBe(0);

    // The chain moves past the 10-day approval period.
    await ctx.chain.publicClient.request({
      method: 'evm_increaseTime' as never,
      params: [10 * 86_400 + 60] as never,
    });
    await ctx.chain.publicClient.request({ method: 'evm_mine' as never, params: [] as never });
    const escrowBefore = await escrowBalance(ctx);

    await removeUnapprovedBadges(deps);
    await removeUnapprovedBadges(deps);
    await waitUntilSettled(ctx);
    await removeUnapprovedBadges(deps);

    const removals = await ctx.db.query<{ status: string; owner_kind: string }>(
      `SELECT status, owner_kind, failure_reason FROM chain_transactions WHERE action->>'type' = 'removeUnapprovedBadge'`,
    );
    expect(removals).toEqual([{ status: 'COMPLETED', owner_kind: 'system', failure_reason: null }]);
    expect((await chainBadge(ctx, onChainId)).status).toBe(5);
    expect(await getsBalance(ctx, sponsor.address)).toBe(start);
    expect(await escrowBalance(ctx)).toBe(escrowBefore - parseUnits('29', 18));
    const [row] = await ctx.db.query<{ id: string; status: string }>(
      'SELECT id, status FROM badges WHERE on_chain_id = $1::numeric',
      [onChainId],
    );
    expect(row!.status).toBe('REMOVED');
    // The sponsor still sees it, as removed; the public does not.
    const mine = await call(request, sponsor, 'GET', '/gs-api/badge/published/list');
    expect(mine.data).toEqual([expect.objectContaining({ _id: row!.id, status: 'REMOVED' })]);
    expect((await call(request, null, 'GET', `/gs-api/badge/details/${row!.id}`)).status).toBe(404);
  });
});
