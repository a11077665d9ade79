// What a GETS move does to an account, computed exactly in 18-decimal units
// before the consent: the balance now, the amount, the fee, the total that
// leaves (or arrives) and what the account holds after.
import { formatGets, parseGetsAmount, unitsOfGets } from '@gets/schema';

export interface MoneyFactsInput {
  /** The account's balance now (GETS decimal string); undefined while unknown. */
  balance: string | undefined;
  /** The amount as typed or computed; anything that is not a valid amount counts as none. */
  amount: string | null | undefined;
  /** A fee taken on top of the amount (GETS decimal string), "0" when none. */
  fee?: string;
  /** 'spend': the total leaves the account; 'receive': the amount arrives in it. */
  direction?: 'spend' | 'receive';
}

export interface MoneyFacts {
  balance: string | undefined;
  /** Null when no valid amount is entered yet. */
  amount: string | null;
  fee: string;
  total: string | null;
  /** What the account holds after; null while the balance or the amount is unknown. */
  after: string | null;
  /** The total is above the balance (a spend the account cannot pay). */
  short: boolean;
}

/** The amount of a typed text, or null when it is not a valid GETS amount. */
export function amountOrNull(typed: string | null | undefined): bigint | null {
  if (!typed) return null;
  const text = (typed.startsWith('.') ? `0${typed}` : typed).replace(/\.$/, '');
  const checked = parseGetsAmount(text);
  return checked.ok ? checked.units : null;
}

export function moneyFacts({
  balance,
  amount,
  fee = '0',
  direction = 'spend',
}: MoneyFactsInput): MoneyFacts {
  const units = amountOrNull(amount);
  const feeUnits = unitsOfGets(fee);
  const held = balance === undefined ? null : unitsOfGets(balance);
  const total = units === null ? null : units + feeUnits;
  const after =
    held === null || total === null
      ? null
      : direction === 'spend'
        ? held - total
        : held + units! - feeUnits;
  return {
    balance,
    amount: units === null ? null : formatGets(units),
    fee: formatGets(feeUnits),
    total: total === null ? null : formatGets(total),
    after: after === null ? null : formatGets(after),
    short: after !== null && after < 0n,
  };
}
