// A token transfer through consent and the pipeline, as a user makes it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestClient, http, parseUnits, zeroAddress } from 'viem';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import { startTestPlatform, type TestPlatform } from '../helpers/test-platform.ts';
import { VALIDATION } from '@gets/schema';
import { TOKEN_MESSAGES } from '../../src/modules/tokens/service.ts';
import {
  createTestUser,
  postTransfer,
  getsBalance,
  queueTransfers,
  waitForOutcome,
  type TestUser,
} from '../helpers/accounts.ts';
import { call } from '../helpers/account-flows.ts';
import { consentAndRun, firstAdmin } from '../helpers/admin.ts';

describe('give tokens through consent', () => {
  let platform: TestPlatform;
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    platform = await startTestPlatform({ LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent' });
    alice = await createTestUser(platform.ctx, { gets: '100' });
    bob = await createTestUser(platform.ctx);
  });
  afterAll(async () => {
    await platform?.stop();
  });

  const transfer = (user: TestUser, body: Record<string, unknown>) =>
    postTransfer(platform, user, body);

  it('asks for consent in words, queues on the token, and completes on chain', async () => {
    const consent = await transfer(alice, { to: bob.address, amount: '25' });
    expect(consent.status).toBe(200);
    const consentBody = (await consent.json()) as {
      data: { consentToken: string; description: string };
    };
    expect(consentBody.data.description).toBe(
      `Send 25 GETS to ${bob.address.slice(0, 6)}...${bob.address.slice(-4)}`,
    );
    expect(consentBody.data.consentToken.length).toBeGreaterThanOrEqual(22);

    const submit = await transfer(alice, {
      to: bob.address,
      amount: '25',
      consentToken: consentBody.data.consentToken,
    });
    expect(submit.status).toBe(200);
    const queued = (await submit.json()) as { data: { status: string; transactionId: string } };
    expect(queued.data.status).toBe('QUEUED');

    const outcome = await waitForOutcome(platform.request, alice, queued.data.transactionId);
    expect(outcome.status).toBe('COMPLETED');
    expect(outcome.transactionHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(outcome.events).toContainEqual(
      expect.objectContaining({
        eventName: 'Transfer',
        args: expect.objectContaining({
          from: alice.address,
          to: bob.address,
          value: parseUnits('25', 18).toString(),
        }),
      }),
    );
    expect(await getsBalance(platform.ctx, bob.address)).toBe(parseUnits('25', 18));
    expect(await getsBalance(platform.ctx, alice.address)).toBe(parseUnits('75', 18));
  });

  it('refuses more than the wallet holds, to oneself, or to a non-address, asking no consent', async () => {
    const before = await platform.ctx.db.query('SELECT count(*)::int AS n FROM consents');
    const over = await transfer(bob, { to: alice.address, amount: '25.000000000000000001' });
    expect(over.status).toBe(400);
    expect(((await over.json()) as { message: string }).message).toBe(
      `${VALIDATION.giveTokens.exceedsBalance} (25 GETS available)`,
    );
    const self = await transfer(bob, { to: bob.address.toLowerCase(), amount: '1' });
    expect(self.status).toBe(400);
    expect(((await self.json()) as { message: string }).message).toBe(TOKEN_MESSAGES.selfTransfer);
    const notAnAddress = await transfer(bob, { to: '0x1234', amount: '1' });
    expect(notAnAddress.status).toBe(400);
    expect(await platform.ctx.db.query('SELECT count(*)::int AS n FROM consents')).toEqual(before);
  });

  it("refuses a contract address, the platform's own or one deployed after consent, and the zero address, with a message", async () => {
    const consents = async () =>
      (await platform.ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM consents'))[0]!.n;
    const queued = async () =>
      (
        await platform.ctx.db.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM chain_transactions',
        )
      )[0]!.n;
    const answer = async (response: Response) => ({
      status: response.status,
      message: ((await response.json()) as { message: string }).message,
    });
    const before = await consents();
    const { token, treasure, badges } = platform.ctx.contracts;
    for (const to of [token, treasure, badges.toLowerCase()]) {
      expect(await answer(await transfer(alice, { to, amount: '1' })), to).toEqual({
        status: 400,
        message: TOKEN_MESSAGES.contractRecipient,
      });
    }
    expect(await answer(await transfer(alice, { to: zeroAddress, amount: '1' }))).toEqual({
      status: 400,
      message: TOKEN_MESSAGES.zeroRecipient,
    });
    expect(await consents()).toBe(before);

    // Consent is given for an empty address; by the time it is confirmed, a
    // contract has been put there (as a CREATE2 deployment to a computed address would).
    const anvil = createTestClient({
      mode: 'anvil',
      chain: platform.ctx.chain.chain,
      transport: http(platform.ctx.chain.rpcUrl),
    });
    const counterfactual = privateKeyToAddress(generatePrivateKey());
    const consent = (await (await transfer(alice, { to: counterfactual, amount: '1' })).json()) as {
      data: { consentToken: string };
    };
    expect(consent.data.consentToken).toBeTruthy();
    await anvil.setCode({ address: counterfactual, bytecode: '0x6080604052' });
    const queuedBefore = await queued();
    expect(
      await answer(
        await transfer(alice, {
          to: counterfactual,
          amount: '1',
          consentToken: consent.data.consentToken,
        }),
      ),
    ).toEqual({ status: 400, message: TOKEN_MESSAGES.contractRecipient });
    expect(await queued()).toBe(queuedBefore);

    // An account that delegates to code (EIP-7702) is still its key's: GETS may go there.
    const delegated = privateKeyToAddress(generatePrivateKey());
    await anvil.setCode({ address: delegated, bytecode: `0xef0100${token.slice(2)}` });
    expect((await transfer(alice, { to: delegated, amount: '1' })).status).toBe(200);
  });

  it('fails with the reason in words when the balance fell short after consent', async () => {
    // Queued past the HTTP check (as when two transfers race): the chain refuses it.
    const [id] = await queueTransfers(platform.ctx, [bob], alice.address, '1000');
    const outcome = await waitForOutcome(platform.request, bob, id!);
    expect(outcome.status).toBe('FAILED');
    expect(outcome.failureReason).toBe(
      'Not enough GETS: the balance is 25 GETS, 1,000 GETS needed',
    );
  });

  it("POST /token/transfer-token sends from the caller's own wallet, a user's or an admin's", async () => {
    const admin = await firstAdmin(platform);
    const send = (headers: Record<string, string>, body: Record<string, unknown>) =>
      call<{ consentToken?: string; transactionId?: string }>(
        platform,
        'POST',
        '/token/transfer-token',
        body,
        headers,
      );
    // The first admin's wallet got its GETS at the first start.
    expect(await getsBalance(platform.ctx, admin.account)).toBe(parseUnits('1000000', 18));
    const run = await consentAndRun(
      platform,
      'POST',
      '/token/transfer-token',
      { from: admin.account, to: bob.address, amount: '2.5' },
      admin.headers,
    );
    expect(run.outcome.status).toBe('COMPLETED');
    expect(await getsBalance(platform.ctx, bob.address)).toBe(parseUnits('27.5', 18));

    expect(
      await send(admin.headers, { from: alice.address, to: bob.address, amount: '1' }),
    ).toMatchObject({
      status: 403,
      message: TOKEN_MESSAGES.notYourWallet,
    });
    expect(
      await send(alice.authorization, { from: admin.account, to: bob.address, amount: '1' }),
    ).toMatchObject({
      status: 403,
      message: TOKEN_MESSAGES.notYourWallet,
    });
    expect(
      (await send(alice.authorization, { from: alice.address, to: bob.address, amount: '1' })).data
        .consentToken,
    ).toBeTruthy();
    expect(
      await send(admin.headers, { from: admin.account, to: bob.address, amount: '2000000' }),
    ).toMatchObject({ status: 400 });
    expect(
      await send(admin.headers, { from: admin.account, to: admin.account, amount: '1' }),
    ).toMatchObject({ status: 400, message: TOKEN_MESSAGES.selfTransfer });
    expect(
      await send(admin.headers, {
        from: admin.account,
        to: platform.ctx.contracts.treasure,
        amount: '1',
      }),
    ).toMatchObject({ status: 400, message: TOKEN_MESSAGES.contractRecipient });
    expect((await send({}, { from: admin.account, to: bob.address, amount: '1' })).status).toBe(
      401,
    );
  });
});
