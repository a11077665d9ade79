// A token transfer through consent and the pipeline, as a user makes it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseUnits } from 'viem';
import { startTestPlatform, type TestPlatform } from '../helpers/test-platform.ts';
import {
  createTestUser,
  postTransfer,
  getsBalance,
  waitForOutcome,
  type TestUser,
} from '../helpers/accounts.ts';

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

  it('fails with the reason in words when the balance is too small', async () => {
    const consent = (await (await transfer(bob, { to: alice.address, amount: '1000' })).json()) as {
      data: { consentToken: string };
    };
    const queued = (await (
      await transfer(bob, {
        to: alice.address,
        amount: '1000',
        consentToken: consent.data.consentToken,
      })
    ).json()) as { data: { transactionId: string } };
    const outcome = await waitForOutcome(platform.request, bob, queued.data.transactionId);
    expect(outcome.status).toBe('FAILED');
    expect(outcome.failureReason).toBe('Not enough GETS: the balance is 25 GETS, 1000 GETS needed');
  });
});
