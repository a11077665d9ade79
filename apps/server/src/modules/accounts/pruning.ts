// The worker's pruning of what the accounts keep while it matters: sessions
// until they ended (expired or revoked), attempt counts until their window is
// over, one-time codes until they expired, and what the root adds (the
// security module's passkey challenges and "This wasn't me" links). Each
// stays AUTH_RECORDS_KEPT_MS longer, so a request that read it just before
// still finds it, and an expired code or session is told apart from an
// unknown one for a day.
import type { Config } from '../../config.ts';
import { deleteInBatches } from '../../db/batched-delete.ts';
import type { Database } from '../../db/database.ts';
import type { WorkerJob } from '../../worker/worker.ts';
import { pruneStaleAttempts } from '../../limits/attempt-repository.ts';
import { pruneExpiredOtps } from './otp-repository.ts';
import { pruneEndedSessions } from './session-repository.ts';

/** A statement that deletes up to `limit` rows that ended before `before`; answers how many. */
export type PruneStatement = (
  db: Database,
  range: { before: Date; limit: number },
) => Promise<number>;

/** How long an ended session, an expired code or a count past its window is kept. */
export const AUTH_RECORDS_KEPT_MS = 24 * 3_600_000;
const AUTH_PRUNING_INTERVAL_MS = 10 * 60_000;
const ROWS_PRUNED_AT_ONCE = 1_000;

/** The longest window any count of auth_attempts runs in (per IP, per account, wrong codes). */
export const longestAttemptWindowMs = (config: Pick<Config, 'rateLimits'>) =>
  Math.max(
    config.rateLimits.perIp.windowMs,
    config.rateLimits.perAccount.windowMs,
    config.rateLimits.otpGuesses.windowMs,
  );

/**
 * Deletes, a thousand a statement, what ended more than AUTH_RECORDS_KEPT_MS
 * before `now()`; a count only once even the longest window that started
 * with it is over by as much, so no running limit ever loses its count.
 * Answers how many of each.
 */
export async function pruneEndedAuthRecords(
  db: Database,
  config: Pick<Config, 'rateLimits'>,
  now: () => Date = () => new Date(),
  alsoPrune: Record<string, PruneStatement> = {},
): Promise<Record<string, number>> {
  const at = now().getTime();
  const before = new Date(at - AUTH_RECORDS_KEPT_MS);
  const windowsOver = new Date(at - AUTH_RECORDS_KEPT_MS - longestAttemptWindowMs(config));
  const prune = (statement: PruneStatement, until: Date) =>
    deleteInBatches((limit) => statement(db, { before: until, limit }), ROWS_PRUNED_AT_ONCE);
  const pruned: Record<string, number> = {
    sessions: await prune(pruneEndedSessions, before),
    attempts: await prune(pruneStaleAttempts, windowsOver),
    otpCodes: await prune(pruneExpiredOtps, before),
  };
  for (const [records, statement] of Object.entries(alsoPrune)) {
    pruned[records] = await prune(statement, before);
  }
  return pruned;
}

export function authPruningJob(deps: {
  db: Database;
  config: Pick<Config, 'rateLimits'>;
  alsoPrune?: Record<string, PruneStatement>;
}): WorkerJob {
  return {
    name: 'auth-pruning',
    intervalMs: AUTH_PRUNING_INTERVAL_MS,
    run: async () => {
      await pruneEndedAuthRecords(deps.db, deps.config, undefined, deps.alsoPrune);
    },
  };
}
