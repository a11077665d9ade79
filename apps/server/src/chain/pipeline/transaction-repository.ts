// SQL of the chain transactions: queued by consent, claimed and marked by
// the relay and settle jobs, counted for health and metrics.
import type { Queryable } from '../../db/database.ts';
import type { OwnerKind } from '../../keys/owner-kind.ts';
import type { DecodedEvent } from '../events.ts';
import {
  STATUS_CHANNEL,
  TRANSACTION_COLUMNS,
  statusNotice,
  toTransaction,
  type ActionPayload,
  type ChainTransaction,
  type StoredCall,
  type TransactionRow,
  type TransactionStatus,
} from './chain-transaction.ts';

export async function insertQueuedTransaction(
  db: Queryable,
  t: {
    id: string;
    ownerKind: OwnerKind;
    ownerId: string;
    walletAddress: string;
    action: ActionPayload;
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
