import type { Queryable } from '../../db/database.ts';

export type SubjectKind = 'user' | 'admin';

export interface SessionRow {
  subjectKind: SubjectKind;
  subjectId: string;
  expiresAt: Date;
}

export async function insertSession(
  db: Queryable,
  session: { tokenHash: string; subjectKind: SubjectKind; subjectId: string; expiresAt: Date },
): Promise<void> {
  await db.query(
    'INSERT INTO sessions (token_hash, subject_kind, subject_id, expires_at) VALUES ($1, $2, $3, $4)',
    [session.tokenHash, session.subjectKind, session.subjectId, session.expiresAt.toISOString()],
  );
}

/** The live session for a token hash: not revoked and not expired (by the database clock). */
export async function findLiveSession(
  db: Queryable,
  tokenHash: string,
): Promise<SessionRow | null> {
  const rows = await db.query<{
    subject_kind: SubjectKind;
    subject_id: string;
    expires_at: Date | string;
  }>(
    `SELECT subject_kind, subject_id, expires_at FROM sessions
      WHERE token_hash = $1 AND revoked_at IS NULL AND expires_at > now()`,
    [tokenHash],
  );
  const row = rows[0];
  return row
    ? {
        subjectKind: row.subject_kind,
        subjectId: row.subject_id,
        expiresAt: new Date(row.expires_at),
      }
    : null;
}

export async function revokeSessionByHash(db: Queryable, tokenHash: string): Promise<void> {
  await db.query(
    'UPDATE sessions SET revoked_at = now() WHERE token_hash = $1 AND revoked_at IS NULL',
    [tokenHash],
  );
}

/** Ends every live session of one user or admin (after a password reset). */
export async function revokeSubjectSessions(
  db: Queryable,
  subjectKind: SubjectKind,
  subjectId: string,
): Promise<void> {
  await db.query(
    `UPDATE sessions SET revoked_at = now()
      WHERE subject_kind = $1 AND subject_id = $2 AND revoked_at IS NULL`,
    [subjectKind, subjectId],
  );
}
