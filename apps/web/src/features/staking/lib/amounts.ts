// GETS amounts as typed and as the API answers them, compared exactly in
// 18-decimal units (never as floats).
import { parseGetsAmount, unitsOfGets } from '@gets/schema';

/**
 * Whether a typed amount can be sent: a valid GETS amount (above 0, at most
 * 18 decimals) and, when a limit is known, not above it.
 */
export function isSendable(typed: string, limit: string | undefined): boolean {
  const checked = parseGetsAmount(normalise(typed));
  if (!checked.ok) return false;
  return limit === undefined || checked.units <= unitsOfGets(limit);
}

/**
 * Why a typed amount cannot be sent (to say beside a disabled button), or
 * null when it can: nothing typed, not a valid amount, or above the limit.
 */
export function amountProblem(
  typed: string,
  limit: string | undefined,
  over = 'Tokens cannot exceed your available balance.',
): string | null {
  if (typed.trim() === '') return 'Enter an amount first.';
  const checked = parseGetsAmount(normalise(typed));
  if (!checked.ok) return `${checked.message}.`;
  if (limit !== undefined && checked.units > unitsOfGets(limit)) return over;
  return null;
}

/** The amount as the API takes it ("5." → "5", ".5" → "0.5"). */
export const normalise = (typed: string) =>
  (typed.startsWith('.') ? `0${typed}` : typed).replace(/\.$/, '');
