// SQL of what a status stream sends before its live changes: the caller's
// transactions a page may still be waiting on, and those changed since the
// last event the client saw.
import type { Queryable } from '../../db/database.ts';
import type { OwnerKind } from '../../keys/owner-kind.ts';
import {
  toTransaction,
  TRANSACTION_COLUMNS,
  type ChainTransaction,
  type TransactionRow,
} from './chain-transaction.ts';

export const SNAPSHOT_LIMITS = {
  /** Unfinished transactions sent, newest change first. */
  unfinished: 100,
  /** Transactions that ended within `recentMs`, newest change first. */
  recent: 100,
  recentMs: 15 * 60_000,
  /**
   * The owner's latest changes looked at for the recent ones and the replay:
   * also the most a replay sends, so a client away for long is sent a bounded
   * catch-up (its unfinished ones always come in the snapshot).
   */
  latest: 500,
} as const;

/**
 * The owner's unfinished transactions, those that ended recently, and, when
 * `after` is given, those whose status_seq is above it: each once, in
 * status_seq order. Every part is read from an index of the owner's rows
 * and stops at its limit, however long the owner's history.
 */
export async function findStatusSnapshot(
  db: Queryable,
  owner: { kind: OwnerKind; id: string },
  after: bigint | null,
): Promise<ChainTransaction[]> {
  const rows = await db.query<TransactionRow>(
    `WITH latest AS (
       SELECT id, status, status_seq, completed_at FROM chain_transactions
        WHERE owner_kind = $1 AND owner_id = $2
        ORDER BY status_seq DESC LIMIT $3)
     SELECT ${TRANSACTION_COLUMNS} FROM chain_transactions WHERE id IN (
       SELECT id FROM latest WHERE status_seq > $4::bigint
       UNION ALL
       (SELECT id FROM latest
         WHERE status IN ('COMPLETED', 'FAILED')
           AND completed_at > now() - make_interval(secs => $5::float8 / 1000)
         ORDER BY status_seq DESC LIMIT $6)
       UNION ALL
       (SELECT id FROM chain_transactions
         WHERE owner_kind = $1 AND owner_id = $2 AND status IN ('QUEUED', 'SENT')
         ORDER BY status_seq DESC LIMIT $7))
     -- The column, not its text in the output: '10' sorts before '9'.
     ORDER BY chain_transactions.status_seq`,
    [
      owner.kind,
      owner.id,
      SNAPSHOT_LIMITS.latest,
      after?.toString() ?? null,
      SNAPSHOT_LIMITS.recentMs,
      SNAPSHOT_LIMITS.recent,
      SNAPSHOT_LIMITS.unfinished,
    ],
  );
  return rows.map(toTransaction);
}
