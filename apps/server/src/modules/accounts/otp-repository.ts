import type { Queryable } from '../../db/database.ts';

/** REGISTER and RESET by email; EXPORT confirms a wallet export for a person without a second factor. */
export type OtpPurpose = 'REGISTER' | 'RESET' | 'EXPORT';

export interface StoredOtp {
  purpose: OtpPurpose;
  codeHash: string;
  attempts: number;
  expired: boolean;
  consumed: boolean;
  sentAt: Date;
}

/**
 * Stores a new code for (email, purpose), replacing the old one, unless the
 * last one was sent less than resendSeconds ago: then answers how long to wait.
 */
export async function replaceOtp(
  db: Queryable,
  otp: {
    email: string;
    purpose: OtpPurpose;
    codeHash: string;
    ttlSeconds: number;
    resendSeconds: number;
  },
): Promise<{ stored: true } | { stored: false; waitSeconds: number }> {
  const stored = await db.query(
    `INSERT INTO otp_codes (email, purpose, code_hash, attempts, sent_at, expires_at, consumed_at)
     VALUES ($1, $2, $3, 0, now(), now() + $4::int * interval '1 second', NULL)
     ON CONFLICT (email, purpose) DO UPDATE SET
       code_hash = EXCLUDED.code_hash, attempts = 0, sent_at = EXCLUDED.sent_at,
       expires_at = EXCLUDED.expires_at, consumed_at = NULL
     WHERE otp_codes.sent_at <= now() - $5::int * interval '1 second'
     RETURNING email`,
    [otp.email, otp.purpose, otp.codeHash, otp.ttlSeconds, otp.resendSeconds],
  );
  if (stored.length > 0) return { stored: true };
  const rows = await db.query<{ wait: number | string }>(
    `SELECT CEIL(EXTRACT(EPOCH FROM (sent_at + $3::int * interval '1 second' - now())))::int AS wait
       FROM otp_codes WHERE email = $1 AND purpose = $2`,
    [otp.email, otp.purpose, otp.resendSeconds],
  );
  return { stored: false, waitSeconds: Math.max(1, Number(rows[0]?.wait ?? 1)) };
}

/** Removes a code whose mail could not be sent, so the person may ask again at once. */
export async function deleteOtp(db: Queryable, email: string, purpose: OtpPurpose, hash: string) {
  await db.query('DELETE FROM otp_codes WHERE email = $1 AND purpose = $2 AND code_hash = $3', [
    email,
    purpose,
    hash,
  ]);
}

export async function findOtps(
  db: Queryable,
  email: string,
  purposes: OtpPurpose[],
): Promise<StoredOtp[]> {
  const rows = await db.query<{
    purpose: OtpPurpose;
    code_hash: string;
    attempts: number;
    expired: boolean;
    consumed: boolean;
    sent_at: Date | string;
  }>(
    `SELECT purpose, code_hash, attempts, expires_at <= now() AS expired,
            consumed_at IS NOT NULL AS consumed, sent_at
       FROM otp_codes WHERE email = $1 AND purpose = ANY($2::text[])
      ORDER BY sent_at DESC`,
    [email, purposes],
  );
  return rows.map((row) => ({
    purpose: row.purpose,
    codeHash: row.code_hash,
    attempts: Number(row.attempts),
    expired: row.expired,
    consumed: row.consumed,
    sentAt: new Date(row.sent_at),
  }));
}

/**
 * Takes one try of every live code of the purposes (unconsumed, unexpired,
 * fewer than maxAttempts wrong tries): a code that matches one of them counts
 * against none, a wrong one against each. Trying every live code, not only the
 * newest, keeps a code of the other purpose (asked for by someone else) from
 * hiding the one the person holds. One statement, so concurrent tries are
 * counted one after another under the row locks. null when no code was live.
 */
export async function tryOtp(
  db: Queryable,
  otp: {
    email: string;
    purposes: OtpPurpose[];
    hashOf: (purpose: OtpPurpose) => string;
    maxAttempts: number;
  },
): Promise<{ purpose: OtpPurpose; matched: boolean; attempts: number } | null> {
  const rows = await db.query<{ purpose: OtpPurpose; matched: boolean; attempts: number }>(
    `WITH live AS (
       SELECT email, purpose,
              code_hash = ($3::text[])[array_position($2::text[], purpose)] AS matched
         FROM otp_codes
        WHERE email = $1 AND purpose = ANY($2::text[]) AND consumed_at IS NULL
          AND attempts < $4 AND expires_at > now()
          FOR UPDATE),
     hit AS (SELECT COALESCE(bool_or(matched), false) AS matched FROM live)
     UPDATE otp_codes o
        SET attempts = o.attempts + CASE WHEN hit.matched THEN 0 ELSE 1 END
       FROM live, hit
      WHERE o.email = live.email AND o.purpose = live.purpose
      RETURNING o.purpose, live.matched, o.attempts`,
    [otp.email, otp.purposes, otp.purposes.map(otp.hashOf), otp.maxAttempts],
  );
  if (rows.length === 0) return null;
  const hit = rows.find((row) => row.matched);
  if (hit) return { purpose: hit.purpose, matched: true, attempts: Number(hit.attempts) };
  // A wrong code: the tries left are those of the code with the most left.
  const fewest = rows.reduce((a, b) => (Number(b.attempts) < Number(a.attempts) ? b : a));
  return { purpose: fewest.purpose, matched: false, attempts: Number(fewest.attempts) };
}

/** Uses the code up, if it is still live; false when another request got there first. */
export async function consumeOtp(
  db: Queryable,
  otp: { email: string; purpose: OtpPurpose; codeHash: string; maxAttempts: number },
): Promise<boolean> {
  const rows = await db.query(
    `UPDATE otp_codes SET consumed_at = now()
      WHERE email = $1 AND purpose = $2 AND code_hash = $3 AND consumed_at IS NULL
        AND expires_at > now() AND attempts < $4
      RETURNING email`,
    [otp.email, otp.purpose, otp.codeHash, otp.maxAttempts],
  );
  return rows.length > 0;
}

/** Deletes up to `limit` codes that expired before `before`, oldest first; answers how many. */
export async function pruneExpiredOtps(
  db: Queryable,
  prune: { before: Date; limit: number },
): Promise<number> {
  const rows = await db.query<{ email: string }>(
    `DELETE FROM otp_codes WHERE (email, purpose) IN (
       SELECT email, purpose FROM otp_codes WHERE expires_at < $1
        ORDER BY expires_at LIMIT $2)
     RETURNING email`,
    [prune.before, prune.limit],
  );
  return rows.length;
}
