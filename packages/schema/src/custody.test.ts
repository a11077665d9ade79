import { describe, expect, it } from 'vitest';
import { FAIR_USE_MESSAGES, waitInWords } from './custody.ts';

describe('waitInWords', () => {
  it('says a wait in the largest units a person reads at a glance, rounding up', () => {
    expect(waitInWords(0.2)).toBe('1 second');
    expect(waitInWords(40)).toBe('40 seconds');
    expect(waitInWords(61)).toBe('2 minutes');
    expect(waitInWords(3600)).toBe('1 hour');
    expect(waitInWords(5 * 3600 + 12 * 60 - 30)).toBe('5 hours and 12 minutes');
    expect(waitInWords(3660)).toBe('1 hour and 1 minute');
  });

  it('puts the wait in the daily gas message', () => {
    expect(FAIR_USE_MESSAGES.dailyGasUsed(90)).toMatch(/Please try again in 2 minutes$/);
  });
});
