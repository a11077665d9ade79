import { describe, expect, it } from 'vitest';
import { TRANSFER_MESSAGES, VALIDATION } from '@gets/schema';
import { addressError, amountError, INVALID_ADDRESS, normaliseAmount } from './give-tokens-rules';

const M = VALIDATION.giveTokens;

describe('the Give Tokens rules', () => {
  it('requires a wallet address, and a real one', () => {
    expect(addressError('')).toBe(M.addressRequired);
    expect(addressError('  ')).toBe(M.addressRequired);
    expect(addressError('0x12')).toBe(INVALID_ADDRESS);
    expect(addressError(`0x${'aB'.repeat(20)}`)).toBeUndefined();
  });

  it("never to the sender's own wallet, in any letter case", () => {
    const own = `0x${'aB'.repeat(20)}`;
    expect(addressError(own.toLowerCase(), own)).toBe(TRANSFER_MESSAGES.selfTransfer);
    expect(addressError(`0x${'cd'.repeat(20)}`, own)).toBeUndefined();
  });

  it('never to the zero address, where tokens would be lost', () => {
    expect(addressError(`0x${'0'.repeat(40)}`)).toBe(TRANSFER_MESSAGES.zeroRecipient);
    expect(addressError(`0x${'0'.repeat(39)}1`)).toBeUndefined();
  });

  it('takes a number >= 0 while typing, a valid token amount on submit', () => {
    expect(amountError('-1', '10', 'change')).toBe(M.amountInvalid);
    expect(amountError('1e3', '10', 'change')).toBe(M.amountInvalid);
    expect(amountError('0', '10', 'change')).toBeUndefined();
    expect(amountError('0', '10', 'submit')).toBe(M.amountInvalidOnSubmit);
    expect(amountError('', '10', 'change')).toBeUndefined();
    expect(amountError('', '10', 'submit')).toBe(M.amountInvalidOnSubmit);
    expect(amountError('1.0000000000000000001', '10', 'change')).toBeUndefined();
    expect(amountError('1.0000000000000000001', '10', 'submit')).toBe(M.amountInvalidOnSubmit);
    expect(amountError('.5', '10', 'submit')).toBeUndefined();
    expect(amountError('5.', '10', 'submit')).toBeUndefined();
  });

  it('never above the balance, compared exactly in 18-decimal units', () => {
    expect(amountError('10', '10', 'submit')).toBeUndefined();
    expect(amountError('10.000000000000000001', '10', 'change')).toBe(M.exceedsBalance);
    expect(amountError('0.3', '0.3', 'submit')).toBeUndefined();
    // 0.1 + 0.2 in floats is 0.30000000000000004, more than 0.3; here it is not.
    expect(amountError('0.30000000000000001', '0.3', 'submit')).toBe(M.exceedsBalance);
    expect(amountError('1', '0', 'change')).toBe(M.exceedsBalance);
    expect(amountError('1', undefined, 'change')).toBeUndefined();
  });

  it('sends amounts as the API takes them', () => {
    expect(normaliseAmount('.5')).toBe('0.5');
    expect(normaliseAmount('5.')).toBe('5');
  });
});
