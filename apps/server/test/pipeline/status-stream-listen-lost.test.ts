// On PostgreSQL, the status feed's LISTEN connection (and the revocations')
// can be lost: a restarted server, pg_terminate_backend. Open streams end so
// their pages reconnect for a snapshot, new ones are refused until it
// listens again, and then changes and revocations reach streams as before.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  dropSchema,
  startTestPlatform,
  withSchema,
  type TestPlatform,
} from '../helpers/test-platform.ts';
import { createTestUser, queueTransfers, type TestUser } from '../helpers/accounts.ts';
import { readSse } from '../helpers/sse.ts';
import { STATUS_CHANNEL } from '../../src/chain/pipeline/chain-transaction.ts';
import { SESSION_REVOKED_CHANNEL } from '../../src/modules/accounts/session-repository.ts';
import { revokePersonSessions } from '../../src/modules/accounts/session-repository.ts';
import {
  STREAM_RETRY_AFTER_SECONDS,
  TRANSACTION_MESSAGES,
} from '../../src/modules/transactions/service.ts';

const databaseUrl = process.env.DATABASE_URL;

describe.runIf(!!databaseUrl)('status streams when a LISTEN connection is lost', () => {
  // This platform's connections carry its schema as their application_name,
  // so only its LISTEN connections are ended (other test files share the server).
  const schema = `test_${randomBytes(6).toString('hex')}`;
  let platform: TestPlatform;
  let admin: pg.Client;
  beforeAll(async () => {
    const url = new URL(withSchema(databaseUrl!, schema));
    url.searchParams.set('application_name', schema);
    platform = await startTestPlatform(
      { MODE: 'api', RATE_LIMIT_ACCOUNT_MAX: '10000', DATABASE_URL: url.toString() },
      { schema },
    );
    admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
  });
  afterAll(async () => {
    await admin?.end();
    await platform?.stop();
    await dropSchema(databaseUrl!, schema);
  });

  const openStream = (user: TestUser) =>
    platform.request('/gs-api/metakeep/transaction/stream', { headers: user.authorization });
  /** Ends this platform's connection listening on the channel, as an operator would. */
  const terminateListener = async (channel: string) => {
    const { rows } = await admin.query<{ pid: number; ended: boolean }>(
      // In the select list, never the WHERE: it runs only for the rows chosen.
      `SELECT pid, pg_terminate_backend(pid) AS ended FROM pg_stat_activity
        WHERE application_name = $1 AND query = $2`,
      [schema, `LISTEN ${pg.escapeIdentifier(channel)}`],
    );
    expect(rows).toEqual([{ pid: expect.any(Number), ended: true }]);
  };

  it('ends every open stream, refuses new ones with 503 until it listens again, then pushes as before', async () => {
    const alice = await createTestUser(platform.ctx);
    const bob = await createTestUser(platform.ctx);
    const streams = [readSse(await openStream(alice)), readSse(await openStream(bob))];
    for (const stream of streams) await stream.readUntil((s) => s.messages.length >= 1);

    await terminateListener(STATUS_CHANNEL);
    for (const stream of streams) await stream.readToEnd(5_000);
    expect(platform.ctx.statusFeed.listening).toBe(false);

    // Within the first second after the loss, before the first new attempt.
    const refused = await openStream(alice);
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe(String(STREAM_RETRY_AFTER_SECONDS));
    expect(((await refused.json()) as { message: string }).message).toBe(
      TRANSACTION_MESSAGES.liveStatusDown,
    );

    await vi.waitFor(() => expect(platform.ctx.statusFeed.listening).toBe(true), {
      timeout: 10_000,
      interval: 100,
    });
    const stream = readSse(await openStream(alice));
    try {
      await stream.readUntil((s) => s.messages.length >= 1);
      const [queued] = await queueTransfers(platform.ctx, [alice], bob.address, '1');
      await stream.readUntil((s) =>
        s.statusEvents.some((e) => e.transactionId === queued && /^\d+$/.test(e.id ?? '')),
      );
    } finally {
      await stream.close();
    }
  });

  it('ends open streams when the revocations are not heard, and a revocation ends a stream once they are again', async () => {
    const alice = await createTestUser(platform.ctx);
    const before = readSse(await openStream(alice));
    await before.readUntil((s) => s.messages.length >= 1);

    await terminateListener(SESSION_REVOKED_CHANNEL);
    await before.readToEnd(5_000);
    await vi.waitFor(() => expect(platform.ctx.sessionEvents.listening).toBe(true), {
      timeout: 10_000,
      interval: 100,
    });

    const after = await openStream(alice);
    expect(after.status).toBe(200);
    const stream = readSse(after);
    await stream.readUntil((s) => s.messages.length >= 1);
    // Far sooner than the 30 s re-check: by the notice.
    await revokePersonSessions(platform.ctx.db, alice.id);
    await stream.readToEnd(5_000);
    expect((await openStream(alice)).status).toBe(401);
  });
});
