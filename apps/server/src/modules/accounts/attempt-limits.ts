// Per-account limits on login, OTP and reset calls (and the per-IP limit of
// uploads without a session), counted in the database so they hold across
// API processes (the per-IP limit of each route is @fastify/rate-limit's).
// Guesses (a password, a code) count per account and IP together: a guesser
// blocks themselves, never the account's owner on their own device.
import { tooManyAttemptsMessage } from '@gets/schema';
import type { Config } from '../../config.ts';
import type { Queryable } from '../../db/database.ts';
import { AppError } from '../../http/errors.ts';
import { clearAttempts, countAttempt } from './attempt-repository.ts';

export type AttemptScope =
  | 'login'
  | 'admin-login'
  | 'otp-send'
  | 'otp-check'
  // Uploads without a session, per IP (modules/uploads).
  | 'anonymous-upload';

/** Whose attempts count together: an account, or an account from one IP (guesses). */
export interface AttemptSubject {
  account: string;
  ip?: string;
}

const keyOf = ({ account, ip }: AttemptSubject) =>
  ip === undefined ? account.toLowerCase() : `${account.toLowerCase()} from ${ip}`;

/** Counts this attempt for the subject; refuses with 429 once the window's limit is passed. */
export function limitAttempts(
  db: Queryable,
  config: Pick<Config, 'rateLimits'>,
  scope: AttemptScope,
  subject: AttemptSubject,
): Promise<void> {
  return limitAttemptsTo(db, config.rateLimits.perAccount, scope, keyOf(subject));
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

/** A successful login starts the subject's count afresh. */
export function resetAttempts(db: Queryable, scope: AttemptScope, subject: AttemptSubject) {
  return clearAttempts(db, scope, keyOf(subject));
}
