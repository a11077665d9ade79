// Pushes each transaction status change to whoever watches its owner: the
// pipeline announces changes with NOTIFY (from any process on the database),
// this feed looks up the transactions of owners watched here and hands each
// to its owner's listeners.
import type { Database } from '../../db/database.ts';
import { parseStatusNotice, STATUS_CHANNEL, type ChainTransaction } from './chain-transaction.ts';
import { findTransactions } from './transaction-repository.ts';

export type StatusListener = (transaction: ChainTransaction) => void;

export interface StatusFeedLog {
  warn(obj: object, message: string): void;
  error(obj: object, message: string): void;
  info(obj: object, message: string): void;
}

export interface StatusFeed {
  /**
   * False while the LISTEN connection is lost: changes made meanwhile reach
   * no listener, so a stream open then would wait for pushes that never come.
   */
  readonly listening: boolean;
  subscribe(owner: { kind: string; id: string }, listener: StatusListener): () => void;
  /**
   * Calls `onNotice` on every status change announced, whoever owns it (the
   * worker wakes its relay on a newly queued transaction); returns the way to stop.
   */
  watchNotices(onNotice: () => void): () => void;
  /** Calls `onLost` each time the LISTEN connection is lost; returns the way to stop. */
  watchLost(onLost: () => void): () => void;
  close(): Promise<void>;
}

/** After a failed lookup, the next one waits this long. */
export const LOOKUP_RETRY_MS = 1000;

const keyOf = (kind: string, id: string) => `${kind}:${id}`;

const silentLog: StatusFeedLog = {
  warn: () => undefined,
  error: () => undefined,
  info: () => undefined,
};

export async function startStatusFeed(
  db: Database,
  options: { log?: StatusFeedLog } = {},
): Promise<StatusFeed> {
  const log = options.log ?? silentLog;
  const listeners = new Map<string, Set<StatusListener>>();
  const lostWatchers = new Set<() => void>();
  const noticeWatchers = new Set<() => void>();
  let listening = true;
  // Notices that arrive while a lookup runs wait for the next one, so there
  // is at most one lookup at a time, however fast the pipeline settles (one
  // settled batch announces all its rows at once), and each reads the rows
  // after the one before: a listener never sees a status older than the last.
  let waiting = new Set<string>();
  let lookingUp = false;
  let closed = false;
  const deliver = (transaction: ChainTransaction) => {
    const watchers = listeners.get(keyOf(transaction.ownerKind, transaction.ownerId));
    for (const listener of watchers ?? []) {
      // One listener's failure (a stream that broke mid-write) is its own:
      // the other streams of the owner, and the rest of the batch, still get theirs.
      try {
        listener(transaction);
      } catch (error) {
        log.error({ err: error, transactionId: transaction.id }, 'a status listener failed');
      }
    }
  };
  const lookUp = () => {
    if (lookingUp || waiting.size === 0) return;
    lookingUp = true;
    const ids = [...waiting];
    waiting = new Set();
    findTransactions(db, ids)
      .then(
        (transactions) => {
          for (const transaction of transactions) deliver(transaction);
        },
        // The database is away: the same ids again a little later. Every id
        // was checked to be a uuid, so it is the database, not the ids.
        (error: unknown) => {
          log.warn({ err: error, count: ids.length }, 'status lookup failed; trying again');
          for (const id of ids) waiting.add(id);
          return new Promise((resolve) => setTimeout(resolve, LOOKUP_RETRY_MS).unref());
        },
      )
      .finally(() => {
        lookingUp = false;
        if (!closed) lookUp();
      });
  };
  const unlisten = await db.listen(
    STATUS_CHANNEL,
    (payload) => {
      const notice = parseStatusNotice(payload);
      if (!notice) {
        log.warn({ payload: payload.slice(0, 200) }, 'dropped an unreadable status notice');
        return;
      }
      for (const onNotice of [...noticeWatchers]) {
        try {
          onNotice();
        } catch (failure) {
          log.error({ err: failure }, 'a status notice watcher failed');
        }
      }
      // Nobody here watches this owner: nothing to read.
      if (!listeners.has(keyOf(notice.ownerKind, notice.ownerId))) return;
      // One lookup is scheduled per burst: the rest of a batch's notices arrive
      // in the same turn of the event loop, and what arrives during a lookup is
      // taken by the lookUp that follows it.
      const scheduled = waiting.size > 0 || lookingUp;
      waiting.add(notice.transactionId);
      if (!scheduled) setImmediate(lookUp);
    },
    {
      onLost: (error) => {
        listening = false;
        log.warn({ err: error }, 'status feed lost its LISTEN connection; ending open streams');
        for (const onLost of [...lostWatchers]) {
          try {
            onLost();
          } catch (failure) {
            log.error({ err: failure }, 'a status feed loss watcher failed');
          }
        }
      },
      onListening: () => {
        listening = true;
        log.info({}, 'status feed listens again');
      },
    },
  );
  return {
    get listening() {
      return listening && !closed;
    },
    subscribe(owner, listener) {
      const key = keyOf(owner.kind, owner.id);
      const set = listeners.get(key) ?? new Set();
      set.add(listener);
      listeners.set(key, set);
      return () => {
        set.delete(listener);
        if (set.size === 0 && listeners.get(key) === set) listeners.delete(key);
      };
    },
    watchNotices(onNotice) {
      noticeWatchers.add(onNotice);
      return () => noticeWatchers.delete(onNotice);
    },
    watchLost(onLost) {
      lostWatchers.add(onLost);
      return () => lostWatchers.delete(onLost);
    },
    close: async () => {
      closed = true;
      await unlisten();
    },
  };
}
