import type { Queryable } from '../db/database.ts';

/**
 * Counts one attempt in the (scope, subject) fixed window, starting a new
 * window when the old one is over; answers the count and when the window ends.
 */
export async function countAttempt(
  db: Queryable,
  scope: string,
  subject: string,
  windowSeconds: number,
): Promise<{ attempts: number; retryAfterMs: number }> {
  const rows = await db.query<{ attempts: number; retry_after_ms: number | string }>(
    `INSERT INTO auth_attempts (scope, subject, window_start, attempts)
     VALUES ($1, $2, now(), 1)
     ON CONFLICT (scope, subject) DO UPDATE SET
       attempts = CASE WHEN auth_attempts.window_start <= now() - $3::int * interval '1 second'
                       THEN 1 ELSE auth_attempts.attempts + 1 END,
       window_start = CASE WHEN auth_attempts.window_start <= now() - $3::int * interval '1 second'
                           THEN now() ELSE auth_attempts.window_start END
     RETURNING attempts,
       GREATEST(0, EXTRACT(EPOCH FROM (window_start + $3::int * interval '1 second' - now())) * 1000)::float8
         AS retry_after_ms`,
    [scope, subject, windowSeconds],
  );
  const row = rows[0]!;
  return { attempts: Number(row.attempts), retryAfterMs: Number(row.retry_after_ms) };
}

/**
 * The wait after the `n`-th attempt of a spaced count, in seconds: none
 * within the free attempts, then 1, 2, 4 ... doubling, at most `maxDelay`.
 */
const SPACING = (attempts: string, free: string, maxDelay: string) =>
  `CASE WHEN ${attempts} < ${free} THEN 0
        ELSE LEAST(${maxDelay}::float8, power(2, LEAST(${attempts} - ${free}, 40))) END`;

/**
 * Counts one attempt of (scope, subject) if its turn has come: within the
 * first `free` attempts at once, after that only once the wait since the
 * previous attempt (SPACING) is over; a count idle for `forgetSeconds` starts
 * afresh. In one statement, so attempts made together take turns too. Answers
 * whether it counted, and if not how long until it would.
 */
export async function takeSpacedAttempt(
  db: Queryable,
  scope: string,
  subject: string,
  spacing: { free: number; maxDelaySeconds: number; forgetSeconds: number },
): Promise<{ taken: true } | { taken: false; retryAfterMs: number }> {
  const wait = SPACING('a.attempts', '$3::int', '$4');
  const taken = await db.query(
    `INSERT INTO auth_attempts AS a (scope, subject, window_start, attempts)
     VALUES ($1, $2, now(), 1)
     ON CONFLICT (scope, subject) DO UPDATE SET
       attempts = CASE WHEN a.window_start <= now() - $5::int * interval '1 second'
                       THEN 1 ELSE a.attempts + 1 END,
       window_start = now()
     WHERE a.window_start <= now() - $5::int * interval '1 second'
        OR a.window_start <= now() - (${wait}) * interval '1 second'
     RETURNING attempts`,
    [scope, subject, spacing.free, spacing.maxDelaySeconds, spacing.forgetSeconds],
  );
  if (taken.length > 0) return { taken: true };
  const rows = await db.query<{ retry_after_ms: number | string }>(
    `SELECT GREATEST(0, EXTRACT(EPOCH FROM (
              a.window_start + (${wait}) * interval '1 second' - now())) * 1000)::float8
              AS retry_after_ms
       FROM auth_attempts a WHERE a.scope = $1 AND a.subject = $2`,
    [scope, subject, spacing.free, spacing.maxDelaySeconds],
  );
  return { taken: false, retryAfterMs: Number(rows[0]?.retry_after_ms ?? 0) };
}

export async function clearAttempts(db: Queryable, scope: string, subject: string) {
  await db.query('DELETE FROM auth_attempts WHERE scope = $1 AND subject = $2', [scope, subject]);
}

/**
 * The count of the (scope, subject) window running now, and when it ends;
 * null when there is none (never counted, or the window is over).
 */
export async function findAttempts(
  db: Queryable,
  scope: string,
  subject: string,
  windowSeconds: number,
): Promise<{ attempts: number; retryAfterMs: number } | null> {
  const rows = await db.query<{ attempts: number; retry_after_ms: number | string }>(
    `SELECT attempts,
       EXTRACT(EPOCH FROM (window_start + $3::int * interval '1 second' - now()))::float8 * 1000
         AS retry_after_ms
       FROM auth_attempts
      WHERE scope = $1 AND subject = $2
        AND window_start > now() - $3::int * interval '1 second'`,
    [scope, subject, windowSeconds],
  );
  const row = rows[0];
  return row ? { attempts: Number(row.attempts), retryAfterMs: Number(row.retry_after_ms) } : null;
}

/** Takes back one attempt counted in the window running now (it turned out not to count). */
export async function uncountAttempt(
  db: Queryable,
  scope: string,
  subject: string,
  windowSeconds: number,
): Promise<void> {
  await db.query(
    `UPDATE auth_attempts SET attempts = attempts - 1
      WHERE scope = $1 AND subject = $2 AND attempts > 0
        AND window_start > now() - $3::int * interval '1 second'`,
    [scope, subject, windowSeconds],
  );
}

/**
 * Deletes up to `limit` counts whose window started before `before`, oldest
 * first; answers how many. The caller picks `before` past the longest window,
 * so no running limit loses its count.
 */
export async function pruneStaleAttempts(
  db: Queryable,
  prune: { before: Date; limit: number },
): Promise<number> {
  const rows = await db.query<{ scope: string }>(
    `DELETE FROM auth_attempts WHERE (scope, subject) IN (
       SELECT scope, subject FROM auth_attempts WHERE window_start < $1
        ORDER BY window_start LIMIT $2)
     RETURNING scope`,
    [prune.before, prune.limit],
  );
  return rows.length;
}
