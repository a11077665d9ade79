// The one formatter of numbers, GETS amounts and dates.
import { describe, expect, it } from 'vitest';
import {
  formatAmount,
  formatDate,
  formatDateTime,
  formatDays,
  formatGetsAmount,
  formatNumber,
  formatTime,
} from './format';
import { moneyFacts } from './money-facts';

describe('format', () => {
  it('writes numbers and GETS amounts with thousands separators, every decimal kept', () => {
    expect(formatNumber(12345)).toBe('12,345');
    expect(formatNumber(12_345_678_901_234_567_890n)).toBe('12,345,678,901,234,567,890');
    expect(formatAmount('1234567.125')).toBe('1,234,567.125');
    expect(formatAmount('0.000000000000000001')).toBe('0.000000000000000001');
    expect(formatAmount('999')).toBe('999');
    expect(formatAmount('-1000.5')).toBe('-1,000.5');
    expect(formatAmount('not a number')).toBe('not a number');
    expect(formatGetsAmount('1000000')).toBe('1,000,000 GETS');
    expect(formatGetsAmount(undefined)).toBe('– GETS');
    expect(formatDays(1)).toBe('1 day');
    expect(formatDays(1200)).toBe('1,200 days');
  });

  it('writes a day in long US format and a moment as the same date with its time, never numeric-only', () => {
    const moment = new Date(2026, 10, 26, 14, 5);
    expect(formatDate(moment)).toBe('November 26, 2026');
    expect(formatDate(moment.toISOString())).toBe('November 26, 2026');
    expect(formatDateTime(moment)).toBe('November 26, 2026 at 2:05 PM');
    expect(formatTime(moment)).toBe('2:05 PM');
    expect(formatDate(null)).toBe('N/A');
    expect(formatDateTime('not a date')).toBe('N/A');
    expect(formatTime('not a date')).toBeNull();
  });

  it('computes money facts exactly: total with the fee, and what the account holds after', () => {
    expect(moneyFacts({ balance: '100', amount: '30.5', fee: '9' })).toEqual({
      balance: '100',
      amount: '30.5',
      fee: '9',
      total: '39.5',
      after: '60.5',
      short: false,
    });
    expect(moneyFacts({ balance: '0.1', amount: '0.2' })).toMatchObject({
      after: '-0.1',
      short: true,
    });
    expect(moneyFacts({ balance: '1', amount: '2', direction: 'receive' })).toMatchObject({
      total: '2',
      after: '3',
      short: false,
    });
    expect(moneyFacts({ balance: undefined, amount: 'x' })).toMatchObject({
      amount: null,
      total: null,
      after: null,
    });
  });
});
