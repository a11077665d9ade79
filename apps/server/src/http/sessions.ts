// What the HTTP layer knows of sessions: the caller's live session as one
// read finds it, word of revocations, and the steps of a sign-in that the
// security module adds (a second factor, a new browser's mail). The accounts module owns sessions
// (modules/accounts/sessions.ts, session-events.ts); the composition root
// hands them to the guards and routes through AppContext, so this layer
// never imports a module.

import type { PasskeyOptions, SecondFactorProof, WebauthnAssertion } from '@gets/schema';

export type SubjectKind = 'user' | 'admin';

/** Where a sign-in request came from (the web app sends its browser id as X-Device-Id). */
export interface SignInMeta {
  userAgent: string | undefined;
  ip: string;
  /** The web app's random id of this browser (X-Device-Id), when it sends one. */
  deviceId: string | undefined;
}

export interface OpenedSession {
  token: string;
  expiresAt: Date;
  sessionId: string;
}

/**
 * What a sign-in needs beyond the password (the security module's, composed
 * at the root into AppContext.signIn): the accounts module signs people in
 * through these, so it never imports security, which builds on accounts.
 */
export interface SignInSteps {
  /** After the password checked out: nothing for a person without a factor, else one of `proof` or 401. */
  requireLoginFactor(
    subject: { kind: SubjectKind; id: string },
    proof: SecondFactorProof,
  ): Promise<void>;
  /** A challenge any of the platform's passkeys may answer ("Sign in with a passkey"). */
  passkeyLoginOptions(): Promise<PasskeyOptions>;
  /** The user a discoverable passkey's assertion signs in; 401 for anything else. */
  passkeyLoginSubject(assertion: WebauthnAssertion): Promise<{ kind: SubjectKind; id: string }>;
  /** The session of a proven sign-in (refused while "This wasn't me" asks for a new password), announced by mail when the browser is new. */
  openSession(
    subject: { kind: SubjectKind; id: string },
    meta: SignInMeta,
    how: 'password' | 'passkey',
  ): Promise<OpenedSession>;
  /** Records the browser of a sign-in made elsewhere (a registration), mailing the person when it is new. */
  announceSignIn(subject: { kind: SubjectKind; id: string }, meta: SignInMeta): Promise<void>;
}

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
