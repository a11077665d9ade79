// One bad transaction never holds back another: each kind of bad row the
// pipeline can meet fails alone, with a reason in words, while the good rows
// around it go out once, in batches mined as sent, and complete exactly once.
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseUnits, type Address } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { ANVIL_DEV_KEYS } from '../../src/config.ts';
import {
  findTransaction,
  insertQueuedTransaction,
} from '../../src/chain/pipeline/transaction-repository.ts';
import { keyEncryptionKey, sealPrivateKey } from '../../src/custody/envelope.ts';
import { insertKey } from '../../src/custody/key-repository.ts';
import type { Worker } from '../../src/worker/worker.ts';
import { startTestPlatform, type TestPlatform } from '../helpers/test-platform.ts';
import {
  createTestUser,
  forwarderNonce,
  fundWithGets,
  getsBalance,
  queueTransfers,
  statusCounts,
  waitUntilSettled,
  type TestUser,
} from '../helpers/accounts.ts';
import { startPipelineWorker } from '../helpers/pipeline-processes.ts';
import { insertUser, setUserAccount } from '../../src/modules/accounts/user-repository.ts';
import type { ChainAction } from '../../src/actions.ts';

const SINK = privateKeyToAccount(ANVIL_DEV_KEYS[2]).address;
const GOOD = 200;

describe('failure isolation in the transaction pipeline', () => {
  let platform: TestPlatform;
  let users: TestUser[];

  beforeAll(async () => {
    // No worker of its own: the test starts the pipeline once everything is
    // queued, so bad and good rows meet in the same batches.
    platform = await startTestPlatform({ MODE: 'api' });
    users = [];
    for (let i = 0; i < GOOD; i++) users.push(await createTestUser(platform.ctx));
    await fundWithGets(
      platform.ctx,
      users.map((u) => u.address),
      '5',
    );
  });
  afterAll(async () => {
    await platform?.stop();
  });

  const startPipeline = (): Promise<Worker> => startPipelineWorker(platform);

  /** Queues what `queue` queues, then runs the pipeline until nothing is QUEUED or SENT. */
  async function drain(queue: () => Promise<void>): Promise<void> {
    await queue();
    const worker = await startPipeline();
    try {
      await waitUntilSettled(platform.ctx, 120_000);
    } finally {
      await worker.stop();
    }
  }

  /** How each row went out: its own sends, and its batch's sends and state (none when it never left). */
  async function batchesOf(ids: string[]) {
    const rows = await platform.ctx.db.query<{
      id: string;
      sends: number;
      batch_sends: number;
      status: string;
    }>(
      `SELECT ct.id, ct.attempts AS sends, jsonb_array_length(rb.attempts) AS batch_sends, rb.status
         FROM chain_transactions ct JOIN relay_batches rb ON rb.id = ct.batch_id
        WHERE ct.id = ANY($1::uuid[])`,
      [ids],
    );
    return rows.map((row) => ({
      id: row.id,
      sends: Number(row.sends),
      batchSends: Number(row.batch_sends),
      mined: row.status === 'MINED',
    }));
  }

  /** A row as a broken client, an old version or a damaged database could leave it. */
  async function queueRaw(wallet: Address, action: unknown): Promise<string> {
    const id = randomUUID();
    await insertQueuedTransaction(platform.ctx.db, {
      id,
      ownerKind: 'user',
      ownerId: randomUUID(),
      walletAddress: wallet,
      action: action as ChainAction,
      description: 'a bad row',
      consentTokenHash: randomBytes(32).toString('hex'),
    });
    return id;
  }

  /** A user whose wallet key was sealed under a key-encryption key this server does not hold. */
  async function userWithForeignKek(): Promise<TestUser> {
    const { ctx } = platform;
    const id = randomUUID();
    const privateKey = randomBytes(32);
    const { address } = privateKeyToAccount(`0x${privateKey.toString('hex')}`);
    await insertUser(ctx.db, {
      id,
      email: `foreign-${id.slice(0, 8)}@example.org`,
      passwordHash: 'unused',
      fullName: 'Foreign Key',
      userName: `foreign_${id.slice(0, 8)}`,
      userType: 'EARNER',
      status: 'APPROVED',
      emailVerified: true,
      profilePic: null,
    });
    const foreign = keyEncryptionKey(randomBytes(32));
    await insertKey(ctx.db, {
      address,
      ownerKind: 'user',
      ownerId: id,
      ...sealPrivateKey(foreign, privateKey, address),
    });
    await setUserAccount(ctx.db, id, address);
    return {
      id,
      email: '',
      address,
      token: '',
      authorization: { authorization: '' },
    };
  }

  it('completes 200 good transfers exactly once and fails 20 bad ones of five kinds alone, in batches mined as sent', async () => {
    const { ctx } = platform;
    const sinkAtStart = await getsBalance(ctx, SINK);

    // The same 200 good transfers, with 20 bad rows interleaved (one every 10).
    const broke = await createTestUser(ctx); // holds no GETS: its transfer reverts
    const foreign: TestUser[] = [];
    for (let i = 0; i < 4; i++) foreign.push(await userWithForeignKek());
    const keyless = privateKeyToAccount(`0x${'ab'.repeat(32)}`).address;
    await fundWithGets(ctx, [...foreign.map((u) => u.address), keyless], '5');
    const badKinds = [
      async (i: number) => ({
        // An amount above a uint256: it cannot even be encoded.
        id: await queueRaw(users[i]!.address, {
          type: 'transferTokens',
          to: SINK,
          amount: (2n ** 256n).toString(),
        }),
        reason: /^This request could not be read: The amount does not fit a uint256$/,
      }),
      async () => ({
        // An action this version does not know.
        id: await queueRaw(broke.address, { type: 'mintEverything', amount: '1' }),
        reason: /^This request could not be read: /,
      }),
      async (i: number) => ({
        // A key sealed under a key-encryption key this server does not hold.
        id: (await queueTransfers(ctx, [foreign[i % 4]!], SINK, '1'))[0]!,
        reason:
          /^The wallet key is sealed under key-encryption key [0-9a-f]{16}, which this server does not hold$/,
      }),
      async () => ({
        // Calldata the contract reverts: more GETS than the wallet holds.
        id: (await queueTransfers(ctx, [broke], SINK, '1'))[0]!,
        reason: /^Not enough GETS: the balance is 0 GETS, 1 GETS needed$/,
      }),
      async () => ({
        // A wallet the platform holds no key for.
        id: await queueRaw(keyless, {
          type: 'transferTokens',
          to: SINK,
          amount: parseUnits('1', 18).toString(),
        }),
        reason: /^This wallet has no custodial key$/,
      }),
    ];

    for (let round = 0; round < 2; round++) {
      // 200 good transfers alone.
      await drain(() => queueTransfers(ctx, users, SINK, '1').then(() => {}));
      expect(await statusCounts(ctx)).toMatchObject({ QUEUED: 0, SENT: 0, FAILED: 20 * round });

      // The same 200 good transfers, with 20 bad rows interleaved (one every 10).
      const nonceBefore = await Promise.all(users.map((u) => forwarderNonce(ctx, u.address)));
      const bad: { id: string; reason: RegExp }[] = [];
      const good: string[] = [];
      await drain(async () => {
        for (const [index, user] of users.entries()) {
          if (index % 10 === 0) {
            const kind = badKinds[(index / 10) % badKinds.length]!;
            bad.push(await kind(index / 10));
          }
          good.push(...(await queueTransfers(ctx, [user], SINK, '1')));
        }
      });

      expect(bad).toHaveLength(20);
      for (const { id, reason } of bad) {
        const row = (await findTransaction(ctx.db, id))!;
        expect(row.status, `row ${id}`).toBe('FAILED');
        expect(row.failureReason).toMatch(reason);
      }
      // The bad rows stalled nobody: none reached the chain, and each good row
      // went out once, in a batch mined as it was first sent (none reverted,
      // was re-sent or was broken up because of a bad row).
      expect(await batchesOf(bad.map((b) => b.id))).toEqual([]);
      const goodBatches = await batchesOf(good);
      expect(goodBatches).toHaveLength(GOOD);
      expect(goodBatches.filter((b) => !(b.sends === 1 && b.batchSends === 1 && b.mined))).toEqual(
        [],
      );
      // Each wallet's forwarder nonce moved by exactly one: its transfer ran once.
      const nonceAfter = await Promise.all(users.map((u) => forwarderNonce(ctx, u.address)));
      expect(nonceAfter.every((n, i) => n === nonceBefore[i]! + 1n)).toBe(true);
    }

    // Every good transfer ran exactly once: the sink got 4 × 200 GETS.
    expect(await statusCounts(ctx)).toMatchObject({
      QUEUED: 0,
      SENT: 0,
      FAILED: 40,
      COMPLETED: 4 * GOOD,
    });
    expect(await getsBalance(ctx, SINK)).toBe(sinkAtStart + parseUnits(String(4 * GOOD), 18));
  });
});
