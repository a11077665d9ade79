// Ends a session that a call or the status stream found over
// (lib/session-end.ts): one message, then the login page with ?next= where
// the person was, then the session forgotten.
// The login page opens before the session is forgotten: forgetting it first
// would let the page's own "no session" redirect race this one and drop the
// next. The login page lets the session stay for that moment (arrival state),
// and the session is forgotten as soon as that page is on screen.
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate, type Location } from 'react-router';
import { adminLoginPathTo, clearAdminSession, clearSession, loginPath } from '@/features/accounts';
import { onSessionEnd, SESSION_END_TOAST_ID, type SessionActor } from '@/lib/session-end';
import { isRecord } from '@/lib/storage';
import { toast } from '@/lib/toast';

const ARRIVAL_STATE = { sessionEnded: true } as const;

/** Whether this page was opened because the session ended (its session is being forgotten). */
export function isSessionEndArrival(state: unknown): boolean {
  return isRecord(state) && state.sessionEnded === true;
}

interface PendingEnd {
  actor: SessionActor;
  /** The login page's navigation has settled (landed, or been overtaken by the person's). */
  navigated: boolean;
  done: () => void;
}

function forget(actor: SessionActor): void {
  if (actor === 'admin') {
    clearAdminSession();
  } else {
    // Its status stream closes by itself (features/custody's transaction-stream
    // hears the end): importing it here would put the schemas in the first load.
    clearSession();
  }
}

export function SessionEndListener() {
  const navigate = useNavigate();
  const location = useLocation();
  const here = useRef<Location>(location);
  const pending = useRef<PendingEnd | null>(null);

  useEffect(() => {
    here.current = location;
    const end = pending.current;
    // Forgotten once the login page is on screen, not when the router has
    // merely moved: the old page, still rendered, would redirect on its own.
    if (end && (isSessionEndArrival(location.state) || end.navigated)) {
      pending.current = null;
      forget(end.actor);
      end.done();
    }
  }, [location]);

  useEffect(
    () =>
      onSessionEnd(
        ({ actor, message }) =>
          new Promise<void>((done) => {
            toast.error(message, { id: SESSION_END_TOAST_ID });
            const { pathname, search, hash } = here.current;
            const next = `${pathname}${search}${hash}`;
            const end: PendingEnd = { actor, navigated: false, done };
            pending.current = end;
            // Replace: Back should not return to a page that only looked signed in.
            // A data router's navigate returns a promise; its type allows none.
            Promise.resolve(
              navigate(actor === 'admin' ? adminLoginPathTo(next) : loginPath(next), {
                replace: true,
                flushSync: true,
                state: ARRIVAL_STATE,
              }),
            ).then(
              () => {
                end.navigated = true;
              },
              () => {
                // No login page to wait for: forget the session now.
                if (pending.current === end) pending.current = null;
                forget(actor);
                done();
              },
            );
          }),
      ),
    [navigate],
  );

  // Leaving with an end under way (the app closing, a test ending): forget now.
  useEffect(
    () => () => {
      const end = pending.current;
      if (!end) return;
      pending.current = null;
      forget(end.actor);
      end.done();
    },
    [],
  );

  return null;
}
