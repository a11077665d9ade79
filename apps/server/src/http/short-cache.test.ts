// A public answer kept briefly: one computation per key and period, shared by
// callers that ask meanwhile; failures never kept, partial answers more briefly.
import { describe, expect, it } from 'vitest';
import { shortCache } from './short-cache.ts';

/** A load that counts its calls and answers `value` once released. */
function countedLoad<V>(value: V) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const load = Object.assign(
    async () => {
      load.calls += 1;
      await gate;
      return value;
    },
    { calls: 0 },
  );
  return { load, release };
}

describe('shortCache', () => {
  it('computes once for callers that ask while it runs, and keeps the value for its time', async () => {
    let clock = 1_000;
    const cache = shortCache<string, number>({ ttlMs: 30_000, maxEntries: 10, now: () => clock });
    const { load, release } = countedLoad(7);
    const answers = Promise.all(Array.from({ length: 50 }, () => cache.get('a', load)));
    release();
    expect(await answers).toEqual(Array<number>(50).fill(7));
    expect(load.calls).toBe(1);

    clock += 29_999;
    expect(await cache.get('a', load)).toBe(7);
    expect(load.calls).toBe(1);
    clock += 1;
    expect(await cache.get('a', load)).toBe(7);
    expect(load.calls).toBe(2);
  });

  it('with no time to keep, shares only the computation in progress', async () => {
    const cache = shortCache<string, number>({ ttlMs: 0, maxEntries: 10 });
    const first = countedLoad(1);
    const both = Promise.all([cache.get('a', first.load), cache.get('a', first.load)]);
    first.release();
    expect(await both).toEqual([1, 1]);
    expect(first.load.calls).toBe(1);
    const second = countedLoad(2);
    second.release();
    expect(await cache.get('a', second.load)).toBe(2);
  });

  it('shares a failure with those waiting, then tries again', async () => {
    const cache = shortCache<string, number>({ ttlMs: 30_000, maxEntries: 10 });
    let calls = 0;
    const failing = async () => {
      calls += 1;
      await Promise.resolve();
      throw new Error('not found');
    };
    const answers = await Promise.allSettled([cache.get('a', failing), cache.get('a', failing)]);
    expect(answers.map((a) => a.status)).toEqual(['rejected', 'rejected']);
    expect(calls).toBe(1);
    await expect(cache.get('a', failing)).rejects.toThrow('not found');
    expect(calls).toBe(2);
  });

  it('keeps each value as long as the time it is given, none for 0', async () => {
    let clock = 0;
    const cache = shortCache<string, { complete: boolean }>({
      ttlMs: (value) => (value.complete ? 30_000 : 3_000),
      maxEntries: 10,
      now: () => clock,
    });
    let calls = 0;
    const answers = [{ complete: false }, { complete: true }];
    const load = async () => answers[calls++ % 2]!;
    expect(await cache.get('a', load)).toEqual({ complete: false });
    clock += 2_999;
    expect(await cache.get('a', load)).toEqual({ complete: false });
    clock += 1;
    expect(await cache.get('a', load)).toEqual({ complete: true });
    clock += 29_999;
    expect(await cache.get('a', load)).toEqual({ complete: true });
    expect(calls).toBe(2);

    const none = shortCache<string, number>({ ttlMs: () => 0, maxEntries: 10 });
    let made = 0;
    await none.get('a', async () => (made += 1));
    await none.get('a', async () => (made += 1));
    expect(made).toBe(2);
  });

  it('holds at most maxEntries keys, letting the oldest go', async () => {
    const cache = shortCache<number, number>({ ttlMs: 30_000, maxEntries: 3 });
    let calls = 0;
    const load = (value: number) => async () => {
      calls += 1;
      return value;
    };
    for (const key of [1, 2, 3, 4]) await cache.get(key, load(key));
    expect(calls).toBe(4);
    for (const key of [2, 3, 4]) await cache.get(key, load(key));
    expect(calls).toBe(4);
    await cache.get(1, load(1));
    expect(calls).toBe(5);
  });
});
