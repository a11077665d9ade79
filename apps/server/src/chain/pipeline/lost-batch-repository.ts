// SQL of settled batches the chain node may have lost: the newest settled
// batch (what the relay checks before it signs), the walk down the settled
// batches, and a lost batch put back to be replayed with its requests taken
// back from COMPLETED.
import { ADVISORY_LOCKS, type Queryable } from '../../db/database.ts';
import { STATUS_CHANNEL, statusNotice } from './chain-transaction.ts';
import type { Attempt } from './relay-batch-repository.ts';

export interface SettledBatch {
  id: string;
  relayer: `0x${string}`;
  nonce: bigint;
  /** The attempt that was mined; null for an UNRECORDED batch (no receipt was ever seen). */
  minedHash: `0x${string}` | null;
  /** Null for a batch settled before block hashes were kept (migration 0230). */
  blockHash: `0x${string}` | null;
  blockNumber: bigint | null;
  txIndex: number | null;
  attempts: Attempt[];
  status: 'MINED' | 'UNRECORDED';
}

interface SettledRow {
  id: string;
  relayer: `0x${string}`;
  nonce: string;
  mined_hash: `0x${string}` | null;
  block_hash: `0x${string}` | null;
  block_number: string | null;
  tx_index: number | null;
  attempts: Attempt[];
  status: 'MINED' | 'UNRECORDED';
}

// Numbers as text: the statements order by the table's columns (b.), never
// by these text copies, which would sort 10 before 9.
const SETTLED_COLUMNS = `b.id, b.relayer, b.nonce::text, b.mined_hash, b.block_hash,
  b.block_number::text, b.tx_index, b.attempts, b.status`;

const toSettled = (r: SettledRow): SettledBatch => ({
  id: r.id,
  relayer: r.relayer,
  nonce: BigInt(r.nonce),
  minedHash: r.mined_hash,
  blockHash: r.block_hash,
  blockNumber: r.block_number === null ? null : BigInt(r.block_number),
  txIndex: r.tx_index,
  attempts: r.attempts,
  status: r.status,
});

export interface SettledTip {
  /** The settled batch mined in the highest block; null before any. */
  newest: SettledBatch | null;
  /** Lost batches are being sent again: nothing new may be signed until they are mined. */
  replaying: boolean;
}

/** One statement: what the relay must know before it signs a batch. */
export async function settledTip(db: Queryable, chainId: number): Promise<SettledTip> {
  const [row] = await db.query<{ newest: SettledRow | null; replaying: boolean }>(
    `SELECT (SELECT row_to_json(s) FROM (
               SELECT ${SETTLED_COLUMNS} FROM relay_batches b
                WHERE b.chain_id = $1 AND b.status = 'MINED'
                ORDER BY b.block_number DESC LIMIT 1) s) AS newest,
            EXISTS (SELECT 1 FROM relay_batches
                     WHERE chain_id = $1 AND status = 'PENDING' AND replay_order IS NOT NULL)
              AS replaying`,
    [chainId],
  );
  const newest = row?.newest ?? null;
  return {
    // row_to_json writes numbers as JSON numbers and text as strings.
    newest: newest
      ? toSettled({
          ...newest,
          nonce: String(newest.nonce),
          block_number: newest.block_number === null ? null : String(newest.block_number),
        })
      : null,
    replaying: row?.replaying === true,
  };
}

/**
 * Settled batches mined below `below` (block number and id, exclusive),
 * newest first: the walk down to the last block the node still has.
 */
export async function settledBatchesBelow(
  db: Queryable,
  chainId: number,
  below: { blockNumber: bigint; id: string } | null,
  limit: number,
): Promise<SettledBatch[]> {
  const rows = await db.query<SettledRow>(
    `SELECT ${SETTLED_COLUMNS} FROM relay_batches b
      WHERE b.chain_id = $1 AND b.status = 'MINED'
        AND ($2::numeric IS NULL OR (b.block_number, b.id) < ($2::numeric, $3::uuid))
      ORDER BY b.block_number DESC, b.id DESC LIMIT $4`,
    [chainId, below?.blockNumber.toString() ?? null, below?.id ?? null, limit],
  );
  return rows.map(toSettled);
}

/**
 * Batches settled without a receipt (UNRECORDED) whose relayer nonce is at or
 * above the relayer's nonce on chain now: the node no longer holds what filled it.
 */
export async function unrecordedAtOrAbove(
  db: Queryable,
  chainId: number,
  chainNonces: Map<string, bigint>,
): Promise<SettledBatch[]> {
  if (chainNonces.size === 0) return [];
  const relayers = [...chainNonces.keys()];
  const rows = await db.query<SettledRow>(
    `SELECT ${SETTLED_COLUMNS} FROM relay_batches b
       JOIN unnest($2::text[], $3::numeric[]) AS n(relayer, chain_nonce) ON n.relayer = b.relayer
      WHERE b.chain_id = $1 AND b.status = 'UNRECORDED' AND b.nonce >= n.chain_nonce
      ORDER BY b.relayer, b.nonce`,
    [chainId, relayers, relayers.map((r) => chainNonces.get(r)!.toString())],
  );
  return rows.map(toSettled);
}

/** The relayers that have batches settled without a receipt. */
export async function relayersWithUnrecorded(db: Queryable, chainId: number): Promise<string[]> {
  const rows = await db.query<{ relayer: string }>(
    `SELECT DISTINCT relayer FROM relay_batches WHERE chain_id = $1 AND status = 'UNRECORDED'`,
    [chainId],
  );
  return rows.map((r) => r.relayer);
}

/** Only one process looks for lost batches at a time; the others skip their turn. */
export async function tryLostBlocksLock(tx: Queryable): Promise<boolean> {
  const [row] = await tx.query<{ locked: boolean }>(
    'SELECT pg_try_advisory_xact_lock($1) AS locked',
    [ADVISORY_LOCKS.lostBlocks],
  );
  return row?.locked === true;
}

/** The replay places already given, so new ones come after them. */
export async function highestReplayOrder(db: Queryable, chainId: number): Promise<bigint> {
  const [row] = await db.query<{ top: string | null }>(
    'SELECT max(replay_order)::text AS top FROM relay_batches WHERE chain_id = $1',
    [chainId],
  );
  return row?.top ? BigInt(row.top) : 0n;
}

/**
 * The batch goes back to PENDING, to be sent again with `attempts` (its mined
 * bytes last, so a re-send sends those) at its place in the replay.
 */
export async function markBatchLost(
  db: Queryable,
  batchId: string,
  replay: { order: bigint; attempts: Attempt[] },
): Promise<void> {
  await db.query(
    `UPDATE relay_batches
        SET status = 'PENDING', replay_order = $2, lost_count = lost_count + 1, attempts = $3,
            mined_hash = NULL, block_number = NULL, block_hash = NULL, tx_index = NULL,
            mined_at = NULL, last_sent_at = NULL, accepted = true, send_rejections = 0,
            send_error = NULL
      WHERE id = $1`,
    [batchId, replay.order.toString(), JSON.stringify(replay.attempts)],
  );
}

/**
 * The COMPLETED requests of these batches are taken back to SENT (the status
 * shown is QUEUED again, and the status feed says so) until the replay
 * settles them. Answers the rows taken back.
 */
export async function retakeCompletedOfBatches(
  db: Queryable,
  batchIds: string[],
): Promise<{ id: string; action: string }[]> {
  if (batchIds.length === 0) return [];
  return db.query<{ id: string; action: string }>(
    `WITH retaken AS (
       UPDATE chain_transactions SET status = 'SENT', retaken_at = now(), updated_at = now()
        WHERE batch_id = ANY($1::uuid[]) AND status = 'COMPLETED'
        RETURNING owner_kind, owner_id, id, action->>'type' AS action)
     SELECT id::text, action, pg_notify($2, ${statusNotice('retaken')})
       FROM retaken`,
    [batchIds, STATUS_CHANNEL],
  );
}

/** Lost batches still waiting to be mined again, and the requests they hold: for health. */
export async function replayInProgress(
  db: Queryable,
  chainId: number,
): Promise<{ batches: number; requests: number }> {
  const [row] = await db.query<{ batches: number; requests: number }>(
    `SELECT (SELECT count(*) FROM relay_batches
              WHERE chain_id = $1 AND status = 'PENDING' AND replay_order IS NOT NULL)::int AS batches,
            (SELECT count(*) FROM chain_transactions t JOIN relay_batches b ON b.id = t.batch_id
              WHERE b.chain_id = $1 AND b.status = 'PENDING' AND b.replay_order IS NOT NULL
                AND t.status = 'SENT')::int AS requests`,
    [chainId],
  );
  return { batches: row?.batches ?? 0, requests: row?.requests ?? 0 };
}

/** How many PENDING replayed batches come before this place in the replay. */
export async function replaysBefore(
  db: Queryable,
  chainId: number,
  order: bigint,
): Promise<number> {
  const [row] = await db.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM relay_batches
      WHERE chain_id = $1 AND status = 'PENDING' AND replay_order < $2`,
    [chainId, order.toString()],
  );
  return row?.count ?? 0;
}
