// SQL of the approval period: pending badges whose deadline passed, and the
// removal queued for each (the worker's job, jobs.ts).
import type { Queryable } from '../../db/database.ts';

/** Pending badges whose approval deadline passed (chain time) and not yet queued for removal. */
export async function findDueForRemoval(
  db: Queryable,
  chainNow: Date,
  limit: number,
): Promise<{ id: string; onChainId: string }[]> {
  const rows = await db.query<{ id: string; on_chain_id: string }>(
    `SELECT id, on_chain_id::text FROM badges
      WHERE status = 'UNDER_VERIFICATION' AND removal_transaction_id IS NULL
        AND approval_deadline < $1
      ORDER BY approval_deadline LIMIT $2`,
    [chainNow, limit],
  );
  return rows.map((r) => ({ id: r.id, onChainId: r.on_chain_id }));
}

export async function setRemovalQueued(
  db: Queryable,
  id: string,
  transactionId: string,
): Promise<void> {
  await db.query(
    `UPDATE badges SET removal_transaction_id = $2, updated_at = now()
      WHERE id = $1 AND removal_transaction_id IS NULL`,
    [id, transactionId],
  );
}
