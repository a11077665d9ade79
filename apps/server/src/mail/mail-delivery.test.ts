// When a queued mail is tried again after a failed try, when it is given up,
// and what is recorded of the failure.
import { describe, expect, it } from 'vitest';
import { failureOf, MAX_ATTEMPTS, retryAt } from './mail-delivery.ts';

const now = new Date('2030-03-10T12:00:00Z');
const after = (attempts: number, error: unknown = new Error('connect ECONNREFUSED')) => {
  const at = retryAt(now, attempts, error);
  return at && (at.getTime() - now.getTime()) / 1000;
};
const smtp = (responseCode: number) => Object.assign(new Error('refused'), { responseCode });

describe('retryAt', () => {
  it('waits 30 s after the first failed try, twice as long after each next, at most 2 hours', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9].map((attempts) => after(attempts))).toEqual([
      30, 60, 120, 240, 480, 960, 1920, 3840, 7200,
    ]);
    expect(after(MAX_ATTEMPTS - 1)).toBe(7200);
  });

  it('tries a mail the server refused for now (4xx) again, and gives up one refused for good (5xx)', () => {
    expect(after(1, smtp(421))).toBe(30);
    expect(after(1, smtp(452))).toBe(30);
    expect(after(1, smtp(550))).toBeNull();
    expect(after(1, smtp(554))).toBeNull();
  });

  it(`gives up after ${MAX_ATTEMPTS} tries, about 8 hours after the first`, () => {
    expect(after(MAX_ATTEMPTS)).toBeNull();
    const waited = Array.from({ length: MAX_ATTEMPTS - 1 }, (_, i) => after(i + 1)!).reduce(
      (sum, seconds) => sum + seconds,
      0,
    );
    expect(waited / 3600).toBeGreaterThan(7);
    expect(waited / 3600).toBeLessThan(9);
  });
});

describe('failureOf', () => {
  it('records a refusal for good (5xx) or for now (4xx, the server not reached), never its words', () => {
    expect(failureOf(smtp(550))).toBe('REFUSED');
    expect(failureOf(smtp(421))).toBe('DEFERRED');
    expect(failureOf(new Error('connect ECONNREFUSED 10.0.0.1:25'))).toBe('DEFERRED');
  });
});
