// Who is calling: the bearer token resolved to a live session. Handlers of
// user calls take `requireUser`, of admin calls `requireAdmin`.
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { AppContext } from '../context.ts';
import { resolveSession } from '../modules/accounts/sessions.ts';
import { AppError } from './errors.ts';

export interface Actor {
  kind: 'user' | 'admin';
  id: string;
  token: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    actor?: Actor;
  }
}

export const AUTH_MESSAGES = {
  missing: 'Please login to continue',
  invalid: 'Your session has expired. Please login again',
  forbidden: 'You are not allowed to do this',
} as const;

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

function requireSession(ctx: AppContext, kind: Actor['kind'] | 'any'): preHandlerAsyncHookHandler {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const token = bearerToken(request);
    if (!token) throw new AppError(401, AUTH_MESSAGES.missing);
    const session = await resolveSession(ctx.db, token);
    if (!session) throw new AppError(401, AUTH_MESSAGES.invalid);
    if (kind !== 'any' && session.subjectKind !== kind)
      throw new AppError(403, AUTH_MESSAGES.forbidden);
    request.actor = { kind: session.subjectKind, id: session.subjectId, token };
  };
}

export const requireUser = (ctx: AppContext) => requireSession(ctx, 'user');
export const requireAdmin = (ctx: AppContext) => requireSession(ctx, 'admin');
/** For calls both users and admins make about their own things (transaction status). */
export const requireActor = (ctx: AppContext) => requireSession(ctx, 'any');

/** The actor a guarded handler runs for; throws if the route forgot its guard. */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw new Error('route is missing requireUser/requireAdmin');
  return request.actor;
}
