// Ends a session that a call or the status stream found over
// (lib/session-end.ts): one message, then the login page with ?next= where
// the person was, then the session forgotten and its status stream closed.
// The login page opens before the session is forgotten: forgetting it first
// would let the page's own "no session" redirect race this one and drop the
// next. The login page lets the session stay for that moment (arrival state).
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate, type Location } from 'react-router';
import { adminLoginPathTo, clearAdminSession, clearSession, loginPath } from '@/features/accounts';
import { closeAllStreams } from '@/features/custody';
import { onSessionEnd, SESSION_END_TOAST_ID } from '@/lib/session-end';
import { isRecord } from '@/lib/storage';
import { toast } from '@/lib/toast';

const ARRIVAL_STATE = { sessionEnded: true } as const;

/** Whether this page was opened because the session ended (its session is being forgotten). */
export function isSessionEndArrival(state: unknown): boolean {
  return isRecord(state) && state.sessionEnded === true;
}

export function SessionEndListener() {
  const navigate = useNavigate();
  const location = useLocation();
  const here = useRef<Location>(location);
  useEffect(() => {
    here.current = location;
  }, [location]);

  useEffect(
    () =>
      onSessionEnd(async ({ actor, message }) => {
        toast.error(message, { id: SESSION_END_TOAST_ID });
        const { pathname, search, hash } = here.current;
        const next = `${pathname}${search}${hash}`;
        try {
          // Replace: Back should not return to a page that only looked signed in.
          await navigate(actor === 'admin' ? adminLoginPathTo(next) : loginPath(next), {
            replace: true,
            flushSync: true,
            state: ARRIVAL_STATE,
          });
        } finally {
          if (actor === 'admin') {
            clearAdminSession();
          } else {
            clearSession();
            closeAllStreams();
          }
        }
      }),
    [navigate],
  );

  return null;
}
