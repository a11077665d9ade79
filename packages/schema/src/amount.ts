// The one rule for every GETS amount the platform takes (transfers, badge
// rewards, stakes, withdrawals): a plain decimal string with at most 18
// decimals, greater than zero, and at most 2^256 - 1 in base units. Amounts
// stay strings or bigint end to end, so nothing is ever rounded by a float.
import { z } from 'zod';
import { TOKEN } from './constants.ts';

/** The largest value a uint256 holds: the chain refuses anything above. */
export const MAX_UINT256 = 2n ** 256n - 1n;

const UNIT = 10n ** BigInt(TOKEN.decimals);

export const AMOUNT_MESSAGES = {
  required: 'Amount is required',
  notText: 'Amount must be sent as text, like "12.5"',
  format:
    'Amount must be a plain decimal number like 12.5 (digits and one dot; no sign, exponent, hex or spaces)',
  decimals: `Amount can have at most ${TOKEN.decimals} decimals`,
  zero: 'Amount must be greater than 0',
  tooLarge: `Amount is too large: at most ${MAX_UINT256} base units`,
} as const;

const DECIMAL = /^(\d+)(?:\.(\d+))?$/;

export type AmountCheck = { ok: true; units: bigint } | { ok: false; message: string };

/** Checks a GETS amount as typed ("12.5") and gives its 18-decimal base units. */
export function parseGetsAmount(text: string): AmountCheck {
  if (text === '') return { ok: false, message: AMOUNT_MESSAGES.required };
  const match = DECIMAL.exec(text);
  if (!match) return { ok: false, message: AMOUNT_MESSAGES.format };
  const [, whole = '', fraction = ''] = match;
  if (fraction.length > TOKEN.decimals) return { ok: false, message: AMOUNT_MESSAGES.decimals };
  const units = BigInt(whole) * UNIT + BigInt(fraction.padEnd(TOKEN.decimals, '0') || '0');
  if (units === 0n) return { ok: false, message: AMOUNT_MESSAGES.zero };
  if (units > MAX_UINT256) return { ok: false, message: AMOUNT_MESSAGES.tooLarge };
  return { ok: true, units };
}

/** Base units of an amount that passed the rule; throws for one that did not. */
export function toBaseUnits(text: string): bigint {
  const checked = parseGetsAmount(text);
  if (!checked.ok) throw new RangeError(checked.message);
  return checked.units;
}

/**
 * A GETS decimal string as the API answers it ("12.5", "0") in base units,
 * zero included (a balance may be empty); throws for anything else.
 */
export function unitsOfGets(decimal: string): bigint {
  const match = DECIMAL.exec(decimal);
  const [, whole = '', fraction = ''] = match ?? [];
  if (!match || fraction.length > TOKEN.decimals) {
    throw new RangeError(`Not a GETS amount: ${decimal}`);
  }
  return BigInt(whole) * UNIT + BigInt(fraction.padEnd(TOKEN.decimals, '0') || '0');
}

/**
 * A GETS amount in a request body. The output is the string as sent; the
 * server turns it into base units with toBaseUnits.
 */
export const getsAmountSchema = z
  .string({
    error: (issue) =>
      issue.input === undefined ? AMOUNT_MESSAGES.required : AMOUNT_MESSAGES.notText,
  })
  .superRefine((value, ctx) => {
    const checked = parseGetsAmount(value);
    if (!checked.ok) ctx.addIssue({ code: 'custom', message: checked.message });
  });
