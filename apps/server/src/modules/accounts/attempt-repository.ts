import type { Queryable } from '../../db/database.ts';

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

export async function clearAttempts(db: Queryable, scope: string, subject: string) {
  await db.query('DELETE FROM auth_attempts WHERE scope = $1 AND subject = $2', [scope, subject]);
}
