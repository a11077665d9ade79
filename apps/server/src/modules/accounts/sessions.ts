// Bearer sessions: a random token handed to the client once, its SHA-256 kept
// on the server, revocable, expiring. User and admin sessions are told apart
// by their subject kind, so an admin call never accepts a user token.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../../db/database.ts';
import { ipNetwork } from '../../http/ip-network.ts';
import type { SessionLookup, SessionRow, SignInMeta, SubjectKind } from '../../http/sessions.ts';
import { USER_AGENT_MAX_LENGTH, deviceKeyOf } from './sign-in-device.ts';
import { findLiveSession, insertSession, revokeSessionByHash } from './session-repository.ts';

export const SESSION_TOKEN_BYTES = 32;

// What a sign-in says about where it came from (http/sessions.ts): kept with
// the session for the person's list of sessions, and compared with their
// earlier sign-ins (a browser not seen before is announced by mail).
export type { SignInMeta };

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * A new session; `meta` (where the sign-in came from) is kept with it for the
 * person's list of sessions: the browser, the network (never the address) and
 * the device's key. `sessionId` is the id that list shows, never the token.
 */
export async function createSession(
  db: Queryable,
  subject: { kind: SubjectKind; id: string },
  ttlMs: number,
  meta?: SignInMeta,
): Promise<{ token: string; expiresAt: Date; sessionId: string }> {
  const token = randomBytes(SESSION_TOKEN_BYTES).toString('base64url');
  const expiresAt = new Date(Date.now() + ttlMs);
  const sessionId = randomUUID();
  await insertSession(db, {
    tokenHash: hashToken(token),
    sessionId,
    subjectKind: subject.kind,
    subjectId: subject.id,
    expiresAt,
    userAgent: meta?.userAgent?.slice(0, USER_AGENT_MAX_LENGTH) ?? null,
    ipNetwork: meta ? ipNetwork(meta.ip) : null,
    deviceKey: meta ? deviceKeyOf(meta) : null,
  });
  return { token, expiresAt, sessionId };
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

/** Where a sign-in request came from (the web app sends its browser id as X-Device-Id). */
export function signInMetaOf(request: FastifyRequest): SignInMeta {
  const deviceId = request.headers['x-device-id'];
  return {
    userAgent: request.headers['user-agent'],
    ip: request.ip,
    deviceId: typeof deviceId === 'string' && deviceId.length <= 128 ? deviceId : undefined,
  };
}
