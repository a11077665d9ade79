// A status stream loses no change: it opens with the caller's snapshot, each
// event carries its id, a reconnect with Last-Event-ID is sent what changed
// meanwhile, and neither an unreadable notice nor a broken listener stops it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type TestPlatform } from '../helpers/test-platform.ts';
import { createTestUser, queueTransfers, type TestUser } from '../helpers/accounts.ts';
import { readSse, type StatusEvent } from '../helpers/sse.ts';
import { STATUS_CHANNEL } from '../../src/chain/pipeline/chain-transaction.ts';
import { markCompletedMany, markFailed } from '../../src/chain/pipeline/transaction-repository.ts';

const HASH = `0x${'ab'.repeat(32)}`;

describe('status stream: snapshot, event ids and replay', () => {
  let platform: TestPlatform;
  beforeAll(async () => {
    // No worker: the test makes each change itself.
    platform = await startTestPlatform({ MODE: 'api', RATE_LIMIT_ACCOUNT_MAX: '10000' });
  });
  afterAll(async () => {
    await platform?.stop();
  });

  const openStream = (user: TestUser, lastEventId?: string) =>
    platform.request('/gs-api/metakeep/transaction/stream', {
      headers: {
        ...user.authorization,
        ...(lastEventId === undefined ? {} : { 'last-event-id': lastEventId }),
      },
    });
  const seqOf = async (id: string) =>
    (
      await platform.ctx.db.query<{ seq: string }>(
        'SELECT status_seq::text AS seq FROM chain_transactions WHERE id = $1',
        [id],
      )
    )[0]!.seq;
  /** Ended long ago: out of the snapshot's recent window (its seq does not change). */
  const endedLongAgo = (id: string) =>
    platform.ctx.db.query(
      `UPDATE chain_transactions SET completed_at = now() - interval '1 hour' WHERE id = $1`,
      [id],
    );
  const queueOne = async (user: TestUser) =>
    (await queueTransfers(platform.ctx, [user], user.address, '1'))[0]!;
  const complete = (id: string) =>
    markCompletedMany(platform.ctx.db, [{ id, transactionHash: HASH, events: [] }]);
  const has = (events: StatusEvent[], id: string, status: string) =>
    events.some((e) => e.transactionId === id && e.status === status);

  it('opens with the headers a proxy and the client need, then the snapshot, then live changes, each with its id', async () => {
    const alice = await createTestUser(platform.ctx);
    const done = await queueOne(alice);
    const waiting = await queueOne(alice);
    // Finished before the stream opened: a late subscriber still learns of it.
    await complete(done);

    const response = await openStream(alice);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-cache, no-transform');
    expect(response.headers.get('connection')).toBe('keep-alive');
    expect(response.headers.get('x-accel-buffering')).toBe('no');
    const stream = readSse(response);
    try {
      await stream.readUntil((s) => s.statusEvents.length >= 2);
      expect(stream.raw.startsWith(': connected\n\n')).toBe(true);
      expect(stream.statusEvents).toEqual([
        expect.objectContaining({
          id: await seqOf(waiting),
          transactionId: waiting,
          status: 'QUEUED',
        }),
        expect.objectContaining({
          id: await seqOf(done),
          transactionId: done,
          status: 'COMPLETED',
          transactionHash: HASH,
        }),
      ]);
      // The data is what the polling call answers.
      const polled = await platform.request('/gs-api/metakeep/transaction', {
        method: 'POST',
        headers: { ...alice.authorization, 'content-type': 'application/json' },
        body: JSON.stringify({ transactionId: done }),
      });
      const { id: _id, ...sent } = stream.statusEvents[1]!;
      expect(((await polled.json()) as { data: unknown }).data).toEqual(sent);

      await markFailed(platform.ctx.db, waiting, { reason: 'refused' });
      await stream.readUntil((s) => has(s.statusEvents, waiting, 'FAILED'));
      const failed = stream.statusEvents.at(-1)!;
      expect(failed).toMatchObject({ id: await seqOf(waiting), failureReason: 'refused' });
      expect(BigInt(failed.id!)).toBeGreaterThan(BigInt(stream.statusEvents[1]!.id!));
      const statusMessages = stream.messages.filter((m) => m.event === 'status');
      expect(statusMessages.every((m) => /^\d+$/.test(m.id ?? ''))).toBe(true);
    } finally {
      await stream.close();
    }
  });

  it('sends a reconnect with Last-Event-ID what changed while it was away, besides the snapshot, and nothing older', async () => {
    const alice = await createTestUser(platform.ctx);
    // Ended long before: in neither the snapshot nor a replay.
    const old = await queueOne(alice);
    await markFailed(platform.ctx.db, old, { reason: 'long ago' });
    await endedLongAgo(old);
    const marker = await queueOne(alice);

    const first = readSse(await openStream(alice));
    await first.readUntil((s) => has(s.statusEvents, marker, 'QUEUED'));
    const lastId = first.statusEvents.at(-1)!.id!;
    expect(first.statusEvents.map((e) => e.transactionId)).toEqual([marker]);
    await first.close();

    // While the client is away: one ends (and falls out of the recent window
    // at once), one completes, one is queued.
    const away = await queueOne(alice);
    await markFailed(platform.ctx.db, away, { reason: 'refused' });
    await endedLongAgo(away);
    await complete(marker);
    const fresh = await queueOne(alice);

    const again = readSse(await openStream(alice, lastId));
    try {
      await again.readUntil((s) => has(s.statusEvents, fresh, 'QUEUED'));
      // In status_seq order; `old`, the lowest, would have come first.
      expect(again.statusEvents).toEqual([
        expect.objectContaining({ id: await seqOf(away), transactionId: away, status: 'FAILED' }),
        expect.objectContaining({
          id: await seqOf(marker),
          transactionId: marker,
          status: 'COMPLETED',
        }),
        expect.objectContaining({ id: await seqOf(fresh), transactionId: fresh, status: 'QUEUED' }),
      ]);
      expect(again.statusEvents.every((e) => BigInt(e.id!) > BigInt(lastId))).toBe(true);
    } finally {
      await again.close();
    }

    // An id that is not one of ours is ignored: the snapshot alone.
    const unknown = readSse(await openStream(alice, 'not-a-number'));
    try {
      await unknown.readUntil((s) => has(s.statusEvents, fresh, 'QUEUED'));
      expect(unknown.statusEvents.map((e) => [e.transactionId, e.status])).toEqual([
        [marker, 'COMPLETED'],
        [fresh, 'QUEUED'],
      ]);
    } finally {
      await unknown.close();
    }
  });

  it('still delivers a change announced together with a notice whose id is not a uuid', async () => {
    const alice = await createTestUser(platform.ctx);
    const queued = await queueOne(alice);
    const stream = readSse(await openStream(alice));
    try {
      await stream.readUntil((s) => has(s.statusEvents, queued, 'QUEUED'));
      // Delivered at one commit, so read in the same lookup as the change.
      await platform.ctx.db.transaction(async (tx) => {
        await tx.query('SELECT pg_notify($1, $2)', [STATUS_CHANNEL, `user:${alice.id}:not-a-uuid`]);
        await markCompletedMany(tx, [{ id: queued, transactionHash: HASH, events: [] }]);
      });
      await stream.readUntil((s) => has(s.statusEvents, queued, 'COMPLETED'));
      // And the feed is not stuck on it: the next change arrives too.
      const next = await queueOne(alice);
      await stream.readUntil((s) => has(s.statusEvents, next, 'QUEUED'));
    } finally {
      await stream.close();
    }
  });

  it('still delivers to a stream when another listener of the same owner throws', async () => {
    const alice = await createTestUser(platform.ctx);
    const queued = await queueOne(alice);
    // Subscribed first, so it is called before the stream's listener.
    const stopBroken = platform.ctx.statusFeed.subscribe({ kind: 'user', id: alice.id }, () => {
      throw new Error('a broken listener');
    });
    const stream = readSse(await openStream(alice));
    try {
      await stream.readUntil((s) => has(s.statusEvents, queued, 'QUEUED'));
      await complete(queued);
      await stream.readUntil((s) => has(s.statusEvents, queued, 'COMPLETED'));
    } finally {
      stopBroken();
      await stream.close();
    }
  });
});
