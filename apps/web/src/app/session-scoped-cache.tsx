// What the server said to one session is not shown to the next: when the
// signed-in user or admin changes (logout, a session that ended, another
// person signing in in the same tab), every cached answer is reset, so a
// query keyed without a user id (['badges','mine'], say) reads again for the
// new session instead of showing the previous person's data.
import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useAdminSession, useSession } from '@/features/accounts';

/**
 * Rendered after the screens: effects run in order, so the screens' queries
 * have taken the new session's options (a signed-out screen's turned off)
 * before the reset reads again what is on show.
 */
export function SessionScopedCache() {
  const queryClient = useQueryClient();
  const sessions = `${useSession()?.token ?? ''} ${useAdminSession()?.token ?? ''}`;
  const seen = useRef(sessions);
  useEffect(() => {
    if (seen.current === sessions) return;
    seen.current = sessions;
    // Reset rather than clear: the screens on show read again at once, as
    // the new session (a query a signed-out screen turns off stays unread).
    void queryClient.resetQueries();
  }, [queryClient, sessions]);
  return null;
}
