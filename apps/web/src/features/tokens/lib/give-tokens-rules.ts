// The Give Tokens dialog's rules (spec section 5): the address is required,
// the amount is a number >= 0 as typed and a valid GETS amount on submit, and
// never above the balance. Amounts are compared in 18-decimal units (bigint),
// so no float ever rounds them.
import { parseGetsAmount, TRANSFER_MESSAGES, unitsOfGets, VALIDATION } from '@gets/schema';

const MESSAGES = VALIDATION.giveTokens;
const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
/** What a number input may hold: digits with at most one dot (no sign, no exponent). */
const NON_NEGATIVE_NUMBER = /^(\d+\.?\d*|\.\d+)$/;

export const INVALID_ADDRESS = 'Please enter a valid wallet address';

/**
 * `own` is the sender's wallet when known: nobody sends GETS to themselves.
 * Whether an address is a contract only the chain knows: the server says so
 * (isAddressRefusal).
 */
export function addressError(value: string, own?: string | null): string | undefined {
  if (value.trim() === '') return MESSAGES.addressRequired;
  if (!ADDRESS.test(value.trim())) return INVALID_ADDRESS;
  if (/^0x0{40}$/.test(value.trim())) return TRANSFER_MESSAGES.zeroRecipient;
  if (own && value.trim().toLowerCase() === own.toLowerCase()) {
    return TRANSFER_MESSAGES.selfTransfer;
  }
  return undefined;
}

/**
 * The amount's message while typing ('change') or on Send ('submit'); the
 * balance is a GETS decimal string, or undefined while it loads.
 */
export function amountError(
  value: string,
  balance: string | undefined,
  phase: 'change' | 'submit',
): string | undefined {
  if (value === '') return phase === 'submit' ? MESSAGES.amountInvalidOnSubmit : undefined;
  if (!NON_NEGATIVE_NUMBER.test(value)) return MESSAGES.amountInvalid;
  const checked = parseGetsAmount(normaliseAmount(value));
  if (!checked.ok) return phase === 'submit' ? MESSAGES.amountInvalidOnSubmit : undefined;
  if (balance !== undefined && checked.units > unitsOfGets(balance)) {
    return MESSAGES.exceedsBalance;
  }
  return undefined;
}

/** The amount as the API takes it ("5." → "5", ".5" → "0.5"). */
export function normaliseAmount(value: string): string {
  return (value.startsWith('.') ? `0${value}` : value).replace(/\.$/, '');
}

/** The server's refusals of a recipient address, shown under the address field. */
const ADDRESS_REFUSALS: ReadonlySet<string> = new Set(Object.values(TRANSFER_MESSAGES));

export const isAddressRefusal = (message: string) => ADDRESS_REFUSALS.has(message);
