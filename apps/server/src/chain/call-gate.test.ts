// The gate of public chain reads: never more running at once, nor started in
// a second, than it allows; a full queue refuses at once; a failure frees its place.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createCallGate, GateFullError } from './call-gate.ts';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** A call that stays running until released, recording how many ran at once. */
function tracker() {
  let running = 0;
  const seen = { most: 0, started: 0 };
  const releases: (() => void)[] = [];
  const call = () =>
    new Promise<void>((resolve) => {
      running += 1;
      seen.started += 1;
      seen.most = Math.max(seen.most, running);
      releases.push(() => {
        running -= 1;
        resolve();
      });
    });
  const releaseAll = async () => {
    while (releases.length) releases.shift()!();
    await vi.advanceTimersByTimeAsync(0);
  };
  return { call, seen, releaseAll };
}

describe('createCallGate', () => {
  it('runs at most `concurrency` calls at once, the rest in order as places free', async () => {
    const gate = createCallGate({
      concurrency: 3,
      perSecond: 1000,
      maxWaiting: 100,
      what: 'reads',
    });
    const { call, seen, releaseAll } = tracker();
    const order: number[] = [];
    const all = Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        gate.run(async () => {
          order.push(i);
          await call();
        }),
      ),
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(seen.started).toBe(3);
    expect(gate.load()).toEqual({ running: 3, waiting: 7 });
    while (seen.started < 10 || gate.load().running > 0) await releaseAll();
    await all;
    expect(seen.most).toBe(3);
    expect(order).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('starts at most `perSecond` calls in a second, however many places are free', async () => {
    const gate = createCallGate({ concurrency: 100, perSecond: 5, maxWaiting: 100, what: 'reads' });
    let started = 0;
    const all = Promise.all(
      Array.from({ length: 12 }, () =>
        gate.run(async () => {
          started += 1;
        }),
      ),
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(started).toBe(5);
    await vi.advanceTimersByTimeAsync(999);
    expect(started).toBe(9);
    await vi.advanceTimersByTimeAsync(1);
    expect(started).toBe(10);
    await vi.advanceTimersByTimeAsync(400);
    expect(started).toBe(12);
    await all;
  });

  it('refuses a call at once while `maxWaiting` calls wait, and takes calls again once they went', async () => {
    const gate = createCallGate({
      concurrency: 1,
      perSecond: 1000,
      maxWaiting: 2,
      what: 'chain reads',
    });
    const { call, releaseAll } = tracker();
    const accepted = [gate.run(call), gate.run(call), gate.run(call)];
    await vi.advanceTimersByTimeAsync(0);
    expect(gate.load()).toEqual({ running: 1, waiting: 2 });
    const refused = gate.run(call);
    await expect(refused).rejects.toBeInstanceOf(GateFullError);
    await expect(refused).rejects.toThrow(
      'Too many chain reads are waiting; please try again in a moment.',
    );
    while (gate.load().running + gate.load().waiting > 0) await releaseAll();
    await Promise.all(accepted);
    const again = gate.run(async () => 'read');
    await vi.advanceTimersByTimeAsync(0);
    await expect(again).resolves.toBe('read');
  });

  it('frees the place of a call that fails, and hands its error to its caller alone', async () => {
    const gate = createCallGate({ concurrency: 1, perSecond: 1000, maxWaiting: 10, what: 'reads' });
    const failing = expect(
      gate.run(() => {
        throw new Error('node said no');
      }),
    ).rejects.toThrow('node said no');
    const next = gate.run(async () => 'fine');
    await vi.advanceTimersByTimeAsync(0);
    await failing;
    await expect(next).resolves.toBe('fine');
    expect(gate.load()).toEqual({ running: 0, waiting: 0 });
  });
});
