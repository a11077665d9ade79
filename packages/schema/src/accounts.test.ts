// How the refusal of an email's spent OTP guesses says when to try again.
import { describe, expect, it } from 'vitest';
import { otpGuessLimitMessage } from './accounts.ts';

describe('otpGuessLimitMessage', () => {
  it('says the rest of the hour in minutes, rounded up, and the last minute in seconds', () => {
    expect(otpGuessLimitMessage(3600)).toBe(
      'Too many wrong codes for this email. Please try again in 60 minutes',
    );
    expect(otpGuessLimitMessage(3541)).toBe(
      'Too many wrong codes for this email. Please try again in 60 minutes',
    );
    expect(otpGuessLimitMessage(61)).toBe(
      'Too many wrong codes for this email. Please try again in 2 minutes',
    );
    expect(otpGuessLimitMessage(60)).toBe(
      'Too many wrong codes for this email. Please try again in 1 minute',
    );
    expect(otpGuessLimitMessage(59)).toBe(
      'Too many wrong codes for this email. Please try again in 59 seconds',
    );
    expect(otpGuessLimitMessage(1)).toBe(
      'Too many wrong codes for this email. Please try again in 1 second',
    );
  });
});
