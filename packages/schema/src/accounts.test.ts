// How the refusal of an email's spent OTP guesses says when to try again, and how the
// password rules speak on the reset form and at registration.
import { describe, expect, it } from 'vitest';
import { otpGuessLimitMessage } from './accounts.ts';
import { newPasswordFormSchema, passwordSchema } from './passwords.ts';
import { VALIDATION } from './messages.ts';

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

describe('the reset form password (spec: "one combined message form ... is also seen")', () => {
  const messagesOf = (schema: typeof newPasswordFormSchema, password: string) =>
    schema.safeParse({ password, confirmPassword: password }).error?.issues.map((i) => i.message);

  it('tells every missing kind of character in the one combined message', () => {
    for (const password of ['abcdefgh', 'ABCDEFGH1!', 'Abcdefgh1', 'abcdefgh1!']) {
      expect(messagesOf(newPasswordFormSchema, password), password).toEqual([
        VALIDATION.password.combined,
      ]);
    }
    expect(messagesOf(newPasswordFormSchema, 'Abcdefg1!')).toBeUndefined();
    expect(messagesOf(newPasswordFormSchema, 'Ab1!')).toEqual([VALIDATION.password.min]);
  });

  it('while registration names each rule on its own', () => {
    const issues = passwordSchema.safeParse('abcdefgh').error?.issues.map((i) => i.message);
    expect(issues).toEqual([
      VALIDATION.password.uppercase,
      VALIDATION.password.number,
      VALIDATION.password.special,
    ]);
  });
});
