// Pushes each transaction status change to whoever watches its owner: the
// pipeline announces changes with NOTIFY (from any process on the database),
// this feed looks up the transactions of owners watched here and hands each
// to its owner's listeners.
import type { Database } from '../../db/database.ts';
import {
  findTransactions,
  parseStatusNotice,
  STATUS_CHANNEL,
  type ChainTransaction,
} from './transaction-repository.ts';

export type StatusListener = (transaction: ChainTransaction) => void;

export interface StatusFeed {
  subscribe(owner: { kind: string; id: string }, listener: StatusListener): () => void;
  close(): Promise<void>;
}

/** After a failed lookup, the next one waits this long. */
export const LOOKUP_RETRY_MS = 1000;

const keyOf = (kind: string, id: string) => `${kind}:${id}`;

export async function startStatusFeed(db: Database): Promise<StatusFeed> {
  const listeners = new Map<string, Set<StatusListener>>();
  // Notices that arrive while a lookup runs wait for the next one, so there
  // is at most one lookup at a time, however fast the pipeline settles (one
  // settled batch announces all its rows at once), and each reads the rows
  // after the one before: a listener never sees a status older than the last.
  let waiting = new Set<string>();
  let lookingUp = false;
  let closed = false;
  const lookUp = () => {
    if (lookingUp || waiting.size === 0) return;
    lookingUp = true;
    const ids = [...waiting];
    waiting = new Set();
    findTransactions(db, ids)
      .then(
        (transactions) => {
          for (const transaction of transactions) {
            const watchers = listeners.get(keyOf(transaction.ownerKind, transaction.ownerId));
            for (const listener of watchers ?? []) listener(transaction);
          }
        },
        // The database is away: the same ids again a little later, since a
        // connected page waits for its push and does not poll.
        () => {
          for (const id of ids) waiting.add(id);
          return new Promise((resolve) => setTimeout(resolve, LOOKUP_RETRY_MS).unref());
        },
      )
      .finally(() => {
        lookingUp = false;
        if (!closed) lookUp();
      });
  };
  const unlisten = await db.listen(STATUS_CHANNEL, (payload) => {
    const notice = parseStatusNotice(payload);
    // Nobody here watches this owner: nothing to read.
    if (!notice || !listeners.has(keyOf(notice.ownerKind, notice.ownerId))) return;
    // One lookup is scheduled per burst: the rest of a batch's notices arrive
    // in the same turn of the event loop, and what arrives during a lookup is
    // taken by the lookUp that follows it.
    const scheduled = waiting.size > 0 || lookingUp;
    waiting.add(notice.transactionId);
    if (!scheduled) setImmediate(lookUp);
  });
  return {
    subscribe(owner, listener) {
      const key = keyOf(owner.kind, owner.id);
      const set = listeners.get(key) ?? new Set();
      set.add(listener);
      listeners.set(key, set);
      return () => {
        set.delete(listener);
        if (set.size === 0) listeners.delete(key);
      };
    },
    close: async () => {
      closed = true;
      await unlisten();
    },
  };
}
