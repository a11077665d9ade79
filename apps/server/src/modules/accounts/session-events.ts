// Tells the parts of this process that hold something open for a session
// (status streams) when that session is revoked anywhere: logout, password
// reset, a ban, in any process sharing the database.
import type { Database } from '../../db/database.ts';
import { SESSION_REVOKED_CHANNEL } from './session-repository.ts';

export interface SessionEvents {
  /** Calls `onRevoked` once when the session with this token hash is revoked; returns the way to stop. */
  watch(tokenHash: string, onRevoked: () => void): () => void;
  close(): Promise<void>;
}

export async function startSessionEvents(db: Database): Promise<SessionEvents> {
  const watchers = new Map<string, Set<() => void>>();
  const unlisten = await db.listen(SESSION_REVOKED_CHANNEL, (tokenHash) => {
    const set = watchers.get(tokenHash);
    if (!set) return;
    watchers.delete(tokenHash);
    for (const onRevoked of set) onRevoked();
  });
  return {
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
