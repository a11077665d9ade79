// Pushes each transaction status change to whoever watches its owner: the
// pipeline announces changes with NOTIFY (from any process on the database),
// this feed looks the transaction up and hands it to the owner's listeners.
import type { Database } from '../../db/database.ts';
import {
  findTransaction,
  STATUS_CHANNEL,
  type ChainTransaction,
} from './transaction-repository.ts';

export type StatusListener = (transaction: ChainTransaction) => void;

export interface StatusFeed {
  subscribe(owner: { kind: string; id: string }, listener: StatusListener): () => void;
  close(): Promise<void>;
}

export async function startStatusFeed(db: Database): Promise<StatusFeed> {
  const listeners = new Map<string, Set<StatusListener>>();
  const keyOf = (kind: string, id: string) => `${kind}:${id}`;
  const unlisten = await db.listen(STATUS_CHANNEL, (transactionId) => {
    if (listeners.size === 0) return;
    findTransaction(db, transactionId).then(
      (transaction) => {
        if (!transaction) return;
        for (const listener of listeners.get(keyOf(transaction.ownerKind, transaction.ownerId)) ??
          []) {
          listener(transaction);
        }
      },
      () => undefined,
    );
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
    close: unlisten,
  };
}
