// Per-account limits on login, OTP and reset calls, counted in the database so
// they hold across API processes (the per-IP limit is @fastify/rate-limit's).
import { tooManyAttemptsMessage } from '@gets/schema';
import type { Config } from '../../config.ts';
import type { Queryable } from '../../db/database.ts';
import { AppError } from '../../http/errors.ts';
import { clearAttempts, countAttempt } from './attempt-repository.ts';

export type AttemptScope = 'login' | 'admin-login' | 'otp-send' | 'otp-check';

/** Counts this attempt for the account; refuses with 429 once the window's limit is passed. */
export async function limitAttempts(
  db: Queryable,
  config: Pick<Config, 'rateLimits'>,
  scope: AttemptScope,
  account: string,
): Promise<void> {
  const { max, windowMs } = config.rateLimits.perAccount;
  const { attempts, retryAfterMs } = await countAttempt(
    db,
    scope,
    account.toLowerCase(),
    Math.ceil(windowMs / 1000),
  );
  if (attempts > max) {
    throw new AppError(429, tooManyAttemptsMessage(Math.max(1, Math.ceil(retryAfterMs / 1000))));
  }
}

/** A successful login starts the account's count afresh. */
export function resetAttempts(db: Queryable, scope: AttemptScope, account: string) {
  return clearAttempts(db, scope, account.toLowerCase());
}
