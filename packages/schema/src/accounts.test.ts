// How the refusal of an email's spent OTP guesses says when to try again.
import { describe, expect, it } from 'vitest';
import { otpGuessLimitMessage } from './accounts.ts';

describe('otpGuessLimitMessage', () => {
  it.each([
    [3600, '60 minutes'],
    [3541, '60 minutes'],
    [61, '2 minutes'],
    [60, '1 minute'],
    [59, '59 seconds'],
    [1, '1 second'],
  ])(
    '%i s: the rest of the hour in minutes, rounded up, the last minute in seconds (%s)',
    (seconds, wait) => {
      expect(otpGuessLimitMessage(seconds)).toBe(
        `Too many wrong codes for this email. Please try again in ${wait}`,
      );
    },
  );
});
