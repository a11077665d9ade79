// The feed reads only what someone here watches, and a burst of notices in
// one read: on a busy platform most status changes are other people's.
import { describe, expect, it, vi } from 'vitest';
import type { Database, ListenEvents } from '../../db/database.ts';
import { startStatusFeed, type StatusFeedLog } from './status-feed.ts';
import { parseStatusNotice, STATUS_CHANNEL, type ChainTransaction } from './chain-transaction.ts';

interface Owner {
  kind: 'user' | 'admin';
  id: string;
}
const ALICE: Owner = { kind: 'user', id: '0b6b7f0e-6f7e-4a57-9d3c-6b1c3f0e0a01' };
const BOB: Owner = { kind: 'user', id: '0b6b7f0e-6f7e-4a57-9d3c-6b1c3f0e0a02' };
const txId = (n: number) => `5d0c1e57-0000-4000-8000-${String(n).padStart(12, '0')}`;
const notice = (owner: Owner, n: number) => `${owner.kind}:${owner.id}:${txId(n)}`;

/**
 * A database that holds rows of given owners, counts the lookups, can be
 * made to fail, and can report its LISTEN connection lost and back.
 */
function fakeDatabase(owners: Map<string, Owner>) {
  let notify: (payload: string) => void = () => undefined;
  let listenEvents: ListenEvents = {};
  const lookups: string[][] = [];
  let failNext = 0;
  const db = {
    driver: 'postgres',
    listen: async (
      channel: string,
      handler: (payload: string) => void,
      events: ListenEvents = {},
    ) => {
      expect(channel).toBe(STATUS_CHANNEL);
      notify = handler;
      listenEvents = events;
      return async () => undefined;
    },
    query: async (_sql: unknown, params?: unknown[]) => {
      const ids = params?.[0] as string[];
      lookups.push(ids);
      if (failNext > 0) {
        failNext -= 1;
        throw new Error('connection terminated');
      }
      return ids.map((id) => {
        const owner = owners.get(id)!;
        return {
          id,
          owner_kind: owner.kind,
          owner_id: owner.id,
          status: 'QUEUED',
          created_at: new Date(),
          status_seq: '1',
        };
      });
    },
  } as unknown as Database;
  return {
    db,
    lookups,
    notify: (payload: string) => notify(payload),
    failNextLookup: () => (failNext += 1),
    loseConnection: () => listenEvents.onLost?.(new Error('terminating connection')),
    listenAgain: () => listenEvents.onListening?.(),
  };
}

/** A log that keeps what it is told, by level. */
function recordingLog() {
  const lines: { level: string; message: string }[] = [];
  const at =
    (level: string) =>
    (_obj: object, message: string): void => {
      lines.push({ level, message });
    };
  const log: StatusFeedLog = { warn: at('warn'), error: at('error'), info: at('info') };
  return { log, lines };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('the status feed', () => {
  it('reads nothing for a notice of an owner nobody here watches', async () => {
    const fake = fakeDatabase(new Map([[txId(1), BOB]]));
    const feed = await startStatusFeed(fake.db);
    const seen: ChainTransaction[] = [];
    feed.subscribe(ALICE, (t) => seen.push(t));
    fake.notify(notice(BOB, 1));
    await settle();
    expect(fake.lookups).toEqual([]);
    expect(seen).toEqual([]);
  });

  it("tells its notice watchers of every owner's change, with no lookup; one watcher's failure is its own", async () => {
    const fake = fakeDatabase(new Map([[txId(1), BOB]]));
    const { log, lines } = recordingLog();
    const feed = await startStatusFeed(fake.db, { log });
    let told = 0;
    feed.watchNotices(() => {
      throw new Error('broken watcher');
    });
    const stop = feed.watchNotices(() => (told += 1));
    fake.notify(notice(BOB, 1));
    fake.notify(notice(ALICE, 2));
    fake.notify('not a notice');
    expect(told).toBe(2);
    expect(lines.filter((l) => l.message === 'a status notice watcher failed')).toHaveLength(2);
    stop();
    fake.notify(notice(BOB, 1));
    expect(told).toBe(2);
    await settle();
    expect(fake.lookups).toEqual([]);
  });

  it('reads the notices that arrive together in one lookup and hands each row to its owner', async () => {
    const rows = new Map([
      [txId(1), ALICE],
      [txId(2), ALICE],
      [txId(3), BOB],
      [txId(4), BOB],
    ]);
    const fake = fakeDatabase(rows);
    const feed = await startStatusFeed(fake.db);
    const alices: string[] = [];
    const bobs: string[] = [];
    feed.subscribe(ALICE, (t) => alices.push(t.id));
    feed.subscribe(BOB, (t) => bobs.push(t.id));
    // A settled batch: all its rows announced by one statement, with a row twice.
    for (const n of [1, 3, 2, 4, 1]) fake.notify(notice(rows.get(txId(n))!, n));
    await settle();
    expect(fake.lookups).toEqual([[txId(1), txId(3), txId(2), txId(4)]]);
    expect(alices).toEqual([txId(1), txId(2)]);
    expect(bobs).toEqual([txId(3), txId(4)]);
  });

  it('keeps one lookup at a time: what arrives meanwhile goes in the next', async () => {
    const rows = new Map([1, 2, 3].map((n) => [txId(n), ALICE]));
    const fake = fakeDatabase(rows);
    const feed = await startStatusFeed(fake.db);
    const seen: string[] = [];
    feed.subscribe(ALICE, (t) => seen.push(t.id));
    fake.notify(notice(ALICE, 1));
    await new Promise((resolve) => setImmediate(resolve));
    // The first lookup has started; these two wait for it.
    fake.notify(notice(ALICE, 2));
    fake.notify(notice(ALICE, 3));
    await settle();
    expect(fake.lookups).toEqual([[txId(1)], [txId(2), txId(3)]]);
    expect(seen).toEqual([txId(1), txId(2), txId(3)]);
  });

  it('tries a failed lookup again, so a connected page still gets its push', async () => {
    const fake = fakeDatabase(new Map([[txId(1), ALICE]]));
    const feed = await startStatusFeed(fake.db);
    const seen: string[] = [];
    feed.subscribe(ALICE, (t) => seen.push(t.id));
    fake.failNextLookup();
    fake.notify(notice(ALICE, 1));
    await vi.waitFor(() => expect(seen).toEqual([txId(1)]), { timeout: 3000, interval: 20 });
    expect(fake.lookups).toEqual([[txId(1)], [txId(1)]]);
  });

  it('drops a notice it cannot read with a warning, and reads the valid ones after it', async () => {
    const fake = fakeDatabase(new Map([[txId(1), ALICE]]));
    const { log, lines } = recordingLog();
    const feed = await startStatusFeed(fake.db, { log });
    const seen: string[] = [];
    feed.subscribe(ALICE, (t) => seen.push(t.id));
    const unreadable = [
      txId(1),
      `${ALICE.id}:${txId(1)}`,
      `robot:${ALICE.id}:${txId(1)}`,
      `${notice(ALICE, 1)}:x`,
      // Ids that would fail a lookup by uuid, and every id read with them.
      `user:${ALICE.id}:not-a-uuid`,
      `user:${ALICE.id}:${txId(1)}'`,
      `user:alice:${txId(1)}`,
      `user::${txId(1)}`,
    ];
    for (const payload of unreadable) {
      expect(parseStatusNotice(payload)).toBeNull();
      fake.notify(payload);
    }
    await settle();
    expect(fake.lookups).toEqual([]);
    expect(lines.filter((l) => l.level === 'warn')).toHaveLength(unreadable.length);
    fake.notify(notice(ALICE, 1));
    await settle();
    expect(fake.lookups).toEqual([[txId(1)]]);
    expect(seen).toEqual([txId(1)]);
  });

  it("reads the platform's own (system) notices, and drops them unread and unlogged", async () => {
    const fake = fakeDatabase(new Map());
    const { log, lines } = recordingLog();
    const feed = await startStatusFeed(fake.db, { log });
    feed.subscribe(ALICE, () => undefined);
    const systemNotice = `system:${BOB.id}:${txId(1)}`;
    expect(parseStatusNotice(systemNotice)).toEqual({
      ownerKind: 'system',
      ownerId: BOB.id,
      transactionId: txId(1),
    });
    fake.notify(systemNotice);
    await settle();
    expect(fake.lookups).toEqual([]);
    expect(lines).toEqual([]);
  });

  it('hands every row of a batch to every listener, also when one of them throws', async () => {
    const rows = new Map([1, 2].map((n) => [txId(n), ALICE]));
    const fake = fakeDatabase(rows);
    const { log, lines } = recordingLog();
    const feed = await startStatusFeed(fake.db, { log });
    const before: string[] = [];
    const after: string[] = [];
    feed.subscribe(ALICE, (t) => before.push(t.id));
    feed.subscribe(ALICE, () => {
      throw new Error('write after end');
    });
    feed.subscribe(ALICE, (t) => after.push(t.id));
    fake.notify(notice(ALICE, 1));
    fake.notify(notice(ALICE, 2));
    await settle();
    expect(fake.lookups).toEqual([[txId(1), txId(2)]]);
    expect(before).toEqual([txId(1), txId(2)]);
    expect(after).toEqual([txId(1), txId(2)]);
    expect(lines.filter((l) => l.level === 'error')).toHaveLength(2);
  });

  it('says when it stops listening, tells its watchers, and listens again', async () => {
    const fake = fakeDatabase(new Map());
    const feed = await startStatusFeed(fake.db);
    expect(feed.listening).toBe(true);
    let told = 0;
    const stop = feed.watchLost(() => (told += 1));
    feed.watchLost(() => {
      throw new Error('a watcher that fails');
    });
    fake.loseConnection();
    expect(feed.listening).toBe(false);
    expect(told).toBe(1);
    fake.listenAgain();
    expect(feed.listening).toBe(true);
    stop();
    fake.loseConnection();
    expect(told).toBe(1);
    await feed.close();
    expect(feed.listening).toBe(false);
  });
});
