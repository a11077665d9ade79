// The password rules: registration's (a message per unmet rule), the reset
// form's (the spec's one combined message), login's (given, nothing more),
// and the confirmation that must match.
import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from './constants.ts';
import { VALIDATION } from './messages.ts';

export const PASSWORD_MAX_LENGTH = 128;

/** The register and reset rules; every unmet rule reports its own message. */
export const passwordSchema = z
  .string({ error: VALIDATION.password.required })
  .min(1, VALIDATION.password.required)
  .min(PASSWORD_MIN_LENGTH, VALIDATION.password.min)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`)
  .regex(/[a-z]/, VALIDATION.password.lowercase)
  .regex(/[A-Z]/, VALIDATION.password.uppercase)
  .regex(/[0-9]/, VALIDATION.password.number)
  .regex(/[^A-Za-z0-9\s]/, VALIDATION.password.special);

/** Login and admin login: the spec only asks that a password is given. */
export const requiredPasswordSchema = z
  .string({ error: VALIDATION.password.required })
  .min(1, VALIDATION.password.required)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);

export const confirmPasswordSchema = z
  .string({ error: VALIDATION.password.confirmRequired })
  .min(1, VALIDATION.password.confirmRequired);

const passwordPair = z.object({ password: passwordSchema, confirmPassword: confirmPasswordSchema });

/** "Passwords must match" on confirmPassword, checked once both fields are otherwise valid. */
export const passwordsMatch = {
  error: VALIDATION.password.mustMatch,
  path: ['confirmPassword'],
  when: (payload: { value: unknown }) => passwordPair.safeParse(payload.value).success,
};

/**
 * The reset form's password: the same rules, its four kinds of character told
 * in the spec's one combined message ("Password must contain at least one
 * lowercase letter, one uppercase letter, one number, one special symbol").
 */
const newPasswordSchema = z
  .string({ error: VALIDATION.password.required })
  .min(1, VALIDATION.password.required)
  .min(PASSWORD_MIN_LENGTH, VALIDATION.password.min)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`)
  .refine(
    (value) => [/[a-z]/, /[A-Z]/, /[0-9]/, /[^A-Za-z0-9\s]/].every((kind) => kind.test(value)),
    VALIDATION.password.combined,
  );
const newPasswordPair = z.object({
  password: newPasswordSchema,
  confirmPassword: confirmPasswordSchema,
});

/** New-password modal of the reset flow on /verify-email/{email} (and an invited admin's first password). */
export const newPasswordFormSchema = newPasswordPair.refine(
  (value) => value.password === value.confirmPassword,
  {
    ...passwordsMatch,
    when: (payload: { value: unknown }) => newPasswordPair.safeParse(payload.value).success,
  },
);
export type NewPasswordFormInput = z.input<typeof newPasswordFormSchema>;
