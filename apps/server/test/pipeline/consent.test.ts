// Consent tokens: single-use, bound to one owner and one exact action, valid
// for 10 minutes; a refused token changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type TestPlatform } from '../helpers/test-platform.ts';
import { createTestUser, postTransfer, type TestUser } from '../helpers/accounts.ts';
import { CONSENT_MESSAGES } from '../../src/custody/consent.ts';

describe('consent tokens', () => {
  let platform: TestPlatform;
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    // No worker: queued transactions stay put, which is all these checks need.
    platform = await startTestPlatform({ MODE: 'api' });
    alice = await createTestUser(platform.ctx);
    bob = await createTestUser(platform.ctx);
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
    expect(((await badAmount.json()) as { message: string }).message).toBe(
      'Please enter a valid GETS amount greater than 0',
    );
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
