// Two relay loops claiming at once (two relayers, or two worker processes)
// never both send for one wallet: its next transaction would be signed with
// the forwarder nonce of the one still in flight, and one of them would fail.
// Concurrent claims need two connections, so this runs on PostgreSQL.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { privateKeyToAddress, generatePrivateKey } from 'viem/accounts';
import {
  claimQueued,
  insertQueuedTransaction,
} from '../../src/chain/pipeline/transaction-repository.ts';
import { startTestPlatform, type TestPlatform } from '../helpers/test-platform.ts';

const onPostgres = !!process.env.DATABASE_URL;

describe.runIf(onPostgres)('claiming queued transactions from two relay loops', () => {
  let platform: TestPlatform;

  beforeAll(async () => {
    // No worker: the rows stay queued until this test claims them.
    platform = await startTestPlatform({ MODE: 'api' });
  });
  afterAll(async () => {
    await platform?.stop();
  });

  /** Queues a transfer of 1 GETS from the wallet, `secondsAgo` old (older than anything the start queued). */
  async function queue(wallet: string, secondsAgo: number) {
    const id = randomUUID();
    await insertQueuedTransaction(platform.ctx.db, {
      id,
      ownerKind: 'user',
      ownerId: randomUUID(),
      walletAddress: wallet,
      action: {
        type: 'transferTokens',
        to: privateKeyToAddress(generatePrivateKey()),
        amount: '1000000000000000000',
      },
      description: 'Send 1 GETS',
      consentTokenHash: `claim-test-${id}`,
    });
    await platform.ctx.db.query(
      `UPDATE chain_transactions SET created_at = now() - make_interval(secs => $2) WHERE id = $1`,
      [id, secondsAgo],
    );
    return id;
  }

  it("leaves a wallet's next transaction to the loop that is sending its first one", async () => {
    const { db } = platform.ctx;
    const wallet = privateKeyToAddress(generatePrivateKey());
    const first = await queue(wallet, 3600);
    // Another wallet's between them: the first loop's claim of one stops before the second.
    await queue(privateKeyToAddress(generatePrivateKey()), 1800);
    const second = await queue(wallet, 900);

    let firstClaimed: () => void = () => {};
    const claimedByFirst = new Promise<void>((resolve) => (firstClaimed = resolve));
    let letFirstCommit: () => void = () => {};
    const commit = new Promise<void>((resolve) => (letFirstCommit = resolve));

    const firstLoop = db.transaction(async (tx) => {
      const claimed = await claimQueued(tx, 1);
      firstClaimed();
      await commit;
      // As the relay marks what it sent (without the batch row, which this needs not).
      await tx.query(`UPDATE chain_transactions SET status = 'SENT' WHERE id = ANY($1::uuid[])`, [
        claimed.map((t) => t.id),
      ]);
      return claimed.map((t) => t.id);
    });
    await claimedByFirst;
    // While the first loop still has its claim open.
    const whileOpen = await db.transaction(async (tx) =>
      (await claimQueued(tx, 10)).map((t) => t.id),
    );
    letFirstCommit();
    expect(await firstLoop).toEqual([first]);
    expect(whileOpen).not.toContain(second);
    // Once the first is SENT, its wallet waits for it to settle.
    const afterCommit = await db.transaction(async (tx) =>
      (await claimQueued(tx, 10)).map((t) => t.id),
    );
    expect(afterCommit).not.toContain(second);
  });
});
