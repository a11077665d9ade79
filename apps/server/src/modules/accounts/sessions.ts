// Bearer sessions: a random token handed to the client once, its SHA-256 kept
// on the server, revocable, expiring. User and admin sessions are told apart
// by their subject kind, so an admin call never accepts a user token.
import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../../db/database.ts';
import type { SessionLookup, SessionRow, SubjectKind } from '../../http/sessions.ts';
import { findLiveSession, insertSession, revokeSessionByHash } from './session-repository.ts';

export const SESSION_TOKEN_BYTES = 32;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export async function createSession(
  db: Queryable,
  subject: { kind: SubjectKind; id: string },
  ttlMs: number,
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(SESSION_TOKEN_BYTES).toString('base64url');
  const expiresAt = new Date(Date.now() + ttlMs);
  await insertSession(db, {
    tokenHash: hashToken(token),
    subjectKind: subject.kind,
    subjectId: subject.id,
    expiresAt,
  });
  return { token, expiresAt };
}

export function resolveSession(db: Queryable, token: string): Promise<SessionRow | null> {
  return findLiveSession(db, hashToken(token));
}

/** The sessions the HTTP guards read (AppContext.sessions). */
export const sessionLookup = (db: Queryable): SessionLookup => ({
  resolve: (token) => resolveSession(db, token),
});

export function revokeSession(db: Queryable, token: string): Promise<void> {
  return revokeSessionByHash(db, hashToken(token));
}
