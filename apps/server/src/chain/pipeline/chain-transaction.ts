// A chain transaction as the pipeline stores it and announces its changes:
// the row's shape, how a row reads, and the status channel's notices. What
// it carries (its action) is a payload the pipeline only passes on: the
// registry (chain/action-registry.ts) is what reads it.
import type { OwnerKind } from '../../keys/owner-kind.ts';
import type { DecodedEvent } from '../events.ts';

/**
 * What every chain action is, seen from the pipeline: a JSON object that
 * names its kind; its other fields are the definition's to read.
 */
export interface ActionPayload {
  type: string;
  [field: string]: unknown;
}

/** One contract call of a transaction as it was signed (numbers as decimal strings). */
export interface StoredCall {
  to: `0x${string}`;
  data: `0x${string}`;
  gas: string;
}

/**
 * A user's transaction, from consent to its end:
 * - QUEUED: consented, waiting for the worker to sign and send it;
 * - SENT: signed and inside a relay batch that is not mined yet;
 * - COMPLETED: executed on chain; transaction hash and events recorded;
 * - FAILED: will not execute; failure_reason says why in words.
 */
export type TransactionStatus = 'QUEUED' | 'SENT' | 'COMPLETED' | 'FAILED';

/** `Action`: the payload's type where it is known (an action's own effects); the pipeline sees any. */
export interface ChainTransaction<Action extends ActionPayload = ActionPayload> {
  id: string;
  ownerKind: OwnerKind;
  ownerId: string;
  walletAddress: `0x${string}`;
  /** As stored: read with the registry's schema before use, since it may predate today's rules. */
  action: Action;
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
   * When it was taken back from COMPLETED because the chain lost the block it
   * ran in (lost-batches.ts); null if that never happened. Its completion's
   * records were made once and are not made again.
   */
  retakenAt: Date | null;
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
  action: ActionPayload;
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
  retaken_at: Date | string | null;
  status_seq: string;
}

export const TRANSACTION_COLUMNS = `id, owner_kind, owner_id, wallet_address, action, description,
  status, batch_id, forwarder_nonce::text, call_count, calls, isolate, attempts, transaction_hash,
  events, failure_reason, created_at, completed_at, retaken_at, status_seq::text`;

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
  retakenAt: row.retaken_at ? new Date(row.retaken_at) : null,
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
