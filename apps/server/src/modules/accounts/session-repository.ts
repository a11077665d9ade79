import { hasSecondFactorSql } from '../../custody/consent-factor.ts';
import { prepared, type Queryable } from '../../db/database.ts';
import type { SessionRow, SubjectKind } from '../../http/sessions.ts';

/**
 * Channel on which every revocation is announced (payload: the token's hash),
 * from whichever process revoked it, so every process closes what the session
 * had open (its status streams).
 */
export const SESSION_REVOKED_CHANNEL = 'session_revoked';

export async function insertSession(
  db: Queryable,
  session: {
    tokenHash: string;
    sessionId: string;
    subjectKind: SubjectKind;
    subjectId: string;
    expiresAt: Date;
    userAgent: string | null;
    ipNetwork: string | null;
    deviceKey: string | null;
  },
): Promise<void> {
  await db.query(
    `INSERT INTO sessions
       (token_hash, public_id, subject_kind, subject_id, expires_at, user_agent, ip_network, device_key)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      session.tokenHash,
      session.sessionId,
      session.subjectKind,
      session.subjectId,
      session.expiresAt.toISOString(),
      session.userAgent,
      session.ipNetwork,
      session.deviceKey,
    ],
  );
}

/** How stale a session's last activity may be before a call writes it again. */
export const LAST_ACTIVE_PRECISION_SECONDS = 60;

/**
 * Every authenticated call runs it: parsed and planned once per connection.
 * It also notes the session's activity, in the same statement (no second
 * round trip), at most once a minute per session: the other calls of that
 * minute find nothing to update and take no row lock. A statement's WITH
 * part runs whether or not the rest reads it.
 */
const FIND_LIVE_SESSION = prepared(
  'find-live-session',
  `WITH touched AS (
     UPDATE sessions SET last_active_at = now()
      WHERE token_hash = $1 AND revoked_at IS NULL AND expires_at > now()
        AND last_active_at < now() - ${LAST_ACTIVE_PRECISION_SECONDS} * interval '1 second')
   SELECT s.public_id, s.subject_kind, s.subject_id, s.expires_at, u.user_type, u.status AS user_status,
          COALESCE(u.email, a.email) AS email, COALESCE(u.account, a.account) AS account,
          CASE WHEN u.banned_at IS NOT NULL OR linked.banned_at IS NOT NULL THEN 'banned'
               WHEN a.role_status IN ('PROPOSED', 'REVOKING', 'REMOVED') THEN 'removed'
          END AS blocked,
          -- Admins must have a second factor before any change (decision 0064).
          (s.subject_kind = 'admin'
           AND NOT ${hasSecondFactorSql("'admin'", 's.subject_id')}) AS needs_factor
     FROM sessions s
     LEFT JOIN users u ON s.subject_kind = 'user' AND u.id = s.subject_id
     LEFT JOIN admins a ON s.subject_kind = 'admin' AND a.id = s.subject_id
     -- An admin made from a user's wallet is that person: their ban holds here too.
     LEFT JOIN users linked ON linked.id = a.user_id
    WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND s.expires_at > now()`,
);

/** The live session for a token hash: not revoked and not expired (by the database clock). */
export async function findLiveSession(
  db: Queryable,
  tokenHash: string,
): Promise<SessionRow | null> {
  const rows = await db.query<{
    public_id: string;
    subject_kind: SubjectKind;
    subject_id: string;
    expires_at: Date | string;
    blocked: 'banned' | 'removed' | null;
    needs_factor: boolean;
    user_type: 'SPONSOR' | 'EARNER' | null;
    user_status: 'PENDING' | 'APPROVED' | 'REJECTED' | null;
    email: string;
    account: `0x${string}` | null;
  }>(FIND_LIVE_SESSION, [tokenHash]);
  const row = rows[0];
  return row
    ? {
        sessionId: row.public_id,
        subjectKind: row.subject_kind,
        subjectId: row.subject_id,
        expiresAt: new Date(row.expires_at),
        blocked: row.blocked,
        needsFactor: row.needs_factor,
        userType: row.user_type,
        userStatus: row.user_status,
        email: row.email,
        account: row.account,
      }
    : null;
}

export async function revokeSessionByHash(db: Queryable, tokenHash: string): Promise<void> {
  await db.query(
    `WITH revoked AS (
       UPDATE sessions SET revoked_at = now() WHERE token_hash = $1 AND revoked_at IS NULL
       RETURNING token_hash)
     SELECT pg_notify($2, token_hash) FROM revoked`,
    [tokenHash, SESSION_REVOKED_CHANNEL],
  );
}

/** Ends every session of one user or admin (an admin's removal). */
export async function revokeSubjectSessions(
  db: Queryable,
  subjectKind: SubjectKind,
  subjectId: string,
): Promise<void> {
  await db.query(
    `WITH revoked AS (
       UPDATE sessions SET revoked_at = now()
        WHERE subject_kind = $1 AND subject_id = $2 AND revoked_at IS NULL
       RETURNING token_hash)
     SELECT pg_notify($3, token_hash) FROM revoked`,
    [subjectKind, subjectId, SESSION_REVOKED_CHANNEL],
  );
}

/**
 * Ends every session of a user and of the admin who is the same person (made
 * from the user's wallet, who signs in with the user's password, or with the
 * user's email): a password reset proves who holds the mailbox and a ban
 * shuts the person out, so neither may leave a session of theirs open.
 */
export async function revokePersonSessions(db: Queryable, userId: string): Promise<void> {
  await db.query(
    `WITH person AS (
       SELECT 'user' AS kind, u.id FROM users u WHERE u.id = $1
       UNION ALL
       SELECT 'admin', a.id FROM admins a JOIN users u ON u.id = $1
        WHERE a.user_id = u.id OR lower(a.email) = lower(u.email)),
     revoked AS (
       UPDATE sessions s SET revoked_at = now()
         FROM person p
        WHERE s.subject_kind = p.kind AND s.subject_id = p.id AND s.revoked_at IS NULL
       RETURNING s.token_hash)
     SELECT pg_notify($2, token_hash) FROM revoked`,
    [userId, SESSION_REVOKED_CHANNEL],
  );
}

/**
 * Deletes up to `limit` sessions that ended (expired or revoked) before
 * `before`; answers how many. No request accepts them any more.
 */
export async function pruneEndedSessions(
  db: Queryable,
  prune: { before: Date; limit: number },
): Promise<number> {
  const rows = await db.query<{ token_hash: string }>(
    `DELETE FROM sessions WHERE token_hash IN (
       SELECT token_hash FROM sessions WHERE expires_at < $1 OR revoked_at < $1 LIMIT $2)
     RETURNING token_hash`,
    [prune.before, prune.limit],
  );
  return rows.length;
}
