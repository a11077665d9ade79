// Consent tokens: single-use, bound to one owner and one exact action, valid
// for 10 minutes; a refused token changes nothing.
import { chainActions } from '../../src/actions.ts';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AMOUNT_MESSAGES } from '@gets/schema';
import { startTestPlatform, type TestPlatform } from '../helpers/test-platform.ts';
import { createTestUser, postTransfer, type TestUser } from '../helpers/accounts.ts';
import { CONSENT_MESSAGES, requestConsent, submitConsent } from '../../src/custody/consent.ts';

describe('consent tokens', () => {
  let platform: TestPlatform;
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    // No worker: queued transactions stay put, which is all these checks need.
    platform = await startTestPlatform({ MODE: 'api' });
    // Funded: a transfer above the balance is refused before any consent.
    alice = await createTestUser(platform.ctx, { gets: '100' });
    bob = await createTestUser(platform.ctx, { gets: '100' });
  });
  afterAll(async () => {
    await platform?.stop();
  });

  const transfer = (user: TestUser, body: Record<string, unknown>) =>
    postTransfer(platform, user, body);

  async function consentFor(user: TestUser, body: Record<string, unknown>) {
    const response = await transfer(user, body);
    expect(response.status).toBe(200);
    return ((await response.json()) as { data: { consentToken: string } }).data.consentToken;
  }

  async function transactionCount() {
    const rows = await platform.ctx.db.query<{ n: string | number }>(
      'SELECT count(*) AS n FROM chain_transactions',
    );
    return Number(rows[0]!.n);
  }

  async function expectRefused(response: Response, status: number, message: string) {
    expect(response.status).toBe(status);
    expect(await response.json()).toEqual({ message, data: null });
  }

  it('tokens are random and at least 128 bits', async () => {
    const tokens = await Promise.all(
      [1, 2, 3].map(() => consentFor(alice, { to: bob.address, amount: '1' })),
    );
    expect(new Set(tokens).size).toBe(3);
    for (const token of tokens)
      expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);
  });

  it('refuses a reused token', async () => {
    const body = { to: bob.address, amount: '2' };
    const consentToken = await consentFor(alice, body);
    expect((await transfer(alice, { ...body, consentToken })).status).toBe(200);
    const before = await transactionCount();
    await expectRefused(
      await transfer(alice, { ...body, consentToken }),
      409,
      CONSENT_MESSAGES.used,
    );
    expect(await transactionCount()).toBe(before);
  });

  it("refuses another user's token, and the owner can still use it", async () => {
    const consentToken = await consentFor(alice, { to: bob.address, amount: '3' });
    const before = await transactionCount();
    await expectRefused(
      await transfer(bob, { to: alice.address, amount: '3', consentToken }),
      403,
      CONSENT_MESSAGES.otherOwner,
    );
    expect(await transactionCount()).toBe(before);
    expect((await transfer(alice, { to: bob.address, amount: '3', consentToken })).status).toBe(
      200,
    );
  });

  it('refuses a token for an altered payload, and the original still works', async () => {
    const consentToken = await consentFor(alice, { to: bob.address, amount: '4' });
    const before = await transactionCount();
    await expectRefused(
      await transfer(alice, { to: bob.address, amount: '40', consentToken }),
      400,
      CONSENT_MESSAGES.altered,
    );
    expect(await transactionCount()).toBe(before);
    expect((await transfer(alice, { to: bob.address, amount: '4', consentToken })).status).toBe(
      200,
    );
  });

  it('refuses an expired token', async () => {
    const consentToken = await consentFor(alice, { to: bob.address, amount: '5' });
    await platform.ctx.db.query(
      `UPDATE consents SET expires_at = now() - interval '1 second' WHERE used_at IS NULL`,
    );
    const before = await transactionCount();
    await expectRefused(
      await transfer(alice, { to: bob.address, amount: '5', consentToken }),
      410,
      CONSENT_MESSAGES.expired,
    );
    expect(await transactionCount()).toBe(before);
  });

  it('gives a consent 10 minutes', async () => {
    const response = await transfer(alice, { to: bob.address, amount: '6' });
    const { expiresAt } = ((await response.json()) as { data: { expiresAt: string } }).data;
    const minutes = (new Date(expiresAt).getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(9.5);
    expect(minutes).toBeLessThanOrEqual(10);
  });

  it('refuses an unknown token and a call without a session', async () => {
    await expectRefused(
      await transfer(alice, { to: bob.address, amount: '1', consentToken: 'x'.repeat(43) }),
      400,
      CONSENT_MESSAGES.invalid,
    );
    const anonymous = await platform.request('/gs-api/token/transfer-token/metakeep', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: alice.email, to: bob.address, amount: '1' }),
    });
    expect(anonymous.status).toBe(401);
  });

  it('answers bad input with the field message', async () => {
    const badAddress = await transfer(alice, { to: '0x1234', amount: '1' });
    expect(badAddress.status).toBe(400);
    expect(((await badAddress.json()) as { message: string }).message).toBe(
      'Please enter a valid wallet address',
    );
    const badAmount = await transfer(alice, { to: bob.address, amount: '-1' });
    expect(badAmount.status).toBe(400);
    expect(((await badAmount.json()) as { message: string }).message).toBe(AMOUNT_MESSAGES.format);
  });

  it('refuses to queue for an owner without a wallet, and keeps the token for when there is one', async () => {
    const owner = { kind: 'user' as const, id: randomUUID() };
    const action = { type: 'registerUser' as const };
    const { consentToken } = await requestConsent(chainActions, platform.ctx.db, owner, action);
    const before = await transactionCount();
    await expect(
      submitConsent(chainActions, platform.ctx.db, owner, consentToken, action),
    ).rejects.toMatchObject({ statusCode: 409, message: CONSENT_MESSAGES.noWallet });
    expect(await transactionCount()).toBe(before);
    await platform.ctx.keystore.createWallet(platform.ctx.db, owner);
    await expect(
      submitConsent(chainActions, platform.ctx.db, owner, consentToken, action),
    ).resolves.toMatchObject({ status: 'QUEUED' });
    expect(await transactionCount()).toBe(before + 1);
  });

  it('enqueues exactly one of 50 concurrent submissions of one token', async () => {
    const body = { to: bob.address, amount: '7' };
    const consentToken = await consentFor(alice, body);
    const before = await transactionCount();
    const responses = await Promise.all(
      Array.from({ length: 50 }, () => transfer(alice, { ...body, consentToken })),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    expect(await transactionCount()).toBe(before + 1);
  });
});
