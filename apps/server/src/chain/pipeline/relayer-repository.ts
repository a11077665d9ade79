// SQL of the relayers' gas money: who is in the rotation, their last balance
// read, and the batches a relayer that could not pay never got into the node.
import type { Queryable } from '../../db/database.ts';
import { STATUS_CHANNEL, statusNotice } from './chain-transaction.ts';

export interface RelayerState {
  address: `0x${string}`;
  /** Last balance read, wei; null before the first read. */
  balanceWei: bigint | null;
  balanceReadAt: Date | null;
  /** Out of the rotation since (it could not pay for gas); null while in it. */
  unpaidSince: Date | null;
  unpaidReason: string | null;
  /** Its relay transactions sent and not mined yet. */
  pendingBatches: number;
}

/** The relayers of this chain among `addresses`, as every process reads them. */
export async function relayerStates(
  db: Queryable,
  chainId: number,
  addresses: string[],
): Promise<RelayerState[]> {
  const rows = await db.query<{
    address: `0x${string}`;
    balance_wei: string | null;
    balance_read_at: Date | string | null;
    unpaid_since: Date | string | null;
    unpaid_reason: string | null;
    pending_batches: number;
  }>(
    `SELECT r.address, r.balance_wei::text, r.balance_read_at, r.unpaid_since, r.unpaid_reason,
            (SELECT count(*) FROM relay_batches b
              WHERE b.relayer = r.address AND b.status = 'PENDING')::int AS pending_batches
       FROM relayers r
      WHERE r.chain_id = $1 AND r.address = ANY($2::text[])
      ORDER BY r.address`,
    [chainId, addresses],
  );
  return rows.map((row) => ({
    address: row.address,
    balanceWei: row.balance_wei === null ? null : BigInt(row.balance_wei),
    balanceReadAt: row.balance_read_at ? new Date(row.balance_read_at) : null,
    unpaidSince: row.unpaid_since ? new Date(row.unpaid_since) : null,
    unpaidReason: row.unpaid_reason,
    pendingBatches: Number(row.pending_batches),
  }));
}

/**
 * Takes the relayer out of the rotation (no new batch is signed with it),
 * remembering its balance then: it comes back once that grows.
 */
export async function markRelayerUnpaid(
  db: Queryable,
  address: string,
  state: { balanceWei: bigint | null; reason: string },
): Promise<boolean> {
  const rows = await db.query(
    `UPDATE relayers SET unpaid_since = now(), unpaid_reason = $2,
            unpaid_balance_wei = $3, balance_wei = COALESCE($3, balance_wei),
            balance_read_at = CASE WHEN $3::numeric IS NULL THEN balance_read_at ELSE now() END
      WHERE address = $1 AND unpaid_since IS NULL RETURNING 1`,
    [address, state.reason, state.balanceWei?.toString() ?? null],
  );
  return rows.length === 1;
}

/**
 * Records a balance read. A relayer out of the rotation comes back (answers
 * true then) once its balance grew past what it had when it left and covers
 * at least `enoughWei` (the smallest batch at today's fees).
 */
export async function recordRelayerBalance(
  db: Queryable,
  address: string,
  balanceWei: bigint,
  enoughWei: bigint,
): Promise<{ returned: boolean }> {
  const rows = await db.query<{ returned: boolean }>(
    `WITH old AS (SELECT unpaid_since AS before FROM relayers WHERE address = $1),
          topped AS (SELECT $2::numeric > COALESCE(r.unpaid_balance_wei, -1)
                            AND $2::numeric >= $3::numeric AS back
                       FROM relayers r WHERE r.address = $1)
     UPDATE relayers r SET balance_wei = $2, balance_read_at = now(),
            unpaid_since = CASE WHEN topped.back THEN NULL ELSE r.unpaid_since END,
            unpaid_reason = CASE WHEN topped.back THEN NULL ELSE r.unpaid_reason END
       FROM old, topped
      WHERE r.address = $1
      RETURNING old.before IS NOT NULL AND r.unpaid_since IS NULL AS returned`,
    [address, balanceWei.toString(), enoughWei.toString()],
  );
  return { returned: rows[0]?.returned === true };
}

/**
 * Gives back what a relayer that could not pay signed but the node never
 * took: from its highest nonce down, each PENDING batch no send of which was
 * accepted is ABANDONED, its requests go back to the queue (none of them can
 * have run: their forwarder nonces are unused) for another relayer, and the
 * relayer's next nonce is that batch's again, so no gap holds its later
 * transactions. A batch the node did take (it may be mined) stops the walk.
 * Answers the ids of the abandoned batches.
 */
export async function abandonUnacceptedBatches(tx: Queryable, relayer: string): Promise<string[]> {
  // The relayer's row lock: no relay loop hands out its nonces meanwhile.
  const [locked] = await tx.query<{ next_nonce: string }>(
    'SELECT next_nonce::text FROM relayers WHERE address = $1 FOR UPDATE',
    [relayer],
  );
  if (!locked) return [];
  let next = BigInt(locked.next_nonce);
  const abandoned: string[] = [];
  for (;;) {
    const [top] = await tx.query<{ id: string; nonce: string; accepted: boolean }>(
      `SELECT id, nonce::text, accepted FROM relay_batches
        WHERE relayer = $1 AND status = 'PENDING' ORDER BY nonce DESC LIMIT 1 FOR UPDATE`,
      [relayer],
    );
    if (!top || top.accepted || BigInt(top.nonce) !== next - 1n) break;
    await tx.query(`UPDATE relay_batches SET status = 'ABANDONED' WHERE id = $1`, [top.id]);
    await tx.query(
      `WITH requeued AS (
         UPDATE chain_transactions SET status = 'QUEUED', batch_id = NULL, forwarder_nonce = NULL,
                attempts = GREATEST(attempts - 1, 0), updated_at = now()
          WHERE batch_id = $1 AND status = 'SENT' RETURNING owner_kind, owner_id, id)
       SELECT pg_notify($2, ${statusNotice('requeued')}) FROM requeued`,
      [top.id, STATUS_CHANNEL],
    );
    next = BigInt(top.nonce);
    await tx.query('UPDATE relayers SET next_nonce = $2 WHERE address = $1', [
      relayer,
      next.toString(),
    ]);
    abandoned.push(top.id);
  }
  return abandoned;
}
