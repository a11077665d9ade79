// What the OTP calls mail: the code; or, to an email that cannot use one
// (registering an address that has an account, resetting one that has none),
// a note saying so and what to do instead. Every send mails exactly one of
// them, so the caller's answer and its time say nothing about the account.
import { PRODUCT_NAME } from '@gets/schema';
import type { MailMessage } from '../../mail/mailer.ts';
import type { OtpPurpose } from './otp-repository.ts';

const link = (base: string | undefined, path: string) => `${base ?? ''}${path}`;

const IGNORE = 'If you did not ask for it, you can ignore this email.';
const OTP_WORDS: Record<OtpPurpose, { subject: string; action: string; ifNotYou: string }> = {
  REGISTER: {
    subject: `Your ${PRODUCT_NAME} verification code`,
    action: 'verify your email',
    ifNotYou: IGNORE,
  },
  RESET: {
    subject: `Your ${PRODUCT_NAME} password reset code`,
    action: 'reset your password',
    ifNotYou: IGNORE,
  },
  // Asked for from a signed-in session: if not by the owner, someone else holds it.
  EXPORT: {
    subject: `Your ${PRODUCT_NAME} wallet export code`,
    action: 'export your wallet',
    ifNotYou:
      'If you did not ask for it, someone is signed in to your account: sign out every other session under Security and change your password.',
  },
};

export function otpMail(
  purpose: OtpPurpose,
  email: string,
  code: string,
  ttlMinutes: number,
): MailMessage {
  const what = OTP_WORDS[purpose];
  return {
    to: email,
    subject: what.subject,
    text: [
      `Your one-time code to ${what.action} is ${code}.`,
      '',
      `It expires in ${ttlMinutes} minutes and works once.`,
      what.ifNotYou,
    ].join('\n'),
    consoleLine: `OTP for ${email}: ${code}`,
  };
}

/** Registration asked for an email that has an account: no code, the way back in. */
export function alreadyRegisteredMail(email: string, base: string | undefined): MailMessage {
  return {
    to: email,
    subject: `You already have a ${PRODUCT_NAME} account`,
    text: [
      `Someone asked to register a new ${PRODUCT_NAME} account with this email address (${email}), but it already has one, so no code was sent.`,
      '',
      `If it was you, log in with your password: ${link(base, '/login')}`,
      `Forgot your password? Ask for a reset code: ${link(base, '/forgot-password')}`,
      '',
      'If it was not you, you can ignore this email: your account is unchanged.',
    ].join('\n'),
  };
}

/** A password reset asked for an email without an account: no code, and where to sign up. */
export function notRegisteredMail(email: string, base: string | undefined): MailMessage {
  return {
    to: email,
    subject: `No ${PRODUCT_NAME} account uses this email`,
    text: [
      `Someone asked to reset the password of a ${PRODUCT_NAME} account with this email address (${email}), but no account uses it, so no code was sent.`,
      '',
      'If it was you, your account may use another email address; or create one with this address:',
      link(base, '/register'),
      '',
      'If it was not you, you can ignore this email.',
    ].join('\n'),
  };
}
