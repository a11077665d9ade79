// The two section 5 messages only the forms show (the API never receives
// confirmPassword): the shared schemas the web forms use must give them.
import { describe, expect, it } from 'vitest';
import { VALIDATION, newPasswordFormSchema, registerFormSchema } from '@gets/schema';

const messages = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => result.error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) ?? [];

describe('shared account form schemas', () => {
  const form = {
    email: 'ada@example.org',
    fullName: 'Ada',
    userName: 'ada',
    password: 'Str0ng!pass',
    confirmPassword: 'Str0ng!pass',
    userType: 'sponsor',
  };

  it('accepts a valid register form and uppercases the user type', () => {
    expect(registerFormSchema.parse(form).userType).toBe('SPONSOR');
  });

  it('asks for the confirmation, then for it to match', () => {
    expect(messages(registerFormSchema.safeParse({ ...form, confirmPassword: '' }))).toEqual([
      `confirmPassword: ${VALIDATION.password.confirmRequired}`,
    ]);
    expect(
      messages(registerFormSchema.safeParse({ ...form, confirmPassword: 'Str0ng!pasS' })),
    ).toEqual([`confirmPassword: ${VALIDATION.password.mustMatch}`]);
    expect(
      messages(
        newPasswordFormSchema.safeParse({ password: 'N3w!password', confirmPassword: 'other' }),
      ),
    ).toEqual([`confirmPassword: ${VALIDATION.password.mustMatch}`]);
  });

  it('reports the field errors of the register form together', () => {
    expect(
      messages(
        registerFormSchema.safeParse({
          ...form,
          fullName: '',
          userName: '',
          userType: '',
          password: 'short',
        }),
      ),
    ).toEqual([
      `fullName: ${VALIDATION.register.fullNameRequired}`,
      `userName: ${VALIDATION.register.userNameRequired}`,
      `password: ${VALIDATION.password.min}`,
      `password: ${VALIDATION.password.uppercase}`,
      `password: ${VALIDATION.password.number}`,
      `password: ${VALIDATION.password.special}`,
      `userType: ${VALIDATION.register.userTypeRequired}`,
    ]);
  });
});
