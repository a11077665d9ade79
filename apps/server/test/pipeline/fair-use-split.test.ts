// Fair use of an action split into parts (a whitelisting of many earners, one
// chain transaction per 500): every part counts against the account's limits
// before any consent, in flight and in gas, so one consent can never queue
// more than the account may have on its way, nor budget more gas than its day
// has left. An action larger than the limits themselves is refused outright.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { privateKeyToAddress, generatePrivateKey } from 'viem/accounts';
import { FAIR_USE_MESSAGES } from '@gets/schema';
import { addGasUse } from '../../src/chain/pipeline/fair-use-repository.ts';
import type { AccountLimits } from '../../src/chain/pipeline/fair-use.ts';
import { requestConsent } from '../../src/custody/consent.ts';
import type { AppError } from '../../src/http/errors.ts';
import { createTestUser, queueTransfers, type TestUser } from '../helpers/accounts.ts';
import { startTestPlatform, type TestPlatform } from '../helpers/test-platform.ts';

const wallets = (count: number) =>
  Array.from({ length: count }, () => privateKeyToAddress(generatePrivateKey()));

/** A whitelisting of `count` earners: ceil(count / 500) parts of 60,000 + 30,000 gas an earner. */
const whitelisting = (count: number) => ({
  type: 'whitelistEarners' as const,
  badgeId: '7',
  name: 'Invitation Only',
  earners: wallets(count),
});

describe('fair use of an action split into parts', () => {
  let platform: TestPlatform;
  let sponsor: TestUser;
  let earner: TestUser;

  beforeAll(async () => {
    // No worker: what is queued stays in flight.
    platform = await startTestPlatform({ MODE: 'api' });
    sponsor = await createTestUser(platform.ctx, { userType: 'SPONSOR', gets: '1' });
    earner = await createTestUser(platform.ctx);
  });
  afterAll(async () => {
    await platform?.stop();
  });

  const ask = (count: number, limits: AccountLimits) =>
    requestConsent(
      platform.ctx.actions,
      platform.ctx.db,
      { kind: 'user', id: sponsor.id },
      whitelisting(count),
      limits,
    ).catch((error: AppError) => error);
  const consents = async () =>
    (
      await platform.ctx.db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM consents WHERE owner_id = $1',
        [sponsor.id],
      )
    )[0]!.n;
  const plenty = 10n ** 12n;

  it('refuses outright an action of more parts than may be in flight at once', async () => {
    const before = await consents();
    const refused = await ask(1_600, { maxInFlight: 3, dailyGas: plenty });
    expect(refused).toMatchObject({
      statusCode: 400,
      message: FAIR_USE_MESSAGES.tooLarge({
        transactions: 4,
        maxInFlight: 3,
        gas: 4n * 60_000n + 1_600n * 30_000n,
        dailyGas: plenty,
      }),
    });
    expect(await consents()).toBe(before);
  });

  it('counts every part against what is already in flight, before any consent', async () => {
    // 7 of 10 places taken by the sponsor's own transfers.
    await queueTransfers(platform.ctx, Array(7).fill(sponsor), earner.address, '0.000001');
    const limits = { maxInFlight: 10, dailyGas: plenty };
    const before = await consents();
    // 4 parts do not fit in the 3 places left; 3 parts do.
    expect(await ask(1_600, limits)).toMatchObject({
      statusCode: 429,
      message: FAIR_USE_MESSAGES.tooManyInFlight(10),
    });
    expect(await consents()).toBe(before);
    expect(await ask(1_500, limits)).toMatchObject({ consentToken: expect.any(String) });
  });

  it("counts every part's gas against what is left of the day's allowance", async () => {
    const limits = { maxInFlight: 100, dailyGas: 40_000_000n };
    // 3 parts: 3 x 60,000 + 1,200 x 30,000 = 36.18 M gas: more than the day's 40 M once 5 M are used.
    await addGasUse(platform.ctx.db, [{ ownerKind: 'user', ownerId: sponsor.id, gas: 5_000_000n }]);
    const refused = await ask(1_200, limits);
    expect(refused).toMatchObject({ statusCode: 429 });
    expect((refused as AppError).message).toMatch(/^Your account has used today's allowance/);
    expect(await ask(1_000, limits)).toMatchObject({ consentToken: expect.any(String) });
    // More than a whole day's allowance: no wait makes room for it.
    expect(await ask(1_400, limits)).toMatchObject({
      statusCode: 400,
      message: expect.stringMatching(/^This action needs about 42 million gas/),
    });
  });
});
