// What the HTTP layer knows of sessions: the caller's live session as one
// read finds it, and word of revocations. The accounts module owns sessions
// (modules/accounts/sessions.ts, session-events.ts); the composition root
// hands them to the guards and routes through AppContext, so this layer
// never imports a module.

export type SubjectKind = 'user' | 'admin';

export interface SessionRow {
  /** The id the person's list of sessions shows (never the token nor its hash). */
  sessionId: string;
  subjectKind: SubjectKind;
  subjectId: string;
  expiresAt: Date;
  /**
   * Why the subject may no longer act although the session lives: a banned
   * user, or an admin whose role is being revoked or was revoked.
   */
  blocked: 'banned' | 'removed' | null;
  /** An admin with no second factor yet: reads only, until one is enrolled. */
  needsFactor: boolean;
  /** A user's SPONSOR or EARNER; null for an admin. */
  userType: 'SPONSOR' | 'EARNER' | null;
  /** A user's review status (a sponsor acts only once APPROVED); null for an admin. */
  userStatus: 'PENDING' | 'APPROVED' | 'REJECTED' | null;
  /** The subject's email and custodial wallet, so a call about them needs no second read. */
  email: string;
  account: `0x${string}` | null;
  /**
   * Set when the bearer was a sponsor's API key rather than a session: the
   * key calls as its sponsor, only routes that name a scope it holds.
   */
  apiKey?: { id: string; scopes: readonly string[] };
}

export interface SessionLookup {
  /** The live session this bearer token opens, or null (unknown, expired, revoked). */
  resolve(token: string): Promise<SessionRow | null>;
}

export interface SessionEvents {
  /** False while the LISTEN connection is lost: revocations made meanwhile are not heard. */
  readonly listening: boolean;
  /**
   * Calls `onRevoked` once when the session with this token hash is revoked,
   * or when its revocation may have been missed (the LISTEN connection was
   * lost): what it holds open then ends, and the client that comes back has
   * its session read again. Returns the way to stop.
   */
  watch(tokenHash: string, onRevoked: () => void): () => void;
  close(): Promise<void>;
}
