// Per-account limits on login, OTP and reset calls (and the per-IP limit of
// uploads without a session), counted in the database so they hold across
// API processes (the per-IP limit of each route is @fastify/rate-limit's).
// Guesses (a password, a code) count per account and IP together: a guesser
// blocks themselves, never the account's owner on their own device. Logins
// also count per account alone, whatever the IP: after a few in a row without
// success, each further one waits longer (a ceiling on guessing one password
// from many addresses that never locks the owner out; a reset by email clears
// it). Wrong one-time codes also count per account alone: a code's six
// digits are as easy for anyone to guess from many addresses, and the
// password login stays open to the owner meanwhile. An IP is counted as its
// client key (an IPv6 client's /64: http/client-key.ts).
import { loginDelayMessage, otpGuessLimitMessage, tooManyAttemptsMessage } from '@gets/schema';
import type { Config } from '../config.ts';
import type { Queryable } from '../db/database.ts';
import { clientKey } from '../http/client-key.ts';
import { AppError } from '../http/errors.ts';
import {
  clearAttempts,
  countAttempt,
  findAttempts,
  takeSpacedAttempt,
  uncountAttempt,
} from './attempt-repository.ts';

export type AttemptScope =
  | 'login'
  | 'admin-login'
  | 'otp-send'
  | 'otp-check'
  | 'otp-guess'
  // Logins to one account from every IP, spaced out after a few (loginDelay).
  | 'login-account'
  | 'admin-login-account'
  // Uploads without a session, per IP (modules/uploads).
  | 'anonymous-upload'
  // Wallet exports per account, a few a day (modules/security/wallet-export.ts).
  | 'wallet-export';

/** Whose attempts count together: an account, or an account from one IP (guesses). */
export interface AttemptSubject {
  account: string;
  ip?: string;
}

const keyOf = ({ account, ip }: AttemptSubject) =>
  ip === undefined ? account.toLowerCase() : `${account.toLowerCase()} from ${clientKey(ip)}`;

/** The count of one account's logins from every IP, for each login scope. */
const ACCOUNT_WIDE: Partial<Record<AttemptScope, AttemptScope>> = {
  login: 'login-account',
  'admin-login': 'admin-login-account',
};

/** A day without a login attempt forgets the account's count (the auth pruning keeps it that long). */
const LOGIN_COUNT_FORGOTTEN_AFTER_SECONDS = 86_400;

/**
 * Counts this attempt for the subject; refuses with 429 once the window's
 * limit is passed. A login also takes its turn in the account's count across
 * IPs (every email alike, so the answer never tells whether it has an account).
 */
export async function limitAttempts(
  db: Queryable,
  config: Pick<Config, 'rateLimits'>,
  scope: AttemptScope,
  subject: AttemptSubject,
): Promise<void> {
  await limitAttemptsTo(db, config.rateLimits.perAccount, scope, keyOf(subject));
  const accountWide = ACCOUNT_WIDE[scope];
  if (accountWide) await spaceLogins(db, config, accountWide, subject.account);
}

/**
 * The account's logins from every IP together: the first `freeAttempts` at
 * once, then each only once the wait after the previous is over (doubling up
 * to `maxDelayMs`); an attempt before its turn is refused (429, Retry-After)
 * and does not count. Taken before the password is checked, so guesses sent
 * together wait their turns too.
 */
async function spaceLogins(
  db: Queryable,
  config: Pick<Config, 'rateLimits'>,
  scope: AttemptScope,
  account: string,
): Promise<void> {
  const { freeAttempts, maxDelayMs } = config.rateLimits.loginDelay;
  const turn = await takeSpacedAttempt(db, scope, account.toLowerCase(), {
    free: freeAttempts,
    maxDelaySeconds: Math.max(1, Math.ceil(maxDelayMs / 1000)),
    forgetSeconds: LOGIN_COUNT_FORGOTTEN_AFTER_SECONDS,
  });
  if (!turn.taken) {
    const seconds = Math.max(1, Math.ceil(turn.retryAfterMs / 1000));
    throw new AppError(429, loginDelayMessage(seconds), { retryAfterSeconds: seconds });
  }
}

/**
 * Counts this attempt of `key` in the scope's fixed window of `limit`;
 * refuses with 429 and `message(seconds to wait)` once the limit is passed.
 */
export async function limitAttemptsTo(
  db: Queryable,
  limit: { max: number; windowMs: number },
  scope: AttemptScope,
  key: string,
  message: (seconds: number) => string = tooManyAttemptsMessage,
): Promise<void> {
  const { attempts, retryAfterMs } = await countAttempt(
    db,
    scope,
    key,
    Math.ceil(limit.windowMs / 1000),
  );
  if (attempts > limit.max) {
    throw new AppError(429, message(Math.max(1, Math.ceil(retryAfterMs / 1000))));
  }
}

/**
 * A successful login starts the subject's count afresh, and the account's
 * across IPs; so does a password reset (the owner proved the mailbox).
 */
export async function resetAttempts(db: Queryable, scope: AttemptScope, subject: AttemptSubject) {
  await clearAttempts(db, scope, keyOf(subject));
  const accountWide = ACCOUNT_WIDE[scope];
  if (accountWide) await clearAttempts(db, accountWide, subject.account.toLowerCase());
}

const otpGuessWindow = (config: Pick<Config, 'rateLimits'>) => ({
  max: config.rateLimits.otpGuesses.max,
  seconds: Math.ceil(config.rateLimits.otpGuesses.windowMs / 1000),
});

function otpGuessesSpent(retryAfterMs: number) {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return new AppError(429, otpGuessLimitMessage(seconds), { retryAfterSeconds: seconds });
}

/**
 * Takes one of the email's wrong-guess allowance before a code is checked,
 * refusing with 429 once the window's allowance is spent. Counting before the
 * check (not after a wrong answer) keeps concurrent guesses from getting past
 * the limit; the answer gives it back when the guess turns out right or no
 * code could be tried, so only wrong guesses stay counted.
 */
export async function takeOtpGuess(
  db: Queryable,
  config: Pick<Config, 'rateLimits'>,
  email: string,
): Promise<{ giveBack(): Promise<void> }> {
  const { max, seconds } = otpGuessWindow(config);
  const subject = email.toLowerCase();
  const { attempts, retryAfterMs } = await countAttempt(db, 'otp-guess', subject, seconds);
  if (attempts > max) throw otpGuessesSpent(retryAfterMs);
  return { giveBack: () => uncountAttempt(db, 'otp-guess', subject, seconds) };
}

/** A new code is refused while the email's wrong guesses are spent: it could not be checked. */
export async function refuseWhileOtpGuessesSpent(
  db: Queryable,
  config: Pick<Config, 'rateLimits'>,
  email: string,
): Promise<void> {
  const { max, seconds } = otpGuessWindow(config);
  const spent = await findAttempts(db, 'otp-guess', email.toLowerCase(), seconds);
  if (spent && spent.attempts >= max) throw otpGuessesSpent(spent.retryAfterMs);
}
