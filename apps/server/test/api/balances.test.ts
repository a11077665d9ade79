// Balances from the chain: GETS in the wallet, the wallet's stakes and the
// total staked, as GETS decimal strings; each caller reads only what is theirs
// to read.
import { chainActions } from '../../src/actions.ts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { parseUnits, type Address } from 'viem';
import { requestConsent, submitConsent } from '../../src/custody/consent.ts';
import { walletBalancesOf } from '../../src/modules/staking/balances.ts';
import { STAKING_MESSAGES } from '../../src/modules/staking/service.ts';
import {
  createTestUser,
  fundWithGets,
  waitUntilSettled,
  type TestUser,
} from '../helpers/accounts.ts';
import { bearer, call } from '../helpers/account-flows.ts';
import { startTestPlatform, type TestPlatform } from '../helpers/test-platform.ts';
import { adminSession } from '../helpers/admin-factor.ts';

describe('balances', () => {
  let platform: TestPlatform;
  let alice: TestUser;
  let bob: TestUser;
  let adminToken: string;

  beforeAll(async () => {
    platform = await startTestPlatform();
    alice = await createTestUser(platform.ctx, { gets: '12.5' });
    bob = await createTestUser(platform.ctx);
    const [admin] = await platform.ctx.db.query<{ id: string }>('SELECT id FROM admins LIMIT 1');
    adminToken = (await adminSession(platform.ctx.db, admin!.id, 60_000)).token;
  });
  afterAll(async () => {
    await platform?.stop();
  });

  const get = (path: string, token: string) =>
    call<Record<string, string>>(platform, 'GET', path, undefined, bearer(token));

  it('answers the wallet, its stakes, the total staked and the lock period, exactly, after a stake', async () => {
    const { ctx } = platform;
    const owner = { kind: 'user' as const, id: alice.id };
    for (const type of ['approveStake', 'stake'] as const) {
      const action = { type, amount: parseUnits('2.25', 18).toString() };
      const { consentToken } = await requestConsent(chainActions, ctx.db, owner, action);
      await submitConsent(chainActions, ctx.db, owner, consentToken, action);
      await waitUntilSettled(ctx);
    }
    expect(await get('/stake/balance', alice.token)).toEqual({
      status: 200,
      message: 'Balances',
      data: {
        userBalance: '10.25',
        stakingBalance: '2.25',
        totalStakingBalance: '2.25',
        account: alice.address,
        lockPeriod: 30,
      },
    });
    expect((await get(`/stake/balance?userId=${alice.id}`, alice.token)).data).toMatchObject({
      userBalance: '10.25',
    });
    expect((await get('/stake/balance', bob.token)).data).toEqual({
      userBalance: '0',
      stakingBalance: '0',
      totalStakingBalance: '2.25',
      account: bob.address,
      lockPeriod: 30,
    });
  });

  it("refuses another user's balances to a user, and admin calls to a user token", async () => {
    expect(await get(`/stake/balance?userId=${bob.id}`, alice.token)).toMatchObject({
      status: 403,
      message: STAKING_MESSAGES.notYours,
    });
    expect((await get('/stake/balance/admin', alice.token)).status).toBe(403);
    expect((await call(platform, 'GET', '/stake/balance')).status).toBe(401);
    expect((await get('/stake/balance?userId=not-an-id', alice.token)).status).toBe(400);
  });

  it("lets an admin read their own balances and a user's", async () => {
    const own = await get('/stake/balance/admin', adminToken);
    expect(own.status).toBe(200);
    expect(own.data.account).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect((await get(`/stake/balance/admin?userId=${alice.id}`, adminToken)).data).toMatchObject({
      userBalance: '10.25',
      account: alice.address,
    });
    expect(
      (await get('/stake/balance/admin?userId=00000000-0000-4000-8000-000000000000', adminToken))
        .status,
    ).toBe(404);
    expect((await get('/stake/balance', adminToken)).status).toBe(403);
  });

  it('reads the balances of hundreds of wallets in chunks, each in its own place', async () => {
    // More wallets than one deployless multicall takes (150), with a wallet
    // missing in between: every answer must land on its own wallet.
    const wallets: (Address | null)[] = Array.from(
      { length: 400 },
      (_, i) => `0x${(0xb0b0_0000 + i).toString(16).padStart(40, '0')}` as Address,
    );
    wallets[200] = null;
    await fundWithGets(platform.ctx, [wallets[0]!, wallets[150]!, wallets[399]!], '1.5');
    await fundWithGets(platform.ctx, [wallets[149]!], '7');
    const balances = await walletBalancesOf(platform.ctx, wallets);
    expect(balances).toHaveLength(400);
    const expected = wallets.map(() => '0');
    expected[0] = expected[150] = expected[399] = '1.5';
    expected[149] = '7';
    expect(balances).toEqual(expected);
  });

  it('reads a wallet once per block: again at the same block from what it read, afresh after a new block', async () => {
    const { ctx } = platform;
    const wallets = [1, 2].map(
      (i) => `0x${(0xca5e_0000 + i).toString(16).padStart(40, '0')}` as Address,
    );
    await fundWithGets(ctx, [wallets[0]!], '3');
    const multicall = vi.spyOn(ctx.chain.bulkReadClient, 'multicall');
    try {
      expect(await walletBalancesOf(ctx, wallets)).toEqual(['3', '0']);
      expect(await walletBalancesOf(ctx, [wallets[1]!, null, wallets[0]!])).toEqual([
        '0',
        '0',
        '3',
      ]);
      expect(multicall).toHaveBeenCalledTimes(1);

      await fundWithGets(ctx, [wallets[1]!], '0.5');
      expect(await walletBalancesOf(ctx, wallets)).toEqual(['3', '0.5']);
      expect(multicall).toHaveBeenCalledTimes(2);
    } finally {
      multicall.mockRestore();
    }
  });
});
