// SQL of the relayers and their relay batches: nonces taken, attempts
// signed, what the node said to each send, and batches settled or lost.
import type { Queryable } from '../../db/database.ts';

export interface Attempt {
  hash: `0x${string}`;
  raw: `0x${string}`;
  maxFeePerGas: string;
  maxPriorityFeePerGas: string;
  sentAt: string;
  /**
   * 'cancel': an empty transaction to the relayer itself with the batch's
   * nonce, sent when the node kept refusing the batch; if it is the one mined,
   * none of the batch's requests ran.
   */
  kind?: 'cancel';
}

export interface RelayBatch {
  id: string;
  relayer: `0x${string}`;
  nonce: bigint;
  attempts: Attempt[];
  lastSentAt: Date | null;
  ageMs: number;
  /** How many sends in a row the node refused, and its last words. */
  sendRejections: number;
  sendError: string | null;
  /**
   * Set on a settled batch the node lost (lost-batches.ts): its place in the
   * replay, lower first. Null for every other batch.
   */
  replayOrder: bigint | null;
}

export async function ensureRelayer(
  db: Queryable,
  address: string,
  chainId: number,
  chainNonce: number,
) {
  // The database may be ahead of the chain (batches not mined yet): keep the larger.
  await db.query(
    `INSERT INTO relayers (address, chain_id, next_nonce) VALUES ($1, $2, $3)
     ON CONFLICT (address) DO UPDATE SET next_nonce = GREATEST(relayers.next_nonce, EXCLUDED.next_nonce)`,
    [address, chainId, chainNonce],
  );
}

export interface IdleRelayer {
  address: `0x${string}`;
  /** The most its pending batches may still cost it (gas limit × latest max fee each), wei. */
  pendingCostWei: bigint;
}

/**
 * Locks one relayer in the rotation (not out of gas money) with room for
 * another batch in flight; null when all are busy, locked or out.
 */
export async function lockIdleRelayer(
  db: Queryable,
  chainId: number,
  addresses: string[],
  maxInFlight: number,
): Promise<IdleRelayer | null> {
  const rows = await db.query<{ address: `0x${string}`; pending_cost: string }>(
    `SELECT r.address,
            (SELECT COALESCE(sum(b.gas_limit * (b.attempts -> -1 ->> 'maxFeePerGas')::numeric), 0)
               FROM relay_batches b
              WHERE b.relayer = r.address AND b.status = 'PENDING')::text AS pending_cost
       FROM relayers r
      WHERE r.chain_id = $1 AND r.address = ANY($2::text[]) AND r.unpaid_since IS NULL
        AND (SELECT count(*) FROM relay_batches b WHERE b.relayer = r.address AND b.status = 'PENDING') < $3
      ORDER BY random()
      LIMIT 1
      FOR UPDATE SKIP LOCKED`,
    [chainId, addresses, maxInFlight],
  );
  const row = rows[0];
  return row ? { address: row.address, pendingCostWei: BigInt(row.pending_cost) } : null;
}

export async function takeNonce(db: Queryable, relayer: string): Promise<bigint> {
  const rows = await db.query<{ nonce: string }>(
    'UPDATE relayers SET next_nonce = next_nonce + 1 WHERE address = $1 RETURNING (next_nonce - 1)::text AS nonce',
    [relayer],
  );
  return BigInt(rows[0]!.nonce);
}

export async function insertBatch(
  db: Queryable,
  batch: {
    id: string;
    chainId: number;
    relayer: string;
    nonce: bigint;
    attempt: Attempt;
    /** hostname:pid of the worker process that signed it. */
    sender: string;
    /** The relay transaction's gas limit: with the max fee, the most it can cost the relayer. */
    gasLimit?: bigint;
  },
): Promise<void> {
  await db.query(
    `INSERT INTO relay_batches
       (id, chain_id, relayer, nonce, status, attempts, last_sent_at, sender, gas_limit)
     VALUES ($1, $2, $3, $4, 'PENDING', $5, now(), $6, $7)`,
    [
      batch.id,
      batch.chainId,
      batch.relayer,
      batch.nonce.toString(),
      JSON.stringify([batch.attempt]),
      batch.sender,
      batch.gasLimit?.toString() ?? null,
    ],
  );
}

export async function addAttempt(db: Queryable, batchId: string, attempt: Attempt): Promise<void> {
  await db.query(
    `UPDATE relay_batches SET attempts = attempts || $2::jsonb, last_sent_at = now() WHERE id = $1`,
    [batchId, JSON.stringify([attempt])],
  );
}

export async function touchBatch(db: Queryable, batchId: string): Promise<void> {
  await db.query('UPDATE relay_batches SET last_sent_at = now() WHERE id = $1', [batchId]);
}

/**
 * Locks pending batches no other process is settling right now: batches being
 * replayed first, in their replay order, then by relayer and nonce.
 */
export async function lockPendingBatches(
  db: Queryable,
  chainId: number,
  limit: number,
): Promise<RelayBatch[]> {
  const rows = await db.query<{
    id: string;
    relayer: `0x${string}`;
    nonce: string;
    attempts: Attempt[];
    last_sent_at: Date | string | null;
    age_ms: string | number;
    send_rejections: number;
    send_error: string | null;
    replay_place: string | null;
  }>(
    `SELECT id, relayer, nonce::text, attempts, last_sent_at, send_rejections, send_error,
            replay_order::text AS replay_place,
            EXTRACT(EPOCH FROM (now() - COALESCE(last_sent_at, created_at))) * 1000 AS age_ms
       FROM relay_batches b WHERE status = 'PENDING' AND chain_id = $1
      ORDER BY b.replay_order NULLS LAST, b.relayer, b.nonce LIMIT $2 FOR UPDATE SKIP LOCKED`,
    [chainId, limit],
  );
  return rows.map((r) => ({
    id: r.id,
    relayer: r.relayer,
    nonce: BigInt(r.nonce),
    attempts: r.attempts,
    lastSentAt: r.last_sent_at ? new Date(r.last_sent_at) : null,
    ageMs: Number(r.age_ms),
    sendRejections: Number(r.send_rejections),
    sendError: r.send_error,
    replayOrder: r.replay_place === null ? null : BigInt(r.replay_place),
  }));
}

/**
 * What the node said to a send of a batch's bytes:
 * - accepted: it took them (or had them); the batch may be mined from now on;
 * - refused: it will not take them (its words); counted, and after a few the
 *   batch's nonce is filled with a cancelling transaction;
 * - unpaid: the relayer cannot pay for them; not the batch's fault, so not
 *   counted: the relayer leaves the rotation (relayer-funds.ts);
 * - unknown: the node did not answer; the next settle pass sends again.
 */
export type SendOutcome =
  | { kind: 'accepted' }
  | { kind: 'refused'; message: string }
  | { kind: 'unpaid'; message: string }
  | { kind: 'unknown' };

export async function recordSendResult(
  db: Queryable,
  batchId: string,
  outcome: SendOutcome,
): Promise<void> {
  if (outcome.kind === 'unknown') return;
  await db.query(
    `UPDATE relay_batches
        SET accepted = accepted OR $2 = 'accepted',
            send_error = CASE WHEN $2 = 'accepted' THEN NULL ELSE $3 END,
            send_rejections = CASE $2 WHEN 'accepted' THEN 0
                                      WHEN 'refused' THEN send_rejections + 1
                                      ELSE send_rejections END
      WHERE id = $1`,
    [batchId, outcome.kind, 'message' in outcome ? outcome.message : null],
  );
}

/** A new attempt (a replacement, a cancel) was signed: its refusals count afresh. */
export async function resetSendRejections(db: Queryable, batchId: string): Promise<void> {
  await db.query('UPDATE relay_batches SET send_error = NULL, send_rejections = 0 WHERE id = $1', [
    batchId,
  ]);
}

/** The batch's nonce was filled by a transaction the node has no record of (see migration 0090). */
export async function markBatchUnrecorded(db: Queryable, batchId: string): Promise<void> {
  await db.query(`UPDATE relay_batches SET status = 'UNRECORDED', mined_at = now() WHERE id = $1`, [
    batchId,
  ]);
}

/** Settled from its receipt: where it was mined is kept, to notice when the node loses it. */
export async function markBatchMined(
  db: Queryable,
  batchId: string,
  mined: { hash: string; blockNumber: bigint; blockHash: string; transactionIndex: number },
): Promise<void> {
  await db.query(
    `UPDATE relay_batches SET status = 'MINED', mined_hash = $2, block_number = $3, block_hash = $4,
            tx_index = $5, mined_at = now()
      WHERE id = $1`,
    [batchId, mined.hash, mined.blockNumber.toString(), mined.blockHash, mined.transactionIndex],
  );
}
