// The one place the web app writes numbers, GETS amounts and dates for people:
// Intl.NumberFormat with thousands separators ("1,234.5"), and US dates in one
// form (decision 0067): a date alone in long US format ("November 26, 2026"),
// a moment as the same date with its time ("November 26, 2026 at 2:05 PM").
// Never numeric-only ("11/26/2026" reads as 11 June abroad) nor the GMT form;
// the spec's "US short format with time" keeps its time, not its numbers.
// A date on a screen says what it is ("Claim deadline", "Batch expiry").
// GETS amounts stay exact: the whole part is formatted as a bigint and the
// decimals are kept as they are, so nothing passes through a float.
import { groupGetsDecimal, TOKEN } from '@gets/schema';

const LOCALE = 'en-US';
const integers = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 0 });
const numbers = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 2 });
const dates = new Intl.DateTimeFormat(LOCALE, { dateStyle: 'long' });
const dateTimes = new Intl.DateTimeFormat(LOCALE, { dateStyle: 'long', timeStyle: 'short' });
const times = new Intl.DateTimeFormat(LOCALE, { hour: 'numeric', minute: '2-digit' });

/** A count or a plain number with thousands separators: 12345 → "12,345". */
export function formatNumber(value: number | bigint): string {
  return typeof value === 'bigint' ? integers.format(value) : numbers.format(value);
}

/**
 * A GETS decimal string as the API answers it, with thousands separators and
 * every decimal kept: "1234567.125" → "1,234,567.125" (the rule the server's
 * words use too). Anything that is not a decimal string comes back as it was.
 */
export const formatAmount = groupGetsDecimal;

/** A GETS amount with its symbol: "1234.5" → "1,234.5 GETS"; "–" while unknown. */
export function formatGetsAmount(decimal: string | undefined | null): string {
  return decimal === undefined || decimal === null
    ? `– ${TOKEN.symbol}`
    : `${formatAmount(decimal)} ${TOKEN.symbol}`;
}

const parse = (value: string | number | Date) => {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
};

/** A day in long US format: "November 26, 2026"; "N/A" when absent or invalid. */
export function formatDate(value: string | number | Date | null | undefined): string {
  const date = value === null || value === undefined ? null : parse(value);
  return date ? dates.format(date) : 'N/A';
}

/** A moment, its date as formatDate writes it: "November 26, 2026 at 2:05 PM"; "N/A" when absent or invalid. */
export function formatDateTime(value: string | number | Date | null | undefined): string {
  const date = value === null || value === undefined ? null : parse(value);
  return date ? dateTimes.format(date) : 'N/A';
}

/** A time of day: "2:05 PM"; null when invalid. */
export function formatTime(value: string | number | Date): string | null {
  const date = parse(value);
  return date ? times.format(date) : null;
}

/** "1 day", "30 days". */
export const formatDays = (days: number) => `${formatNumber(days)} ${days === 1 ? 'day' : 'days'}`;
