// Who is calling: the bearer token resolved to a live session. Routes of user
// calls take `onRequest: requireUser(ctx)`, of admin calls `requireAdmin`:
// onRequest, so a caller without the right session is refused before the body
// is read or validated (a stranger learns nothing about a call's input).
import {
  API_KEY_PREFIX,
  INTEGRATION_MESSAGES,
  SECURITY_MESSAGES,
  SESSION_MESSAGES,
  type ApiKeyScope,
} from '@gets/schema';
import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { AppError } from './errors.ts';
import type { SessionLookup, SessionRow } from './sessions.ts';

/** What a guard needs: the sessions (the accounts module's, given through AppContext). */
interface GuardDeps {
  sessions: SessionLookup;
}

export interface Actor {
  kind: 'user' | 'admin';
  id: string;
  /** As of the session's check at the start of this request. */
  email: string;
  /** The caller's custodial wallet (null until it exists). */
  account: `0x${string}` | null;
  token: string;
  /** The session's public id: "this device" in the list of the person's sessions. */
  sessionId: string;
  /** When the session ends on its own (it may be revoked before). */
  expiresAt: Date;
  /** The sponsor's API key the call was made with (none: a signed-in session). */
  apiKeyId?: string;
}

const actorFrom = (session: SessionRow, token: string): Actor => ({
  kind: session.subjectKind,
  id: session.subjectId,
  email: session.email,
  account: session.account,
  token,
  sessionId: session.sessionId,
  expiresAt: session.expiresAt,
  ...(session.apiKey ? { apiKeyId: session.apiKey.id } : {}),
});

declare module 'fastify' {
  interface FastifyRequest {
    actor?: Actor;
  }
  interface FastifyContextConfig {
    /**
     * An admin without a second factor may still make this call (the
     * security calls that enrol one, and signing out); every other admin
     * write is refused until one is enrolled.
     */
    factorNotRequired?: boolean;
    /**
     * A sponsor's API key may make this call when it holds this scope;
     * 'consented' for what follows any consent (the status of the sponsor's
     * own transactions). Unset: keys are refused (403), sessions only.
     */
    apiKeyScope?: ApiKeyScope | 'consented';
  }
}

export const AUTH_MESSAGES = {
  missing: 'Please login to continue',
  invalid: 'Your session has expired. Please login again',
  forbidden: 'You are not allowed to do this',
  notApprovedSponsor: 'Only approved sponsors can do this',
  banned: SESSION_MESSAGES.banned,
  removed: 'This admin account has been removed',
  earnersOnly: 'Only earners can do this',
} as const;

/** The token of `Authorization: Bearer <token>`, if the request carries one. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

/**
 * `admit` refuses a session this call is not for (throws), from what the one
 * session read already holds: no second read per request.
 */
function requireSession(
  ctx: GuardDeps,
  kind: Actor['kind'] | 'any' | 'sponsor',
  admit?: (session: SessionRow) => void,
): onRequestAsyncHookHandler {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const token = bearerToken(request);
    if (!token) throw new AppError(401, AUTH_MESSAGES.missing);
    const session = await ctx.sessions.resolve(token);
    if (!session) {
      throw new AppError(
        401,
        token.startsWith(API_KEY_PREFIX) ? INTEGRATION_MESSAGES.keyInvalid : AUTH_MESSAGES.invalid,
      );
    }
    // A ban or a removal also revokes the sessions; this holds for any that
    // live on (and between the two statements of a ban).
    if (session.blocked) throw new AppError(403, AUTH_MESSAGES[session.blocked]);
    if (session.apiKey) {
      const missing = missingScope(request, session.apiKey);
      if (missing) throw missing;
    }
    if (
      session.needsFactor &&
      request.method !== 'GET' &&
      request.method !== 'HEAD' &&
      !request.routeOptions.config.factorNotRequired
    ) {
      throw new AppError(403, SECURITY_MESSAGES.adminFactorRequired, { factorRequired: true });
    }
    if (
      kind === 'sponsor'
        ? session.userType !== 'SPONSOR'
        : kind !== 'any' && session.subjectKind !== kind
    )
      throw new AppError(403, AUTH_MESSAGES.forbidden);
    admit?.(session);
    request.actor = actorFrom(session, token);
  };
}

/** Why this key may not make this call (403, naming the scope it lacks), or null. */
function missingScope(request: FastifyRequest, key: NonNullable<SessionRow['apiKey']>) {
  const scope = request.routeOptions.config.apiKeyScope;
  if (!scope) return new AppError(403, INTEGRATION_MESSAGES.keyNotAllowed);
  if (scope === 'consented' || key.scopes.includes(scope)) return null;
  return new AppError(403, INTEGRATION_MESSAGES.missingScope(scope), { missingScope: scope });
}

export const requireUser = (ctx: GuardDeps) => requireSession(ctx, 'user');
export const requireAdmin = (ctx: GuardDeps) => requireSession(ctx, 'admin');
/** A signed-in sponsor, approved or not (their own on-chain registration). */
export const requireSponsor = (ctx: GuardDeps) => requireSession(ctx, 'sponsor');
/** For calls both users and admins make about their own things (transaction status). */
export const requireActor = (ctx: GuardDeps) => requireSession(ctx, 'any');

/**
 * For sponsor calls (badges): a signed-in SPONSOR whose profile an admin
 * APPROVED; anyone else signed in is refused with 403.
 */
export const requireApprovedSponsor = (ctx: GuardDeps): onRequestAsyncHookHandler =>
  requireSession(ctx, 'user', (session) => {
    if (session.userType !== 'SPONSOR' || session.userStatus !== 'APPROVED') {
      throw new AppError(403, AUTH_MESSAGES.notApprovedSponsor);
    }
  });

/** For earner calls (apply, claim): a signed-in EARNER; sponsors and admins are refused with 403. */
export const requireEarner = (ctx: GuardDeps): onRequestAsyncHookHandler =>
  requireSession(ctx, 'user', (session) => {
    if (session.userType !== 'EARNER') throw new AppError(403, AUTH_MESSAGES.earnersOnly);
  });

/**
 * For public calls that answer more to some callers (a sponsor sees their own
 * private badge): the actor when a live session is presented, else a visitor.
 * A stale token is read as no token, never refused; so is the session of a
 * banned user or a removed admin, which identifies nobody (an admin being
 * removed must not go on seeing what only admins see).
 */
export const identifyActor = (ctx: GuardDeps): onRequestAsyncHookHandler => {
  return async (request: FastifyRequest) => {
    const token = bearerToken(request);
    if (!token) return;
    const session = await ctx.sessions.resolve(token);
    if (!session || session.blocked) return;
    // A key identifies its sponsor only where it may call; elsewhere it is a visitor's.
    if (session.apiKey && missingScope(request, session.apiKey)) return;
    request.actor = actorFrom(session, token);
  };
};

/** The actor a guarded handler runs for; throws if the route forgot its guard. */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw new Error('route is missing requireUser/requireAdmin');
  return request.actor;
}
