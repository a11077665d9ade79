// The sessions a person sees and ends (each of their signed-in browsers), and
// "This wasn't me": the link of a new-sign-in mail, which ends every session
// of the person and asks for a new password before the next sign-in.
import { SECURITY_MESSAGES, type SessionView } from '@gets/schema';
import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/database.ts';
import type { Actor } from '../../http/auth.ts';
import { AppError } from '../../http/errors.ts';
import { ipNetwork } from '../../http/ip-network.ts';
import { recordSecurityEvent } from '../accounts/security-event-repository.ts';
import { revokePersonSessions, revokeSubjectSessions } from '../accounts/session-repository.ts';
import {
  findPasswordResetRequired,
  findPersonUserId,
  listLiveSessions,
  requireAdminPasswordReset,
  requireUserPasswordReset,
  revokeOtherSubjectSessions,
  revokeSubjectSessionById,
  useNotMeToken,
  type Subject,
} from './session-repository.ts';
import { hashNotMeToken } from './sign-in-alerts.ts';
import { describeUserAgent } from '../accounts/sign-in-device.ts';

type Deps = Pick<AppContext, 'db'>;

const subjectOf = (actor: Actor): Subject => ({ kind: actor.kind, id: actor.id });

/** GET /security/sessions: the caller's live sessions, last used first; theirs marked `current`. */
export async function listSessions(deps: Deps, actor: Actor): Promise<SessionView[]> {
  const sessions = await listLiveSessions(deps.db, subjectOf(actor));
  return sessions.map((session) => ({
    id: session.sessionId,
    ...describeUserAgent(session.userAgent),
    // Sessions from before networks were kept show as unknown.
    network: session.ipNetwork ?? 'unknown',
    signedInAt: session.createdAt.toISOString(),
    lastActiveAt: session.lastActiveAt.toISOString(),
    current: session.sessionId === actor.sessionId,
  }));
}

/**
 * DELETE /security/sessions/{id}: ends one of the caller's sessions (their
 * own current one too: that is a sign-out). Another person's id is answered
 * as an unknown one, so ids cannot be probed.
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function endSession(deps: Deps, actor: Actor, sessionId: string): Promise<void> {
  const ended = UUID.test(sessionId)
    ? await revokeSubjectSessionById(deps.db, subjectOf(actor), sessionId)
    : false;
  if (!ended) {
    throw new AppError(404, SECURITY_MESSAGES.sessionNotFound);
  }
}

/** POST /security/sessions/sign-out-others: every session of the caller but this one. */
export async function endOtherSessions(deps: Deps, actor: Actor): Promise<void> {
  await revokeOtherSubjectSessions(deps.db, subjectOf(actor), actor.sessionId);
}

/**
 * POST /security/not-me: uses the mailed token up, ends every session of the
 * person (as a user and as the admin who is the same person) and makes their
 * next sign-in wait for a new password set by email.
 */
export async function notMe(deps: Deps, token: string, ip: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const subject = await useNotMeToken(tx, hashNotMeToken(token));
    if (!subject) throw new AppError(400, SECURITY_MESSAGES.notMeInvalid);
    await recordSecurityEvent(tx, subject, 'sessions.not-me', {}, ipNetwork(ip));
    const userId = await findPersonUserId(tx, subject);
    if (userId) {
      await revokePersonSessions(tx, userId);
      await requireUserPasswordReset(tx, userId);
    }
    if (subject.kind === 'admin') {
      await revokeSubjectSessions(tx, 'admin', subject.id);
      await requireAdminPasswordReset(tx, subject.id);
    }
  });
}

/**
 * Whether the subject's password must be reset (by email) before they sign
 * in: "This wasn't me" said someone else knows it. For the login services.
 */
export function passwordResetRequired(db: Queryable, subject: Subject): Promise<boolean> {
  return findPasswordResetRequired(db, subject);
}
