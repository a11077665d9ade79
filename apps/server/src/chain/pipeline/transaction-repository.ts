// SQL of the transaction pipeline: users' chain transactions, relay batches
// and relayer nonces.
import type { Queryable } from '../../db/database.ts';
import type { OwnerKind } from '../../custody/key-repository.ts';
import type { ChainAction } from '../actions.ts';

/** One contract call of a transaction as it was signed (numbers as decimal strings). */
export interface StoredCall {
  to: `0x${string}`;
  data: `0x${string}`;
  gas: string;
}
import type { DecodedEvent } from '../events.ts';

/**
 * A user's transaction, from consent to its end:
 * - QUEUED: consented, waiting for the worker to sign and send it;
 * - SENT: signed and inside a relay batch that is not mined yet;
 * - COMPLETED: executed on chain; transaction hash and events recorded;
 * - FAILED: will not execute; failure_reason says why in words.
 */
export type TransactionStatus = 'QUEUED' | 'SENT' | 'COMPLETED' | 'FAILED';

export interface ChainTransaction {
  id: string;
  ownerKind: OwnerKind;
  ownerId: string;
  walletAddress: `0x${string}`;
  /** As stored: read with chainActionSchema before use, since it may predate today's rules. */
  action: ChainAction;
  description: string;
  status: TransactionStatus;
  batchId: string | null;
  /** The forwarder nonce of its first call; its calls take callCount nonces from there. */
  forwarderNonce: string | null;
  callCount: number;
  /** The calls as signed, kept to replay a revert; null until first signed. */
  calls: StoredCall[] | null;
  /** Sent alone since it rode in a batch that failed as a whole. */
  isolate: boolean;
  attempts: number;
  transactionHash: string | null;
  events: DecodedEvent[] | null;
  failureReason: string | null;
  createdAt: Date;
  completedAt: Date | null;
  /**
   * Grows, across all transactions, with each change of what the status
   * shows (migration 0180): the status stream's event id.
   */
  statusSeq: bigint;
}

export interface TransactionRow {
  id: string;
  owner_kind: OwnerKind;
  owner_id: string;
  wallet_address: `0x${string}`;
  action: ChainAction;
  description: string;
  status: TransactionStatus;
  batch_id: string | null;
  forwarder_nonce: string | null;
  call_count: number;
  calls: StoredCall[] | null;
  isolate: boolean;
  attempts: number;
  transaction_hash: string | null;
  events: DecodedEvent[] | null;
  failure_reason: string | null;
  created_at: Date | string;
  completed_at: Date | string | null;
  status_seq: string;
}

export const TRANSACTION_COLUMNS = `id, owner_kind, owner_id, wallet_address, action, description,
  status, batch_id, forwarder_nonce::text, call_count, calls, isolate, attempts, transaction_hash,
  events, failure_reason, created_at, completed_at, status_seq::text`;

export const toTransaction = (row: TransactionRow): ChainTransaction => ({
  id: row.id,
  ownerKind: row.owner_kind,
  ownerId: row.owner_id,
  walletAddress: row.wallet_address,
  action: row.action,
  description: row.description,
  status: row.status,
  batchId: row.batch_id,
  forwarderNonce: row.forwarder_nonce,
  callCount: Number(row.call_count),
  calls: row.calls,
  isolate: row.isolate,
  attempts: row.attempts,
  transactionHash: row.transaction_hash,
  events: row.events,
  failureReason: row.failure_reason,
  createdAt: new Date(row.created_at),
  completedAt: row.completed_at ? new Date(row.completed_at) : null,
  statusSeq: BigInt(row.status_seq),
});

/**
 * Channel on which every status change is announced, by the statement that
 * makes it. The notice names the owner before the transaction
 * (`user:<owner id>:<transaction id>`), so that a process with nobody
 * watching that owner drops it without reading the row: on a busy platform
 * most notices are for someone else.
 */
export const STATUS_CHANNEL = 'chain_transaction_status';

/** The notice of a status change, for a `RETURNING owner_kind, owner_id, id` row named `row`. */
export const statusNotice = (row: string) =>
  `${row}.owner_kind || ':' || ${row}.owner_id || ':' || ${row}.id`;

export interface StatusNotice {
  ownerKind: OwnerKind;
  ownerId: string;
  transactionId: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const OWNER_KINDS: readonly string[] = ['user', 'admin', 'system'] satisfies OwnerKind[];

/**
 * Reads a notice made by statusNotice; null for anything else. Anyone who
 * can connect to the database can NOTIFY on the channel, and one id that is
 * not a uuid would fail the lookup of every id read with it: both ids are
 * checked here, before any lookup.
 */
export function parseStatusNotice(payload: string): StatusNotice | null {
  const [ownerKind, ownerId, transactionId, ...rest] = payload.split(':');
  if (rest.length > 0 || !ownerKind || !ownerId || !transactionId) return null;
  if (!OWNER_KINDS.includes(ownerKind)) return null;
  if (!UUID.test(ownerId) || !UUID.test(transactionId)) return null;
  return { ownerKind: ownerKind as OwnerKind, ownerId, transactionId };
}

export async function insertQueuedTransaction(
  db: Queryable,
  t: {
    id: string;
    ownerKind: OwnerKind;
    ownerId: string;
    walletAddress: string;
    action: ChainAction;
    description: string;
    consentTokenHash: string;
  },
): Promise<void> {
  await db.query(
    `WITH queued AS (
       INSERT INTO chain_transactions
         (id, owner_kind, owner_id, wallet_address, action, description, consent_token_hash, status)
       VALUES ($1, $2, $3, $4, $5, $6, $7, 'QUEUED') RETURNING owner_kind, owner_id, id)
     SELECT pg_notify($8, ${statusNotice('queued')}) FROM queued`,
    [
      t.id,
      t.ownerKind,
      t.ownerId,
      t.walletAddress,
      JSON.stringify(t.action),
      t.description,
      t.consentTokenHash,
      STATUS_CHANNEL,
    ],
  );
}

/**
 * The same as insertQueuedTransaction, unless a transaction with this
 * consent_token_hash exists: then nothing (answers false).
 */
export async function insertQueuedTransactionOnce(
  db: Queryable,
  t: Parameters<typeof insertQueuedTransaction>[1],
): Promise<boolean> {
  const rows = await db.query(
    `WITH queued AS (
       INSERT INTO chain_transactions
         (id, owner_kind, owner_id, wallet_address, action, description, consent_token_hash, status)
       VALUES ($1, $2, $3, $4, $5, $6, $7, 'QUEUED')
       ON CONFLICT (consent_token_hash) DO NOTHING RETURNING owner_kind, owner_id, id)
     SELECT pg_notify($8, ${statusNotice('queued')}) FROM queued`,
    [
      t.id,
      t.ownerKind,
      t.ownerId,
      t.walletAddress,
      JSON.stringify(t.action),
      t.description,
      t.consentTokenHash,
      STATUS_CHANNEL,
    ],
  );
  return rows.length === 1;
}

/** The transactions with these ids (those that exist), in no particular order. */
export async function findTransactions(db: Queryable, ids: string[]): Promise<ChainTransaction[]> {
  if (ids.length === 0) return [];
  const rows = await db.query<TransactionRow>(
    `SELECT ${TRANSACTION_COLUMNS} FROM chain_transactions WHERE id = ANY($1::uuid[])`,
    [ids],
  );
  return rows.map(toTransaction);
}

export async function findTransaction(db: Queryable, id: string): Promise<ChainTransaction | null> {
  return (await findTransactions(db, [id]))[0] ?? null;
}

/** Advisory lock space of the wallets a relay transaction is sending for (the key's first half). */
const WALLET_LOCK_SPACE = 7_214_300;

/**
 * Locks up to `limit` queued transactions, at most one per wallet and none of
 * a wallet that still has one in flight (its forwarder nonce is not settled).
 * An isolated transaction goes alone, when it is the oldest.
 *
 * Accounts are taken in turn: only each wallet's oldest waiting transaction
 * is a candidate, and candidates go oldest first. A wallet with a thousand
 * transactions waiting has one place in the batch like any other, so its
 * queue never delays another wallet's transaction by more than one batch.
 * The rows are walked oldest first and the walk stops at `limit * 2` heads,
 * each later transaction of a wallet skipped by one index probe: with one
 * transaction per wallet it reads no more rows than the batch takes.
 *
 * Two relay loops (relayers, or worker processes) may claim at once. Each
 * holds its wallets until it commits, and looks for a wallet's transaction in
 * flight only once it holds that wallet, in a statement of its own (a fresh
 * snapshot): a wallet another loop is sending for is skipped, and one it has
 * just sent for is seen SENT. Without this, the second loop could claim the
 * wallet's next transaction and sign it with the same forwarder nonce.
 */
export async function claimQueued(db: Queryable, limit: number): Promise<ChainTransaction[]> {
  const rows = await db.query<TransactionRow>(
    `SELECT ${TRANSACTION_COLUMNS} FROM chain_transactions t
      WHERE t.status = 'QUEUED'
        AND NOT EXISTS (SELECT 1 FROM chain_transactions s
                         WHERE s.wallet_address = t.wallet_address AND s.status = 'SENT')
        AND NOT EXISTS (SELECT 1 FROM chain_transactions e
                         WHERE e.wallet_address = t.wallet_address AND e.status = 'QUEUED'
                           AND (e.created_at, e.id) < (t.created_at, t.id))
      ORDER BY t.created_at
      LIMIT $1
      FOR UPDATE SKIP LOCKED`,
    [limit * 2],
  );
  const candidates = rows[0]?.isolate ? rows.slice(0, 1) : rows.filter((row) => !row.isolate);
  const seen = new Set<string>();
  const oldestPerWallet = candidates.filter((row) => {
    if (seen.has(row.wallet_address)) return false;
    seen.add(row.wallet_address);
    return true;
  });
  const free = await walletsFreeToSend(
    db,
    oldestPerWallet.map((row) => row.wallet_address),
  );
  return oldestPerWallet
    .filter((row) => free.has(row.wallet_address))
    .slice(0, limit)
    .map(toTransaction);
}

/** Of these wallets, the ones this transaction now holds and that have nothing in flight. */
async function walletsFreeToSend(db: Queryable, wallets: string[]): Promise<Set<string>> {
  if (wallets.length === 0) return new Set();
  const held = await db.query<{ wallet: string }>(
    `SELECT w AS wallet FROM unnest($1::text[]) AS w
      WHERE pg_try_advisory_xact_lock($2, hashtext(lower(w)))`,
    [wallets, WALLET_LOCK_SPACE],
  );
  const busy = await db.query<{ wallet: string }>(
    `SELECT DISTINCT wallet_address AS wallet FROM chain_transactions
      WHERE wallet_address = ANY($1::text[]) AND status = 'SENT'`,
    [held.map((row) => row.wallet)],
  );
  const inFlight = new Set(busy.map((row) => row.wallet));
  return new Set(held.map((row) => row.wallet).filter((wallet) => !inFlight.has(wallet)));
}

export async function markSent(
  db: Queryable,
  sent: { id: string; batchId: string; forwarderNonce: bigint; calls: StoredCall[] }[],
): Promise<void> {
  if (sent.length === 0) return;
  await db.query(
    `WITH marked AS (
       UPDATE chain_transactions t SET status = 'SENT', batch_id = s.batch_id::uuid,
              forwarder_nonce = s.nonce::numeric, calls = s.calls::jsonb,
              call_count = jsonb_array_length(s.calls::jsonb), attempts = t.attempts + 1,
              updated_at = now()
         FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[]) AS s(id, batch_id, nonce, calls)
        WHERE t.id = s.id AND t.status = 'QUEUED'
        RETURNING t.owner_kind, t.owner_id, t.id)
     SELECT pg_notify($5, ${statusNotice('marked')}) FROM marked`,
    [
      sent.map((s) => s.id),
      sent.map((s) => s.batchId),
      sent.map((s) => s.forwarderNonce.toString()),
      sent.map((s) => JSON.stringify(s.calls)),
      STATUS_CHANNEL,
    ],
  );
}

/**
 * Marks many transactions COMPLETED in one statement (one notification each);
 * answers the ids it moved (a transaction already final is left alone).
 */
export async function markCompletedMany(
  db: Queryable,
  completed: { id: string; transactionHash: string | null; events: DecodedEvent[] }[],
): Promise<Set<string>> {
  if (completed.length === 0) return new Set();
  const rows = await db.query<{ id: string }>(
    `WITH done AS (
       UPDATE chain_transactions t SET status = 'COMPLETED', transaction_hash = c.hash,
              events = c.events::jsonb, completed_at = now(), updated_at = now()
         FROM unnest($1::uuid[], $2::text[], $3::text[]) AS c(id, hash, events)
        WHERE t.id = c.id AND t.status IN ('QUEUED', 'SENT')
        RETURNING t.owner_kind, t.owner_id, t.id)
     SELECT id::text, pg_notify($4, ${statusNotice('done')}) FROM done`,
    [
      completed.map((c) => c.id),
      completed.map((c) => c.transactionHash),
      completed.map((c) => JSON.stringify(c.events)),
      STATUS_CHANNEL,
    ],
  );
  return new Set(rows.map((row) => row.id));
}

export async function markFailed(
  db: Queryable,
  id: string,
  failure: { reason: string; transactionHash?: string | null },
): Promise<boolean> {
  const rows = await db.query(
    `WITH failed AS (
       UPDATE chain_transactions SET status = 'FAILED', failure_reason = $2, transaction_hash = $3,
              completed_at = now(), updated_at = now()
        WHERE id = $1 AND status IN ('QUEUED', 'SENT') RETURNING owner_kind, owner_id, id)
     SELECT pg_notify($4, ${statusNotice('failed')}) FROM failed`,
    [id, failure.reason, failure.transactionHash ?? null, STATUS_CHANNEL],
  );
  return rows.length === 1;
}

/**
 * Puts a sent transaction back in the queue, to be signed again with a fresh
 * nonce; `isolate` has it sent alone from now on.
 */
export async function requeue(
  db: Queryable,
  id: string,
  options: { isolate?: boolean } = {},
): Promise<void> {
  await db.query(
    `WITH requeued AS (
       UPDATE chain_transactions SET status = 'QUEUED', batch_id = NULL, forwarder_nonce = NULL,
              isolate = isolate OR $2, updated_at = now()
        WHERE id = $1 AND status = 'SENT' RETURNING owner_kind, owner_id, id)
     SELECT pg_notify($3, ${statusNotice('requeued')}) FROM requeued`,
    [id, options.isolate ?? false, STATUS_CHANNEL],
  );
}

export async function transactionsOfBatch(
  db: Queryable,
  batchId: string,
): Promise<ChainTransaction[]> {
  const rows = await db.query<TransactionRow>(
    `SELECT ${TRANSACTION_COLUMNS} FROM chain_transactions WHERE batch_id = $1 AND status = 'SENT' ORDER BY forwarder_nonce`,
    [batchId],
  );
  return rows.map(toTransaction);
}

export async function countByStatus(db: Queryable): Promise<Record<TransactionStatus, number>> {
  const rows = await db.query<{ status: TransactionStatus; count: string | number }>(
    'SELECT status, count(*) AS count FROM chain_transactions GROUP BY status',
  );
  const counts = { QUEUED: 0, SENT: 0, COMPLETED: 0, FAILED: 0 };
  for (const row of rows) counts[row.status] = Number(row.count);
  return counts;
}

export interface QueueStats {
  queued: number;
  sent: number;
  /** How long the oldest QUEUED transaction has waited (one account's long queue counts). */
  oldestQueuedAgeMs: number;
  /**
   * How long the oldest transaction the relay could take now has waited: the
   * oldest QUEUED one of a wallet with nothing in flight (0 when none).
   */
  oldestWaitingAgeMs: number;
  /** Since the newest relay transaction was signed; null when none ever was. */
  lastBatchAgeMs: number | null;
}

/** The queue's depth and the relay's progress, by the database clock. */
export async function queueStats(db: Queryable): Promise<QueueStats> {
  const rows = await db.query<{
    queued: number;
    sent: number;
    oldest_ms: number | string;
    waiting_ms: number | string;
    last_batch_ms: number | string | null;
  }>(
    `SELECT (SELECT count(*) FROM chain_transactions WHERE status = 'QUEUED')::int AS queued,
            (SELECT count(*) FROM chain_transactions WHERE status = 'SENT')::int AS sent,
            COALESCE((SELECT EXTRACT(EPOCH FROM (now() - min(created_at))) * 1000
                        FROM chain_transactions WHERE status = 'QUEUED'), 0)::float8 AS oldest_ms,
            COALESCE((SELECT EXTRACT(EPOCH FROM (now() - min(q.created_at))) * 1000
                        FROM chain_transactions q
                       WHERE q.status = 'QUEUED'
                         AND NOT EXISTS (SELECT 1 FROM chain_transactions s
                                          WHERE s.wallet_address = q.wallet_address
                                            AND s.status = 'SENT')), 0)::float8 AS waiting_ms,
            (SELECT EXTRACT(EPOCH FROM (now() - max(created_at))) * 1000
               FROM relay_batches WHERE status <> 'ABANDONED')::float8 AS last_batch_ms`,
  );
  const row = rows[0]!;
  return {
    queued: Number(row.queued),
    sent: Number(row.sent),
    oldestQueuedAgeMs: Number(row.oldest_ms),
    oldestWaitingAgeMs: Number(row.waiting_ms),
    lastBatchAgeMs: row.last_batch_ms === null ? null : Number(row.last_batch_ms),
  };
}

// ---- relayers and batches ----

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

/** Locks pending batches no other process is settling right now. */
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
  }>(
    `SELECT id, relayer, nonce::text, attempts, last_sent_at, send_rejections, send_error,
            EXTRACT(EPOCH FROM (now() - COALESCE(last_sent_at, created_at))) * 1000 AS age_ms
       FROM relay_batches WHERE status = 'PENDING' AND chain_id = $1
      ORDER BY relayer, nonce LIMIT $2 FOR UPDATE SKIP LOCKED`,
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

/**
 * The signed bytes of this relayer's settled batches with nonces in [from, to):
 * what to send again when the node lost the blocks that held them. A mined
 * batch's are the attempt that was mined; an unrecorded one's, its latest.
 */
export async function settledBatchBytes(
  db: Queryable,
  relayer: string,
  chainId: number,
  from: bigint,
  to: bigint,
): Promise<{ id: string; nonce: bigint; hash: `0x${string}`; raw: `0x${string}` }[]> {
  const rows = await db.query<{
    id: string;
    nonce: string;
    mined_hash: `0x${string}` | null;
    attempts: Attempt[];
  }>(
    `SELECT id, nonce::text, mined_hash, attempts FROM relay_batches
      WHERE relayer = $1 AND chain_id = $2 AND status IN ('MINED', 'UNRECORDED')
        AND nonce >= $3 AND nonce < $4
      ORDER BY nonce`,
    [relayer, chainId, from.toString(), to.toString()],
  );
  return rows.flatMap((r) => {
    const sent = r.mined_hash
      ? r.attempts.find((a) => a.hash.toLowerCase() === r.mined_hash!.toLowerCase())
      : r.attempts.at(-1);
    return sent ? [{ id: r.id, nonce: BigInt(r.nonce), hash: sent.hash, raw: sent.raw }] : [];
  });
}

/** The batch's nonce was filled by a transaction the node has no record of (see migration 0090). */
export async function markBatchUnrecorded(db: Queryable, batchId: string): Promise<void> {
  await db.query(`UPDATE relay_batches SET status = 'UNRECORDED', mined_at = now() WHERE id = $1`, [
    batchId,
  ]);
}

export async function markBatchMined(
  db: Queryable,
  batchId: string,
  mined: { hash: string; blockNumber: bigint },
): Promise<void> {
  await db.query(
    `UPDATE relay_batches SET status = 'MINED', mined_hash = $2, block_number = $3, mined_at = now()
      WHERE id = $1`,
    [batchId, mined.hash, mined.blockNumber.toString()],
  );
}
