// GETS amounts as text, for the API and for people. Kept apart from the
// amount rule (amount.ts) because that one builds zod schemas: the web's first
// load writes amounts through these functions and must not carry zod.
import { TOKEN } from './constants.ts';

const UNIT = 10n ** BigInt(TOKEN.decimals);

/** Base units as a GETS decimal string, without trailing zeros: 12500000000000000000n → "12.5". */
export function formatGets(units: bigint | string): string {
  const value = BigInt(units);
  const sign = value < 0n ? '-' : '';
  const abs = value < 0n ? -value : value;
  const whole = abs / UNIT;
  const fraction = (abs % UNIT).toString().padStart(TOKEN.decimals, '0').replace(/0+$/, '');
  return `${sign}${whole}${fraction ? `.${fraction}` : ''}`;
}

// Written for people, never parsed back: the API's amounts stay plain
// decimals ("1234.5"); what a person reads (the consent's words, a screen, an
// error) groups the thousands ("1,234.5"). The whole part is grouped as a
// bigint and the decimals are kept as they are, so nothing passes through a float.
const groups = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const SIGNED_DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

/** "1234567.125" → "1,234,567.125"; anything that is not a decimal comes back as it was. */
export function groupGetsDecimal(decimal: string): string {
  const match = SIGNED_DECIMAL.exec(decimal.trim());
  if (!match) return decimal;
  const [, sign = '', whole = '0', fraction] = match;
  return `${sign}${groups.format(BigInt(whole))}${fraction ? `.${fraction}` : ''}`;
}

/** Base units as people read them, with the symbol: 1234.5 GETS in units → "1,234.5 GETS". */
export function getsForPeople(units: bigint | string): string {
  return `${groupGetsDecimal(formatGets(units))} ${TOKEN.symbol}`;
}
