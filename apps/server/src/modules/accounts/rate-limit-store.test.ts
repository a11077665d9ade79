import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import { describe, expect, it } from 'vitest';
import type { Queryable } from '../../db/database.ts';
import { databaseRateLimitStore, REFUSED_KEYS_KEPT } from './rate-limit-store.ts';

const WINDOW_MS = 60_000;
const MAX = 3;

/** auth_attempts' fixed windows, counted as the SQL counts them, with the statements made. */
function countingDatabase(clock: { now: number }) {
  const windows = new Map<string, { start: number; attempts: number }>();
  let statements = 0;
  const db: Queryable = {
    async query<Row>(_sql: unknown, params?: unknown[]) {
      statements += 1;
      const [scope, subject, seconds] = params as [string, string, number];
      const key = `${scope}|${subject}`;
      const open = windows.get(key);
      const window =
        open && open.start > clock.now - seconds * 1000
          ? { start: open.start, attempts: open.attempts + 1 }
          : { start: clock.now, attempts: 1 };
      windows.set(key, window);
      const retryAfterMs = Math.max(0, window.start + seconds * 1000 - clock.now);
      return [{ attempts: window.attempts, retry_after_ms: retryAfterMs }] as Row[];
    },
    exec: async () => {},
  };
  return { db, statements: () => statements };
}

function storeOn(clock: { now: number }) {
  const database = countingDatabase(clock);
  const Store = databaseRateLimitStore(database.db, { now: () => clock.now });
  // What the plugin hands a route's child store: its options, with the route among them.
  const route = { routeInfo: { method: 'GET', url: '/platform' } } as unknown as Parameters<
    FastifyRateLimitStore['child']
  >[0];
  const store = new Store({}).child(route);
  const incr = (key: string) =>
    new Promise<{ current: number; ttl: number }>((resolve, reject) =>
      store.incr(
        key,
        (error, result) => (error ? reject(error) : resolve(result!)),
        WINDOW_MS,
        MAX,
      ),
    );
  return { incr, statements: database.statements };
}

describe('the database rate-limit store', () => {
  it('refuses a key past its limit without a statement until its window ends', async () => {
    const clock = { now: 1_000_000 };
    const { incr, statements } = storeOn(clock);

    const counted = [];
    for (let i = 0; i < MAX + 1; i += 1) counted.push((await incr('203.0.113.1')).current);
    expect(counted).toEqual([1, 2, 3, 4]);
    expect(statements()).toBe(MAX + 1);

    // A flood past the limit: refused, told when to come back, and the database not asked.
    clock.now += 10_000;
    const flood = await Promise.all(Array.from({ length: 500 }, () => incr('203.0.113.1')));
    expect(flood.every((answer) => answer.current > MAX)).toBe(true);
    expect(flood[0]!.ttl).toBe(WINDOW_MS - 10_000);
    expect(statements()).toBe(MAX + 1);

    // Another address is counted on its own.
    expect((await incr('203.0.113.2')).current).toBe(1);
    expect(statements()).toBe(MAX + 2);

    // Once the window is over, the key is counted afresh in the database.
    clock.now += WINDOW_MS;
    expect(await incr('203.0.113.1')).toEqual({ current: 1, ttl: WINDOW_MS });
    expect(statements()).toBe(MAX + 3);
  });

  it('keeps a bounded number of refused keys: many addresses cannot fill the memory', async () => {
    const clock = { now: 1_000_000 };
    const { incr, statements } = storeOn(clock);
    const addresses = Array.from({ length: REFUSED_KEYS_KEPT + 1 }, (_, i) => `10.${i}`);
    for (const address of addresses) {
      for (let i = 0; i < MAX + 1; i += 1) await incr(address);
    }
    const before = statements();
    // The newest refused key is still known; the oldest was let go and is counted again.
    expect((await incr(addresses.at(-1)!)).current).toBeGreaterThan(MAX);
    expect(statements()).toBe(before);
    expect((await incr(addresses[0]!)).current).toBe(MAX + 2);
    expect(statements()).toBe(before + 1);
  });
});
