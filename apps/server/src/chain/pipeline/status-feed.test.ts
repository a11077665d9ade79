// The feed reads only what someone here watches, and a burst of notices in
// one read: on a busy platform most status changes are other people's.
import { describe, expect, it, vi } from 'vitest';
import type { Database } from '../../db/database.ts';
import { startStatusFeed } from './status-feed.ts';
import {
  parseStatusNotice,
  STATUS_CHANNEL,
  type ChainTransaction,
} from './transaction-repository.ts';

interface Owner {
  kind: 'user' | 'admin';
  id: string;
}
const ALICE: Owner = { kind: 'user', id: '0b6b7f0e-6f7e-4a57-9d3c-6b1c3f0e0a01' };
const BOB: Owner = { kind: 'user', id: '0b6b7f0e-6f7e-4a57-9d3c-6b1c3f0e0a02' };
const txId = (n: number) => `5d0c1e57-0000-4000-8000-${String(n).padStart(12, '0')}`;
const notice = (owner: Owner, n: number) => `${owner.kind}:${owner.id}:${txId(n)}`;

/** A database that holds rows of given owners, counts the lookups and can be made to fail. */
function fakeDatabase(owners: Map<string, Owner>) {
  let notify: (payload: string) => void = () => undefined;
  const lookups: string[][] = [];
  let failNext = 0;
  const db = {
    driver: 'postgres',
    listen: async (channel: string, handler: (payload: string) => void) => {
      expect(channel).toBe(STATUS_CHANNEL);
      notify = handler;
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
  };
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

  it('ignores a notice it cannot read', async () => {
    const fake = fakeDatabase(new Map());
    const feed = await startStatusFeed(fake.db);
    feed.subscribe(ALICE, () => undefined);
    for (const payload of [
      txId(1),
      `${ALICE.id}:${txId(1)}`,
      `robot:${ALICE.id}:${txId(1)}`,
      `${notice(ALICE, 1)}:x`,
    ]) {
      expect(parseStatusNotice(payload)).toBeNull();
      fake.notify(payload);
    }
    await settle();
    expect(fake.lookups).toEqual([]);
  });
});
