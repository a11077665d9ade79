// Staking through consent and the pipeline: stake (one consent, a permit),
// the stake recorded by its chain id, unstake only once unlocked, the admin's
// treasury withdraw and re-deposit, and the list of open stakes. Every
// amount is exact; every refusal changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestClient, http, parseUnits } from 'viem';
import { communityTreasureAbi, getsTokenAbi } from '@gets/contracts';
import { TOTAL_COUNT_HEADER } from '@gets/schema';
import { STAKING_MESSAGES } from '../../src/modules/staking/service.ts';
import { sumOpenStakes } from '../../src/modules/staking/stake-repository.ts';
import { createTestUser, getsBalance, type TestUser } from '../helpers/accounts.ts';
import { call } from '../helpers/account-flows.ts';
import { consentAndRun, firstAdmin } from '../helpers/admin.ts';
import { startTestPlatform, type TestPlatform } from '../helpers/test-platform.ts';

const DAY = 24 * 60 * 60;

describe('staking and the Community Treasure', () => {
  let platform: TestPlatform;
  let alice: TestUser;
  let bob: TestUser;
  let admin: Awaited<ReturnType<typeof firstAdmin>>;

  beforeAll(async () => {
    platform = await startTestPlatform({
      RATE_LIMIT_IP_MAX: '10000',
      EXCHANGE_URL: 'https://dex.example/swap?output=GETS',
    });
    alice = await createTestUser(platform.ctx, { gets: '100' });
    bob = await createTestUser(platform.ctx, { gets: '50' });
    admin = await firstAdmin(platform);
  });
  afterAll(async () => {
    await platform?.stop();
  });

  const read = <F extends 'totalStaked' | 'treasuryBalance'>(functionName: F) =>
    platform.ctx.chain.publicClient.readContract({
      address: platform.ctx.contracts.treasure,
      abi: communityTreasureAbi,
      functionName,
    });
  /**
   * Sets the chain's clock `daysAgo` days before now (0: now). Locks are days
   * long and every signed request expires an hour after the server's clock, so
   * a stake that must be unlocked is made with the chain's clock in the past,
   * then the clock comes back to now.
   */
  const chainClock = async (daysAgo: number) => {
    const anvil = createTestClient({
      mode: 'anvil',
      chain: platform.ctx.chain.chain,
      transport: http(platform.ctx.chain.rpcUrl),
    });
    await anvil.request({
      method: 'evm_setTime',
      params: [Math.floor(Date.now() / 1000) - daysAgo * DAY],
    } as never);
    await anvil.mine({ blocks: 1 });
  };
  const stakeAs = (user: TestUser, amount: string) =>
    consentAndRun(
      platform,
      'POST',
      '/stake/metakeep',
      { email: user.email, amount },
      user.authorization,
    );
  const COUNT_CONSENTS = 'SELECT count(*)::int AS consents FROM consents';
  const counts = async () =>
    (await platform.ctx.db.query<{ consents: number }>(COUNT_CONSENTS))[0]!;

  it('GET /platform tells anyone the exchange, token, treasury, claim period and mail', async () => {
    expect(await call(platform, 'GET', '/platform')).toEqual({
      status: 200,
      message: 'Platform',
      data: {
        exchangeUrl: 'https://dex.example/swap?output=GETS',
        chainId: 137,
        tokenAddress: platform.ctx.contracts.token,
        treasuryAddress: expect.stringMatching(/^0x[0-9a-fA-F]{40}$/),
        claimPeriod: 10,
        mailOutbox: true,
      },
    });
  });

  let aliceStake = '';
  it('stakes with one consent; the stake is recorded by the id of the Staked event', async () => {
    await chainClock(31); // made 31 days ago (the chain's clock): unlocked by now
    const run = await stakeAs(alice, '2.5');
    await chainClock(0);
    expect(run.description).toBe('Stake 2.5 GETS into the Community Treasure');
    expect(run.outcome.status).toBe('COMPLETED');
    const staked = run.outcome.events[0]!; // the spec's client reads events[0].args.stakeId
    expect(run.outcome.events.map((e) => e.eventName)).toEqual(['Staked', 'Approval', 'Transfer']);
    aliceStake = String(staked.args.stakeId);
    expect(staked.args).toMatchObject({
      staker: alice.address,
      amount: parseUnits('2.5', 18).toString(),
    });

    const balances = await call(platform, 'GET', '/stake/balance', undefined, alice.authorization);
    expect(balances.data).toMatchObject({
      userBalance: '97.5',
      stakingBalance: '2.5',
      totalStakingBalance: '2.5',
    });
    const mine = await call<
      {
        onChainId: string;
        amount: string;
        createdAt: string;
        unlockAt: string;
        withdrawnAt: null;
      }[]
    >(platform, 'GET', '/stake/mine', undefined, alice.authorization);
    expect(mine.data).toEqual([
      {
        onChainId: aliceStake,
        amount: '2.5',
        createdAt: expect.any(String),
        unlockAt: new Date(Number(staked.args.unlockAt) * 1000).toISOString(),
        withdrawnAt: null,
      },
    ]);
    // The lock period in force (30 days) from the chain's clock then (31 days ago) decides it.
    const expected = Date.now() - 31 * DAY * 1000 + 30 * DAY * 1000;
    expect(Math.abs(Date.parse(mine.data[0]!.unlockAt) - expected)).toBeLessThan(10 * 60 * 1000);
  });

  it("POST /stake confirms the recorded stake: the caller's, with its amount", async () => {
    const record = (body: Record<string, unknown>, user = alice) =>
      call(platform, 'POST', '/stake', body, user.authorization);
    expect(await record({ userId: alice.id, amount: '2.5', onChainId: aliceStake })).toMatchObject({
      status: 200,
      message: STAKING_MESSAGES.staked,
      data: { onChainId: aliceStake, amount: '2.5' },
    });
    expect(await record({ userId: alice.id, amount: '2', onChainId: aliceStake })).toMatchObject({
      status: 400,
      message: STAKING_MESSAGES.amountMismatch,
    });
    expect((await record({ userId: bob.id, amount: '2.5', onChainId: aliceStake })).status).toBe(
      403,
    );
    expect(
      (await record({ userId: bob.id, amount: '2.5', onChainId: aliceStake }, bob)).status,
    ).toBe(403);
    expect((await record({ userId: alice.id, amount: '1', onChainId: '999' })).status).toBe(404);
    expect((await record({ userId: alice.id, amount: '1', onChainId: '0' })).status).toBe(400);
  });

  it("the spec's approve call sets the allowance through consent", async () => {
    const run = await consentAndRun(
      platform,
      'POST',
      '/stake/approve/metakeep',
      { email: bob.email, amount: '3' },
      bob.authorization,
    );
    expect(run.description).toBe('Allow the Community Treasure to take 3 GETS from your wallet');
    expect(run.outcome.status).toBe('COMPLETED');
    expect(
      await platform.ctx.chain.publicClient.readContract({
        address: platform.ctx.contracts.token,
        abi: getsTokenAbi,
        functionName: 'allowance',
        args: [bob.address, platform.ctx.contracts.treasure],
      }),
    ).toBe(parseUnits('3', 18));
  });

  it('refuses more than the wallet holds, another email, and admin tokens, asking no consent', async () => {
    const before = await counts();
    const stake = (
      body: Record<string, unknown>,
      headers: Record<string, string> = bob.authorization,
    ) => call(platform, 'POST', '/stake/metakeep', body, headers);
    expect(await stake({ email: bob.email, amount: '50.000000000000000001' })).toMatchObject({
      status: 400,
      message: STAKING_MESSAGES.exceedsBalance(parseUnits('50', 18)),
    });
    expect(await stake({ email: alice.email, amount: '1' })).toMatchObject({
      status: 403,
      message: STAKING_MESSAGES.emailMismatch,
    });
    expect((await stake({ email: bob.email, amount: '1' }, admin.headers)).status).toBe(403);
    expect((await stake({ email: bob.email, amount: '1' }, {})).status).toBe(401);
    expect(await counts()).toEqual(before);
  });

  it("unstakes only one's own stake, only once its lock has ended, and only once", async () => {
    const unstake = (user: TestUser, stakeId: string) =>
      call(platform, 'POST', '/stake/withdraw/metakeep', { stakeId }, user.authorization);
    const fresh = (await stakeAs(bob, '1')).outcome.events.find((e) => e.eventName === 'Staked')!;
    const locked = await unstake(bob, String(fresh.args.stakeId));
    expect(locked.status).toBe(400);
    expect(locked.message).toMatch(/^This stake is locked until /);
    expect((await unstake(bob, aliceStake)).status).toBe(403);
    expect((await unstake(alice, '999')).status).toBe(404);

    const run = await consentAndRun(
      platform,
      'POST',
      '/stake/withdraw/metakeep',
      { stakeId: aliceStake },
      alice.authorization,
    );
    expect(run.description).toBe(
      `Unstake 2.5 GETS (stake #${aliceStake.padStart(2, '0')}) from the Community Treasure back to your wallet`,
    );
    expect(run.outcome.status).toBe('COMPLETED');
    expect(await getsBalance(platform.ctx, alice.address)).toBe(parseUnits('100', 18));
    expect(
      (await call(platform, 'GET', '/stake/balance', undefined, alice.authorization)).data,
    ).toMatchObject({ userBalance: '100', stakingBalance: '0', totalStakingBalance: '1' });
    expect(await unstake(alice, aliceStake)).toMatchObject({
      status: 409,
      message: STAKING_MESSAGES.alreadyWithdrawn,
    });
    const mine = await call<{ withdrawnAt: string | null }[]>(
      platform,
      'GET',
      '/stake/mine',
      undefined,
      alice.authorization,
    );
    expect(mine.data[0]!.withdrawnAt).not.toBeNull();
  });

  it('the admin re-deposits and withdraws: never above the total staked (the spec) nor the pool, and records it', async () => {
    const move = (path: string, amount: string) =>
      consentAndRun(platform, 'POST', path, { amount }, admin.headers);
    const askWithdraw = (amount: string) =>
      call(platform, 'POST', '/stake/withdraw/metakeep/admin', { amount }, admin.headers);
    const consents = (await counts()).consents;
    // Bob's stake of 1 is all that is staked, the pool empty: the pool bounds what the chain pays.
    expect(await read('totalStaked')).toBe(parseUnits('1', 18));
    const refused = (message: string) => ({ status: 400, message });
    expect(await askWithdraw('1')).toMatchObject(refused(STAKING_MESSAGES.treasuryShort(0n)));
    const deposit = await move('/stake/deposit/metakeep/admin', '1000');
    expect(deposit.description).toBe(
      'Re-deposit 1,000 GETS from your wallet into the Community Treasure',
    );
    expect(deposit.outcome.status).toBe('COMPLETED');
    expect(await read('treasuryBalance')).toBe(parseUnits('1000', 18));
    // The pool holds 1000, but a withdrawal is limited by the total staked.
    for (const amount of ['1.5', '1000', '1000.5']) {
      const message = STAKING_MESSAGES.exceedsTotalStaked(parseUnits('1', 18));
      expect(await askWithdraw(amount)).toMatchObject(refused(message));
    }
    expect((await counts()).consents).toBe(consents + 1); // refused before any consent
    const before = await getsBalance(platform.ctx, admin.account);
    const withdraw = await move('/stake/withdraw/metakeep/admin', '0.75');
    expect(withdraw.description).toBe(
      'Withdraw 0.75 GETS from the Community Treasure to your wallet',
    );
    expect(withdraw.outcome.status).toBe('COMPLETED');
    expect(await getsBalance(platform.ctx, admin.account)).toBe(before + parseUnits('0.75', 18));
    expect(await read('treasuryBalance')).toBe(parseUnits('999.25', 18));
    expect(await read('totalStaked')).toBe(parseUnits('1', 18));
    const record = (body: Record<string, unknown>, headers = admin.headers) =>
      call(platform, 'POST', '/stake/withdraw/admin', body, headers);
    expect(await record({ userId: admin.id, amount: '0.75' })).toEqual({
      status: 200,
      message: STAKING_MESSAGES.withdrawn('0.75'),
      data: null,
    });
    expect(await record({ userId: admin.id, amount: '0.75' })).toMatchObject({ status: 404 });
    expect((await record({ userId: alice.id, amount: '1' })).status).toBe(403);
    expect((await record({ userId: admin.id, amount: '1' }, alice.authorization)).status).toBe(403);

    expect(await call(platform, 'GET', '/stake/treasury', undefined, admin.headers)).toMatchObject({
      status: 200,
      data: {
        totalStaked: '1',
        treasuryBalance: '999.25',
        lockPeriod: 30,
        treasureAddress: platform.ctx.contracts.treasure,
      },
    });
    expect(
      (await call(platform, 'GET', '/stake/treasury', undefined, alice.authorization)).status,
    ).toBe(403);
  });

  it('lists the open stakes a page at a time, with their users and the total count', async () => {
    for (const amount of ['2', '3']) await stakeAs(bob, amount);
    const page = async (query: string) => {
      const response = await platform.request(`/gs-api/stake${query}`, { headers: admin.headers });
      return {
        status: response.status,
        total: response.headers.get(TOTAL_COUNT_HEADER),
        body: (await response.json()) as {
          data: {
            onChainId: string;
            stakedAmount: string;
            userId: { _id: string; account: string; userName: string };
          }[];
        },
      };
    };
    const first = await page('?page=1&limit=2');
    expect(first.status).toBe(200);
    expect(first.total).toBe('3');
    expect(first.body.data.map((s) => s.stakedAmount)).toEqual(['3', '2']);
    // Bob's locked stake of 1 is open too; Alice's is unstaked.
    expect(first.body.data[0]!.userId).toMatchObject({ _id: bob.id, account: bob.address });
    const second = await page('?page=2&limit=2');
    expect(second.body.data.map((s) => s.stakedAmount)).toEqual(['1']);
    expect((await page('?page=0')).status).toBe(400);
    expect((await page('?limit=101')).status).toBe(400);
    const asUser = await platform.request('/gs-api/stake', { headers: alice.authorization });
    expect(asUser.status).toBe(403);
  });

  it('total staked always equals the sum of open stakes, after any mix of stake, unstake and treasury moves', async () => {
    const check = async () => {
      const onChain = await read('totalStaked');
      expect(await sumOpenStakes(platform.ctx.db)).toBe(onChain);
      const count = await platform.ctx.chain.publicClient.readContract({
        address: platform.ctx.contracts.treasure,
        abi: communityTreasureAbi,
        functionName: 'stakeCount',
      });
      let open = 0n;
      for (let id = 1n; id <= count; id += 1n) {
        const stake = await platform.ctx.chain.publicClient.readContract({
          address: platform.ctx.contracts.treasure,
          abi: communityTreasureAbi,
          functionName: 'getStake',
          args: [id],
        });
        if (!stake.withdrawn) open += stake.amount;
      }
      expect(open).toBe(onChain);
      const held = await getsBalance(platform.ctx, platform.ctx.contracts.treasure);
      expect(held).toBe(onChain + (await read('treasuryBalance')));
      const api = await call<{ totalStaked: string }>(
        platform,
        'GET',
        '/stake/treasury',
        undefined,
        admin.headers,
      );
      expect(parseUnits(api.data.totalStaked, 18)).toBe(onChain);
    };
    const stake = async (user: TestUser, amount: string) =>
      expect((await stakeAs(user, amount)).outcome.status).toBe('COMPLETED');
    const unstakeFirstUnlocked = async (user: TestUser) => {
      const mine = await call<
        { onChainId: string; unlockAt: string; withdrawnAt: string | null }[]
      >(platform, 'GET', '/stake/mine', undefined, user.authorization);
      const open = mine.data.find(
        (s) => s.withdrawnAt === null && Date.parse(s.unlockAt) < Date.now(),
      );
      const run = await consentAndRun(
        platform,
        'POST',
        '/stake/withdraw/metakeep',
        { stakeId: open!.onChainId },
        user.authorization,
      );
      expect(run.outcome.status).toBe('COMPLETED');
    };
    const treasuryMove = async (path: string, amount: string) =>
      expect(
        (await consentAndRun(platform, 'POST', path, { amount }, admin.headers)).outcome.status,
      ).toBe('COMPLETED');
    const deposit = (amount: string) => treasuryMove('/stake/deposit/metakeep/admin', amount);
    const withdraw = (amount: string) => treasuryMove('/stake/withdraw/metakeep/admin', amount);

    // Stakes made 40 days ago by the chain's clock unlock by now; then, now,
    // unstakes, new stakes and treasury moves interleave.
    const steps: (() => Promise<unknown>)[] = [
      () => chainClock(40),
      () => stake(alice, '1.25'),
      () => deposit('30'),
      () => stake(bob, '2.5'),
      () => withdraw('1.5'),
      () => stake(alice, '0.75'),
      () => stake(bob, '0.000000000000000001'),
      () => chainClock(0),
      () => unstakeFirstUnlocked(bob),
      () => stake(bob, '4'),
      () => deposit('12.125'),
      () => unstakeFirstUnlocked(alice),
      () => withdraw('10'),
      () => unstakeFirstUnlocked(alice),
      () => stake(alice, '1'),
      () => unstakeFirstUnlocked(bob),
    ];
    for (const step of steps) {
      await step();
      await check();
    }
  });
});
