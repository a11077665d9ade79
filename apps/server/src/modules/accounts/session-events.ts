// Tells the parts of this process that hold something open for a session
// (status streams) when that session is revoked anywhere: logout, password
// reset, a ban, in any process sharing the database.
import type { Database } from '../../db/database.ts';
import type { SessionEvents } from '../../http/sessions.ts';
import { SESSION_REVOKED_CHANNEL } from './session-repository.ts';

export async function startSessionEvents(db: Database): Promise<SessionEvents> {
  const watchers = new Map<string, Set<() => void>>();
  let listening = true;
  const fire = (set: Iterable<() => void>) => {
    for (const onRevoked of set) {
      try {
        onRevoked();
      } catch {
        // One stream that failed to end does not keep the others of the session open.
      }
    }
  };
  const unlisten = await db.listen(
    SESSION_REVOKED_CHANNEL,
    (tokenHash) => {
      const set = watchers.get(tokenHash);
      if (!set) return;
      watchers.delete(tokenHash);
      fire(set);
    },
    {
      onLost: () => {
        listening = false;
        const all = [...watchers.values()].flatMap((set) => [...set]);
        watchers.clear();
        fire(all);
      },
      onListening: () => {
        listening = true;
      },
    },
  );
  return {
    get listening() {
      return listening;
    },
    watch(tokenHash, onRevoked) {
      const set = watchers.get(tokenHash) ?? new Set();
      set.add(onRevoked);
      watchers.set(tokenHash, set);
      return () => {
        set.delete(onRevoked);
        if (set.size === 0 && watchers.get(tokenHash) === set) watchers.delete(tokenHash);
      };
    },
    close: unlisten,
  };
}
