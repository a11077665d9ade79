// A session can end under the person (a password reset on another device, a
// ban, the session's lifetime): the next call made with its token is refused.
// api-client and the status stream report that here; the app's listener
// (app/layout/session-end-listener.tsx) forgets the session, says so once and
// opens the login page. It lives in lib so the callers that notice need not
// know the features that clear and navigate.
import { SESSION_MESSAGES, SESSION_STORAGE_KEYS } from '@gets/schema';
import { readStoredToken } from './storage';

export type SessionActor = 'user' | 'admin';

export interface SessionEnd {
  actor: SessionActor;
  /** What to tell the person: the generic "session ended", or the server's ban message. */
  message: string;
}

/** Resolves once the session is forgotten (the login page is open by then). */
type SessionEndListener = (end: SessionEnd) => Promise<void> | void;

/** The one toast of an ended session: several refused calls at once show it once. */
export const SESSION_END_TOAST_ID = 'session-ended';

/**
 * The calls of an ended session fail together (a page's queries, a chain
 * action's steps); each caller's own error toast would only repeat the one
 * message, so error toasts stay quiet this long after an end.
 */
export const SESSION_END_QUIET_MS = 1500;

const listeners = new Set<SessionEndListener>();
/** Tokens being wound up: the session is still stored until the login page shows. */
const ending = new Set<string>();
let quietUntil = 0;

/** Whether a refused call's answer says its session is over: 401, or 403 for a banned account. */
export function isSessionEndAnswer(status: number, message: string): boolean {
  return status === 401 || (status === 403 && message === SESSION_MESSAGES.banned);
}

function actorHolding(token: string): SessionActor | null {
  for (const actor of ['user', 'admin'] as const) {
    if (readStoredToken(SESSION_STORAGE_KEYS[actor]) === token) return actor;
  }
  return null;
}

/**
 * Ends the session whose `token` a call was refused with. Only once: a token
 * already being ended, no longer stored (already forgotten) or replaced by a
 * new sign-in since the call left ends nothing. Returns whether this call did.
 */
export function reportSessionEnd(
  token: string,
  { actor, message = SESSION_MESSAGES.ended }: { actor?: SessionActor; message?: string } = {},
): boolean {
  const holder = actorHolding(token);
  if (!holder || (actor && holder !== actor) || ending.has(token)) return false;
  ending.add(token);
  quietUntil = Date.now() + SESSION_END_QUIET_MS;
  const handled = [...listeners].map((listener) => listener({ actor: holder, message }));
  void Promise.allSettled(handled).then(() => ending.delete(token));
  return true;
}

/** Whether a session ended a moment ago (error toasts then stay quiet). */
export function isQuietAfterSessionEnd(): boolean {
  return Date.now() < quietUntil;
}

export function onSessionEnd(listener: SessionEndListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
