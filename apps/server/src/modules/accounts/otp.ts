// One-time codes by email: 6 random digits, kept only as a hash, valid 10
// minutes, single use, refused after 5 wrong tries, re-sent no faster than
// the verify-email page's 30-second countdown; an email's codes are refused,
// and no new one sent, once its wrong guesses of the hour are spent.
import { createHash, randomInt } from 'node:crypto';
import {
  ACCOUNT_MESSAGES,
  OTP_LENGTH,
  OTP_RESEND_COUNTDOWN_S,
  otpResendWaitMessage,
} from '@gets/schema';
import type { Config } from '../../config.ts';
import type { Database, Queryable } from '../../db/database.ts';
import { AppError } from '../../http/errors.ts';
import type { MailMessage, Mailer } from '../../mail/mailer.ts';
import {
  limitAttempts,
  refuseWhileOtpGuessesSpent,
  takeOtpGuess,
} from '../../limits/attempt-limits.ts';
import { otpMail } from './otp-mails.ts';
import {
  consumeOtp,
  deleteOtp,
  findOtps,
  replaceOtp,
  tryOtp,
  type OtpPurpose,
} from './otp-repository.ts';

export const OTP_TTL_SECONDS = 10 * 60;
export const OTP_MAX_WRONG_ATTEMPTS = 5;
/** The shorter of the spec's two countdowns; the 60 s modal timer is the web app's own. */
export const OTP_RESEND_SECONDS = OTP_RESEND_COUNTDOWN_S.verifyEmailPage;

export const MAIL_FAILED_MESSAGE = 'We could not send the email. Please try again in a moment';

interface OtpDeps {
  db: Database;
  config: Pick<Config, 'rateLimits'>;
  mailer: Mailer;
  /** Where a mail failure's cause goes (the request log); the caller sees MAIL_FAILED_MESSAGE. */
  logError?: (error: unknown) => void;
}

export const generateOtp = () => String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');

/** Bound to purpose and email, so a code for one never matches the other. */
export const hashOtp = (purpose: OtpPurpose, email: string, code: string) =>
  createHash('sha256').update(`${purpose}:${email}:${code}`).digest('hex');

/**
 * Stores a new code for the email and purpose and mails it; or, when a
 * `notice` is given (the email cannot use a code of this purpose), mails the
 * notice instead and keeps the code unsent, so checks of that email's codes
 * answer as they would for a code that was sent. Either way: the same limits,
 * the same statements, one mail, the same answer.
 */
export async function sendOtp(
  deps: OtpDeps,
  email: string,
  purpose: OtpPurpose,
  notice?: MailMessage,
) {
  await refuseWhileOtpGuessesSpent(deps.db, deps.config, email);
  // Sends count per address (a mailbox is not to be flooded), not per IP.
  await limitAttempts(deps.db, deps.config, 'otp-send', { account: email });
  const code = generateOtp();
  const codeHash = hashOtp(purpose, email, code);
  const result = await replaceOtp(deps.db, {
    email,
    purpose,
    codeHash,
    ttlSeconds: OTP_TTL_SECONDS,
    resendSeconds: OTP_RESEND_SECONDS,
  });
  if (!result.stored) {
    throw new AppError(429, otpResendWaitMessage(result.waitSeconds), {
      retryAfterSeconds: result.waitSeconds,
    });
  }
  try {
    await deps.mailer.send(notice ?? otpMail(purpose, email, code, OTP_TTL_SECONDS / 60));
  } catch (error) {
    await deleteOtp(deps.db, email, purpose, codeHash);
    deps.logError?.(error);
    throw new AppError(502, MAIL_FAILED_MESSAGE);
  }
  return { email, resendAfterSeconds: OTP_RESEND_SECONDS, expiresInSeconds: OTP_TTL_SECONDS };
}

/**
 * Checks a code against the live codes of the given purposes without using
 * it up. Each check takes one of each code's tries in a single statement
 * (a wrong one counts), so concurrent guesses can never get past five; a
 * wrong one also counts against the email's hourly allowance, whichever code
 * and IP it came from. Answers the purpose it matched.
 */
export async function checkOtp(
  deps: Pick<OtpDeps, 'db' | 'config'>,
  email: string,
  code: string,
  purposes: OtpPurpose[],
  ip: string,
): Promise<OtpPurpose> {
  await limitAttempts(deps.db, deps.config, 'otp-check', { account: email, ip });
  const guess = await takeOtpGuess(deps.db, deps.config, email);
  const tried = await tryOtp(deps.db, {
    email,
    purposes,
    hashOf: (purpose) => hashOtp(purpose, email, code),
    maxAttempts: OTP_MAX_WRONG_ATTEMPTS,
  });
  if (!tried || tried.matched) await guess.giveBack();
  if (!tried) throw await whyNoTry(deps.db, email, purposes);
  if (!tried.matched) {
    throw new AppError(400, ACCOUNT_MESSAGES.otpInvalid, {
      attemptsLeft: Math.max(0, OTP_MAX_WRONG_ATTEMPTS - tried.attempts),
    });
  }
  return tried.purpose;
}

/** Why no try was taken: no live code, too many wrong tries, or expired. */
async function whyNoTry(db: Queryable, email: string, purposes: OtpPurpose[]) {
  const live = (await findOtps(db, email, purposes)).find((otp) => !otp.consumed);
  if (!live) return new AppError(400, ACCOUNT_MESSAGES.otpMissing);
  if (live.attempts >= OTP_MAX_WRONG_ATTEMPTS) {
    return new AppError(429, ACCOUNT_MESSAGES.otpTooManyAttempts);
  }
  return new AppError(400, ACCOUNT_MESSAGES.otpExpired);
}

/** Uses a checked code up inside the caller's transaction. */
export async function useOtp(tx: Queryable, email: string, code: string, purpose: OtpPurpose) {
  const used = await consumeOtp(tx, {
    email,
    purpose,
    codeHash: hashOtp(purpose, email, code),
    maxAttempts: OTP_MAX_WRONG_ATTEMPTS,
  });
  if (!used) throw new AppError(409, ACCOUNT_MESSAGES.otpMissing);
}
