// SQL of the sessions a person sees and ends, the browsers they signed in
// from, the "This wasn't me" tokens and the flag that asks for a new
// password. Revocations announce each ended session on the channel every
// process listens to (SESSION_REVOKED_CHANNEL), so open streams close.
import type { Queryable } from '../../db/database.ts';
import type { SubjectKind } from '../../http/sessions.ts';
import { SESSION_REVOKED_CHANNEL } from '../accounts/session-repository.ts';

export interface Subject {
  kind: SubjectKind;
  id: string;
}

export interface LiveSession {
  sessionId: string;
  userAgent: string | null;
  ipNetwork: string | null;
  createdAt: Date;
  lastActiveAt: Date;
}

/** The subject's sessions that are neither revoked nor expired, last used first. */
export async function listLiveSessions(db: Queryable, subject: Subject): Promise<LiveSession[]> {
  const rows = await db.query<{
    public_id: string;
    user_agent: string | null;
    ip_network: string | null;
    created_at: Date | string;
    last_active_at: Date | string;
  }>(
    `SELECT public_id, user_agent, ip_network, created_at, last_active_at
       FROM sessions
      WHERE subject_kind = $1 AND subject_id = $2 AND revoked_at IS NULL AND expires_at > now()
      ORDER BY last_active_at DESC, created_at DESC, public_id`,
    [subject.kind, subject.id],
  );
  return rows.map((row) => ({
    sessionId: row.public_id,
    userAgent: row.user_agent,
    ipNetwork: row.ip_network,
    createdAt: new Date(row.created_at),
    lastActiveAt: new Date(row.last_active_at),
  }));
}

/**
 * Ends one live session of the subject by its public id; false when the
 * subject has no such live session (unknown, another's, or already ended).
 */
export async function revokeSubjectSessionById(
  db: Queryable,
  subject: Subject,
  sessionId: string,
): Promise<boolean> {
  const rows = await db.query(
    `WITH revoked AS (
       UPDATE sessions SET revoked_at = now()
        WHERE public_id = $1 AND subject_kind = $2 AND subject_id = $3
          AND revoked_at IS NULL AND expires_at > now()
       RETURNING token_hash)
     SELECT pg_notify($4, token_hash) FROM revoked`,
    [sessionId, subject.kind, subject.id, SESSION_REVOKED_CHANNEL],
  );
  return rows.length > 0;
}

/** Ends every session of the subject but `keepSessionId`; answers how many. */
export async function revokeOtherSubjectSessions(
  db: Queryable,
  subject: Subject,
  keepSessionId: string,
): Promise<number> {
  const rows = await db.query(
    `WITH revoked AS (
       UPDATE sessions SET revoked_at = now()
        WHERE subject_kind = $1 AND subject_id = $2 AND public_id <> $3 AND revoked_at IS NULL
       RETURNING token_hash)
     SELECT pg_notify($4, token_hash) FROM revoked`,
    [subject.kind, subject.id, keepSessionId, SESSION_REVOKED_CHANNEL],
  );
  return rows.length;
}

/**
 * Records that the subject signed in from this device. `newDevice`: it was
 * not recorded before; `signedInBefore`: the subject has another device on
 * record or a session from another device (a registration's, say), so this
 * is not the account's first sign-in. One statement: the reads see the
 * devices as they were before this one was added.
 */
export async function recordSignInDevice(
  db: Queryable,
  subject: Subject,
  deviceKey: string,
): Promise<{ newDevice: boolean; signedInBefore: boolean }> {
  const rows = await db.query<{ new_device: boolean; signed_in_before: boolean }>(
    `WITH added AS (
       INSERT INTO sign_in_devices (subject_kind, subject_id, device_key) VALUES ($1, $2, $3)
       ON CONFLICT DO NOTHING
       RETURNING device_key)
     SELECT EXISTS (SELECT 1 FROM added) AS new_device,
            EXISTS (SELECT 1 FROM sign_in_devices
                     WHERE subject_kind = $1 AND subject_id = $2 AND device_key <> $3)
            OR EXISTS (SELECT 1 FROM sessions
                        WHERE subject_kind = $1 AND subject_id = $2
                          AND device_key IS DISTINCT FROM $3) AS signed_in_before`,
    [subject.kind, subject.id, deviceKey],
  );
  const row = rows[0]!;
  return { newDevice: row.new_device, signedInBefore: row.signed_in_before };
}

/** The email a subject's mail goes to; null when there is no such subject. */
export async function findSubjectEmail(db: Queryable, subject: Subject): Promise<string | null> {
  const rows = await db.query<{ email: string }>(
    subject.kind === 'user'
      ? 'SELECT email FROM users WHERE id = $1'
      : 'SELECT email FROM admins WHERE id = $1',
    [subject.id],
  );
  return rows[0]?.email ?? null;
}

/** Stores a "This wasn't me" token's hash; the subject's expired ones go meanwhile. */
export async function insertNotMeToken(
  db: Queryable,
  token: { tokenHash: string; subject: Subject; ttlSeconds: number },
): Promise<void> {
  await db.query(
    `DELETE FROM not_me_tokens WHERE subject_kind = $1 AND subject_id = $2 AND expires_at < now()`,
    [token.subject.kind, token.subject.id],
  );
  await db.query(
    `INSERT INTO not_me_tokens (token_hash, subject_kind, subject_id, expires_at)
     VALUES ($1, $2, $3, now() + $4::int * interval '1 second')`,
    [token.tokenHash, token.subject.kind, token.subject.id, token.ttlSeconds],
  );
}

/** Uses a live token up; answers whose it was, or null (unknown, used or expired). */
export async function useNotMeToken(db: Queryable, tokenHash: string): Promise<Subject | null> {
  const rows = await db.query<{ subject_kind: SubjectKind; subject_id: string }>(
    `UPDATE not_me_tokens SET used_at = now()
      WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()
      RETURNING subject_kind, subject_id`,
    [tokenHash],
  );
  const row = rows[0];
  return row ? { kind: row.subject_kind, id: row.subject_id } : null;
}

/**
 * The user who is this subject: the user itself, or for an admin the user
 * whose wallet it was made from, else the user with the admin's email.
 */
export async function findPersonUserId(db: Queryable, subject: Subject): Promise<string | null> {
  if (subject.kind === 'user') return subject.id;
  const rows = await db.query<{ id: string }>(
    `SELECT u.id FROM admins a JOIN users u ON u.id = a.user_id OR lower(u.email) = lower(a.email)
      WHERE a.id = $1
      ORDER BY (u.id = a.user_id) DESC LIMIT 1`,
    [subject.id],
  );
  return rows[0]?.id ?? null;
}

/** Login refuses the user's password until a reset by email clears this. */
export async function requireUserPasswordReset(db: Queryable, userId: string): Promise<void> {
  await db.query('UPDATE users SET password_reset_required = true WHERE id = $1', [userId]);
}

/**
 * The same for an admin with a password of their own; an admin made from a
 * user's wallet signs in with that user's password, whose flag is the user's.
 */
export async function requireAdminPasswordReset(db: Queryable, adminId: string): Promise<void> {
  await db.query(
    'UPDATE admins SET password_reset_required = true WHERE id = $1 AND user_id IS NULL',
    [adminId],
  );
}

/** Whether the password this subject signs in with must be reset first. */
export async function findPasswordResetRequired(db: Queryable, subject: Subject): Promise<boolean> {
  const rows = await db.query<{ required: boolean }>(
    subject.kind === 'user'
      ? 'SELECT password_reset_required AS required FROM users WHERE id = $1'
      : `SELECT COALESCE(u.password_reset_required, a.password_reset_required) AS required
           FROM admins a LEFT JOIN users u ON u.id = a.user_id WHERE a.id = $1`,
    [subject.id],
  );
  return rows[0]?.required === true;
}

/** Deletes up to `limit` "This wasn't me" tokens that expired before `before`. */
export async function pruneExpiredNotMeTokens(
  db: Queryable,
  prune: { before: Date; limit: number },
): Promise<number> {
  const rows = await db.query(
    `DELETE FROM not_me_tokens WHERE token_hash IN (
       SELECT token_hash FROM not_me_tokens WHERE expires_at < $1 LIMIT $2)
     RETURNING token_hash`,
    [prune.before, prune.limit],
  );
  return rows.length;
}
