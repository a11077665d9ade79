// An idle platform rests: with nobody using it, its worker asks the database
// a few times a second, not every 50 ms per relayer (worker.ts, idle runs);
// a transfer queued after a long rest is still woken, sent and completed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/database.ts';
import { findTransaction } from '../../src/chain/pipeline/transaction-repository.ts';
import { createTestUser, queueTransfers, waitUntilSettled } from '../helpers/accounts.ts';
import { SINK } from '../helpers/pipeline-processes.ts';
import { startTestPlatform, type TestPlatform } from '../helpers/test-platform.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Counts the statements and transactions begun on `db` until the answer is called. */
function countStatements(db: Database) {
  const { query, transaction } = db;
  let count = 0;
  db.query = ((...args: Parameters<typeof query>) => {
    count += 1;
    return query.apply(db, args);
  }) as typeof query;
  db.transaction = ((...args: Parameters<typeof transaction>) => {
    count += 1;
    return transaction.apply(db, args);
  }) as typeof transaction;
  return () => {
    db.query = query;
    db.transaction = transaction;
    return count;
  };
}

// The embedded default's rest. On PostgreSQL the test platforms of every file
// share one database (a schema each) and NOTIFY reaches the whole database:
// the other files' status notices nudge this platform's relay all the time.
const onPostgres = !!process.env.DATABASE_URL;

describe.skipIf(onPostgres)('an idle platform', () => {
  let platform: TestPlatform;
  beforeAll(async () => {
    platform = await startTestPlatform();
  });
  afterAll(async () => {
    await platform?.stop();
  });

  it('asks its database a few times a second, and a transfer queued then still completes', async () => {
    const { ctx } = platform;
    const user = await createTestUser(ctx, { gets: '1' });
    await waitUntilSettled(ctx);
    // Long enough for every job's wait to have grown to its longest.
    await sleep(3000);
    const counted = countStatements(ctx.db);
    await sleep(3000);
    // Polling at the jobs' shortest intervals made 191 in these 3 s (relay 2 x 20 a second, settle 2 x 10, ...).
    expect(counted()).toBeLessThan(90);

    const [id] = await queueTransfers(ctx, [user], SINK, '0.5');
    await waitUntilSettled(ctx, 30_000);
    expect((await findTransaction(ctx.db, id!))?.status).toBe('COMPLETED');
  });
});
