// Fair use of the relayers, tried as a hostile account would: a flood of
// simultaneous actions is held to the in-flight limit before any consent is
// spent, a day's gas allowance ends an account's actions until the next UTC
// day, and an account's long queue never holds back another account's action
// by more than a batch, nor pulls the API out of a load balancer's rotation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAIR_USE_MESSAGES, healthResponseSchema } from '@gets/schema';
import { gasUsePruningJob } from '../../src/chain/pipeline/fair-use.ts';
import { startPipelineWorker as startPipeline } from '../helpers/pipeline-processes.ts';
import { startTestPlatform, type TestPlatform } from '../helpers/test-platform.ts';
import {
  createTestUser,
  postTransfer,
  queueTransfers,
  waitForOutcome,
  waitUntilSettled,
  type TestUser,
} from '../helpers/accounts.ts';

const ONE_WEI = '0.000000000000000001';
async function consentTo(platform: TestPlatform, user: TestUser, to: string) {
  const answer = await postTransfer(platform, user, { to, amount: ONE_WEI });
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { data: { consentToken: string } }).data.consentToken;
}

describe('the in-flight limit of an account', () => {
  let platform: TestPlatform;
  let flooder: TestUser;
  let bystander: TestUser;

  beforeAll(async () => {
    // No worker: what is queued stays in flight until the test starts the pipeline.
    platform = await startTestPlatform({ MODE: 'api' });
    flooder = await createTestUser(platform.ctx, { gets: '1' });
    bystander = await createTestUser(platform.ctx, { gets: '1' });
  });
  afterAll(async () => {
    await platform?.stop();
  });

  it('queues 10 of 40 simultaneous 1-wei transfers and refuses the rest before their consent is used', async () => {
    const { ctx } = platform;
    const tokens: string[] = [];
    for (let i = 0; i < 40; i++) tokens.push(await consentTo(platform, flooder, bystander.address));

    const answers = await Promise.all(
      tokens.map((consentToken) =>
        postTransfer(platform, flooder, { to: bystander.address, amount: ONE_WEI, consentToken }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30);
    const refused = answers.find((a) => a.status === 429)!;
    expect(refused.headers.get('retry-after')).toBe('5');
    expect(((await refused.json()) as { message: string }).message).toBe(
      FAIR_USE_MESSAGES.tooManyInFlight(10),
    );
    const [used] = await ctx.db.query<{ used: number; unused: number }>(
      `SELECT count(*) FILTER (WHERE used_at IS NOT NULL)::int AS used,
              count(*) FILTER (WHERE used_at IS NULL)::int AS unused
         FROM consents WHERE owner_id = $1`,
      [flooder.id],
    );
    expect(used).toEqual({ used: 10, unused: 30 });
    const [queued] = await ctx.db.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM chain_transactions WHERE owner_id = $1`,
      [flooder.id],
    );
    expect(queued!.count).toBe(10);

    // An 11th consent is refused before a token exists; another account is not held back.
    const eleventh = await postTransfer(platform, flooder, { to: bystander.address, amount: '1' });
    expect(eleventh.status).toBe(429);
    expect(await consentTo(platform, bystander, flooder.address)).toBeTruthy();

    // Once the ten have completed, a token refused earlier still queues: it was never spent.
    const worker = await startPipeline(platform);
    try {
      await waitUntilSettled(ctx);
      const refusedToken = tokens[statuses.indexOf(429)]!;
      const retried = await postTransfer(platform, flooder, {
        to: bystander.address,
        amount: ONE_WEI,
        consentToken: refusedToken,
      });
      expect(retried.status).toBe(200);
      const { data } = (await retried.json()) as { data: { transactionId: string } };
      expect((await waitForOutcome(platform.request, flooder, data.transactionId)).status).toBe(
        'COMPLETED',
      );
    } finally {
      await worker.stop();
    }
  });
});

describe('the daily gas allowance of an account', () => {
  let platform: TestPlatform;
  let spender: TestUser;
  let other: TestUser;

  beforeAll(async () => {
    // One transfer is budgeted more than this: the first goes, then the day is used up.
    platform = await startTestPlatform({ ACCOUNT_DAILY_GAS: '100000' });
    spender = await createTestUser(platform.ctx, { gets: '1' });
    other = await createTestUser(platform.ctx, { gets: '1' });
  });
  afterAll(async () => {
    await platform?.stop();
  });

  it('refuses new actions once the day’s allowance is used, saying when the next day starts', async () => {
    const token = await consentTo(platform, spender, other.address);
    const queued = await postTransfer(platform, spender, {
      to: other.address,
      amount: ONE_WEI,
      consentToken: token,
    });
    const { data } = (await queued.json()) as { data: { transactionId: string } };
    expect((await waitForOutcome(platform.request, spender, data.transactionId)).status).toBe(
      'COMPLETED',
    );
    const [use] = await platform.ctx.db.query<{ gas: string }>(
      'SELECT gas::text FROM account_gas_usage WHERE owner_id = $1',
      [spender.id],
    );
    expect(BigInt(use!.gas)).toBeGreaterThanOrEqual(100_000n);

    const refused = await postTransfer(platform, spender, { to: other.address, amount: ONE_WEI });
    expect(refused.status).toBe(429);
    const body = (await refused.json()) as { message: string; data: { retryAfterSeconds: number } };
    const untilMidnight =
      (Date.UTC(
        new Date().getUTCFullYear(),
        new Date().getUTCMonth(),
        new Date().getUTCDate() + 1,
      ) -
        Date.now()) /
      1000;
    expect(Math.abs(body.data.retryAfterSeconds - untilMidnight)).toBeLessThan(60);
    expect(body.message).toMatch(
      /^Your account has used today's allowance of relayer gas \(the platform pays the gas of your chain actions\)\. Please try again in \d+ (hours?|minutes?|seconds?)/,
    );
    expect(refused.headers.get('retry-after')).toBe(String(body.data.retryAfterSeconds));
    // The allowance is the account's: another account is not affected.
    expect(await consentTo(platform, other, spender.address)).toBeTruthy();
  });

  it('keeps a week of gas use: older days are pruned, today stays', async () => {
    const { db } = platform.ctx;
    await db.query(
      `INSERT INTO account_gas_usage (owner_kind, owner_id, day, gas)
       VALUES ('user', $1, (now() AT TIME ZONE 'UTC')::date - 8, 1),
              ('user', $1, (now() AT TIME ZONE 'UTC')::date - 7, 1)`,
      [other.id],
    );
    await gasUsePruningJob({ db }).run();
    const days = await db.query<{ owner_id: string; age: number }>(
      `SELECT owner_id, ((now() AT TIME ZONE 'UTC')::date - day)::int AS age
         FROM account_gas_usage ORDER BY owner_id, age`,
    );
    expect(days).toEqual(
      [
        { owner_id: other.id, age: 7 },
        { owner_id: spender.id, age: 0 },
      ].sort((a, b) => a.owner_id.localeCompare(b.owner_id)),
    );
  });
});

describe('accounts in turn', () => {
  let platform: TestPlatform;
  let flooder: TestUser;
  let bystander: TestUser;

  beforeAll(async () => {
    // A limit high enough to let one account queue 120 actions, and a short health bound
    // the flood outlasts: the oldest of them waits longer than it.
    platform = await startTestPlatform({
      MODE: 'api',
      ACCOUNT_MAX_IN_FLIGHT: '1000',
      HEALTH_MAX_QUEUE_AGE_SECONDS: '2',
    });
    flooder = await createTestUser(platform.ctx, { gets: '1' });
    bystander = await createTestUser(platform.ctx, { gets: '1' });
  });
  afterAll(async () => {
    await platform?.stop();
  });

  it('sends another account’s action in the next batch whatever one account has queued, and health stays 200', async () => {
    const { ctx } = platform;
    await queueTransfers(ctx, Array<TestUser>(120).fill(flooder), bystander.address, ONE_WEI);
    const [late] = await queueTransfers(ctx, [bystander], flooder.address, ONE_WEI);

    const worker = await startPipeline(platform);
    const healthAnswers: { status: number; oldestQueued: number | null }[] = [];
    try {
      // The bystander's transfer rides in the first batch the relay signs.
      expect((await waitForOutcome(platform.request, bystander, late!)).status).toBe('COMPLETED');
      while (
        (await ctx.db.query(`SELECT 1 FROM chain_transactions WHERE status = 'QUEUED'`)).length
      ) {
        const response = await platform.request('/gs-api/health');
        const body = healthResponseSchema.parse(await response.json());
        healthAnswers.push({
          status: response.status,
          oldestQueued: body.data.queue.oldestQueuedAgeSeconds,
        });
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      await waitUntilSettled(ctx);
    } finally {
      await worker.stop();
    }
    const batches = await ctx.db.query<{ id: string }>(
      'SELECT id FROM relay_batches ORDER BY created_at, nonce',
    );
    const [lateRow] = await ctx.db.query<{ batch_id: string }>(
      'SELECT batch_id FROM chain_transactions WHERE id = $1',
      [late],
    );
    // Two relay loops may sign the first two batches at once: either may carry it.
    expect(batches.slice(0, 2).map((b) => b.id)).toContain(lateRow!.batch_id);
    // The flood outlasted the health bound, and health never answered 503 for it.
    expect(healthAnswers.some((a) => (a.oldestQueued ?? 0) > 2)).toBe(true);
    expect(healthAnswers.every((a) => a.status === 200)).toBe(true);
    const [completed] = await ctx.db.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM chain_transactions WHERE status = 'COMPLETED'`,
    );
    expect(completed!.count).toBe(121);
  });
});
