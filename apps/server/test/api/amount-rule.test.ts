// The one amount rule, on every call that takes a GETS amount: a bad amount is
// answered 400 with a message, and nothing is consented to or queued.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AMOUNT_MESSAGES, MAX_UINT256, formatGets } from '@gets/schema';
import { startTestPlatform, type TestPlatform } from '../helpers/test-platform.ts';
import { createTestUser, type TestUser } from '../helpers/accounts.ts';
import { firstAdmin } from '../helpers/admin.ts';

interface AmountCall {
  name: string;
  method?: 'POST' | 'PUT';
  path: string;
  /** Who makes the call (an earner unless said). */
  as?: 'sponsor' | 'admin';
  /** The call's body around the amount, as the web app sends it. */
  body: (user: TestUser, amount: unknown) => Record<string, unknown>;
}

/** The sponsor's draft that the edit-draft line edits (made before the calls run). */
let sponsorDraftId = '';

/** Every call that takes a GETS amount; a call added later adds its line here. */
const AMOUNT_CALLS: AmountCall[] = [
  {
    name: 'give tokens',
    path: '/gs-api/token/transfer-token/metakeep',
    body: (user, amount) => ({
      to: '0x000000000000000000000000000000000000dEaD',
      amount,
      email: user.email,
    }),
  },
  ...(
    [
      ['badge draft: reward per badge', 'POST', '/gs-api/badge/add/draft', {}],
      ['edit a draft: reward per badge', 'PUT', '/gs-api/badge/edit/draft', { _id: 'draft' }],
      [
        'publish a badge: reward per badge',
        'POST',
        '/gs-api/metakeep/badge/create',
        { isPublic: true },
      ],
    ] as const
  ).map(([name, method, path, extra]): AmountCall => ({
    name,
    method,
    path,
    as: 'sponsor',
    body: (user, amount) => ({
      name: 'Amount rule badge',
      amountOfToken: amount,
      numberOfBadge: 1,
      awardCriteria: 'Complete every module of the course',
      description: 'A badge for the amount rule',
      image: '/gs-api/ipfs/bafkreiamountrule',
      batchExpiryDate: new Date(Date.now() + 7 * 86_400_000).toISOString(),
      badgeAccess: 'public',
      email: user.email,
      ...extra,
      ...('_id' in extra ? { _id: sponsorDraftId } : {}),
    }),
  })),
  ...(['approve-badge', 'approve-escrow'] as const).map((which): AmountCall => ({
    name: `badge ${which}: reward per badge`,
    path: `/gs-api/metakeep/badge/${which}`,
    as: 'sponsor',
    body: (user, amount) => ({ email: user.email, amountOfToken: amount, numberOfBadge: 1 }),
  })),
  {
    name: 'send from own wallet',
    path: '/gs-api/token/transfer-token',
    body: (user, amount) => ({
      from: user.address,
      to: '0x000000000000000000000000000000000000dEaD',
      amount,
    }),
  },
  {
    name: 'approve a stake',
    path: '/gs-api/stake/approve/metakeep',
    body: (user, amount) => ({ email: user.email, amount }),
  },
  {
    name: 'stake',
    path: '/gs-api/stake/metakeep',
    body: (user, amount) => ({ email: user.email, amount }),
  },
  {
    name: 'record a stake',
    path: '/gs-api/stake',
    body: (user, amount) => ({ userId: user.id, amount, onChainId: '1' }),
  },
  {
    name: 'withdraw from the treasury',
    path: '/gs-api/stake/withdraw/metakeep/admin',
    as: 'admin',
    body: (_user, amount) => ({ amount }),
  },
  {
    name: 're-deposit into the treasury',
    path: '/gs-api/stake/deposit/metakeep/admin',
    as: 'admin',
    body: (_user, amount) => ({ amount }),
  },
  {
    name: 'record a treasury withdrawal',
    path: '/gs-api/stake/withdraw/admin',
    as: 'admin',
    body: (user, amount) => ({ userId: user.id, amount }),
  },
];

const BAD_AMOUNTS: [unknown, string][] = [
  ['-1', AMOUNT_MESSAGES.format],
  ['+1', AMOUNT_MESSAGES.format],
  ['0', AMOUNT_MESSAGES.zero],
  ['0.000', AMOUNT_MESSAGES.zero],
  ['1.0000000000000000001', AMOUNT_MESSAGES.decimals],
  ['1e3', AMOUNT_MESSAGES.format],
  ['0x10', AMOUNT_MESSAGES.format],
  [' 1', AMOUNT_MESSAGES.format],
  ['1 ', AMOUNT_MESSAGES.format],
  ['1,5', AMOUNT_MESSAGES.format],
  ['abc', AMOUNT_MESSAGES.format],
  ['', AMOUNT_MESSAGES.required],
  [12, AMOUNT_MESSAGES.notText],
  [null, AMOUNT_MESSAGES.notText],
  [`1${'0'.repeat(70)}`, AMOUNT_MESSAGES.tooLarge],
  [formatGets(MAX_UINT256 + 1n), AMOUNT_MESSAGES.tooLarge],
];

describe('the amount rule on every call that takes GETS', () => {
  let platform: TestPlatform;
  let earner: TestUser;
  let sponsor: TestUser;
  let admin: TestUser;
  beforeAll(async () => {
    platform = await startTestPlatform({ MODE: 'api' });
    earner = await createTestUser(platform.ctx, { gets: '10' });
    sponsor = await createTestUser(platform.ctx, { gets: '10', userType: 'SPONSOR' });
    const draft = await platform.request('/gs-api/badge/add/draft', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...sponsor.authorization },
      body: JSON.stringify(
        AMOUNT_CALLS.find((c) => c.path === '/gs-api/badge/add/draft')!.body(sponsor, '1'),
      ),
    });
    sponsorDraftId = ((await draft.json()) as { data: { _id: string } }).data._id;
    const first = await firstAdmin(platform);
    admin = {
      ...earner,
      id: first.id,
      email: first.email,
      address: first.account,
      token: first.token,
      authorization: first.headers as { authorization: string },
    };
  });
  afterAll(async () => {
    await platform?.stop();
  });

  const counts = async () =>
    (
      await platform.ctx.db.query<{ consents: number; transactions: number }>(
        `SELECT (SELECT count(*) FROM consents)::int AS consents,
                (SELECT count(*) FROM chain_transactions)::int AS transactions`,
      )
    )[0]!;

  for (const call of AMOUNT_CALLS) {
    it(`${call.name}: refuses each bad amount with its message and queues nothing`, async () => {
      const caller = call.as === 'admin' ? admin : call.as === 'sponsor' ? sponsor : earner;
      const before = await counts();
      for (const [amount, message] of BAD_AMOUNTS) {
        const response = await platform.request(call.path, {
          method: call.method ?? 'POST',
          headers: { 'content-type': 'application/json', ...caller.authorization },
          body: JSON.stringify(call.body(caller, amount)),
        });
        const answer = (await response.json()) as { message: string };
        expect({ amount, status: response.status, message: answer.message }).toEqual({
          amount,
          status: 400,
          message,
        });
      }
      expect(await counts()).toEqual(before);
      // The largest amount the rule allows passes it (the balance is another matter).
      const largest = await platform.request(call.path, {
        method: call.method ?? 'POST',
        headers: { 'content-type': 'application/json', ...caller.authorization },
        body: JSON.stringify(call.body(caller, formatGets(MAX_UINT256))),
      });
      const { message } = (await largest.json()) as { message: string };
      expect(Object.values(AMOUNT_MESSAGES)).not.toContain(message);
    });
  }
});
