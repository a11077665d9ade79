// SQL of the admin audit log.
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../db/database.ts';

export interface AuditEntryInput {
  adminId: string;
  action: string;
  targetKind: string | null;
  targetId: string | null;
  details: Record<string, unknown>;
  transactionId: string | null;
}

/** One entry; the admin's email is read in the same statement (their email at the time). */
export async function insertAuditEntry(q: Queryable, entry: AuditEntryInput): Promise<void> {
  const rows = await q.query(
    `INSERT INTO admin_audit_log
       (id, admin_id, admin_email, action, target_kind, target_id, details, transaction_id)
     SELECT $1, a.id, a.email, $3, $4, $5, $6::jsonb, $7
       FROM admins a WHERE a.id = $2
     RETURNING id`,
    [
      randomUUID(),
      entry.adminId,
      entry.action,
      entry.targetKind,
      entry.targetId,
      JSON.stringify(entry.details),
      entry.transactionId,
    ],
  );
  if (rows.length === 0) throw new Error(`audit: no admin ${entry.adminId}`);
}

export interface AuditRow {
  id: string;
  adminId: string;
  adminEmail: string;
  action: string;
  targetKind: string | null;
  targetId: string | null;
  details: Record<string, unknown>;
  transactionId: string | null;
  /** chain_transactions.status of the entry's transaction (SENT reads as QUEUED in the service). */
  chainStatus: string | null;
  failureReason: string | null;
  createdAt: Date;
  /** created_at as the database writes it (microseconds), for the next page's cursor. */
  createdAtText: string;
}

export interface AuditCursor {
  createdAt: string;
  id: string;
}

/** Newest first, strictly before the cursor, optionally one action; limit rows. */
export async function listAuditEntries(
  q: Queryable,
  query: { before?: AuditCursor | undefined; action?: string | undefined; limit: number },
): Promise<AuditRow[]> {
  return q.query<AuditRow>(
    `SELECT l.id, l.admin_id AS "adminId", l.admin_email AS "adminEmail", l.action,
            l.target_kind AS "targetKind", l.target_id AS "targetId", l.details,
            l.transaction_id AS "transactionId", t.status AS "chainStatus",
            t.failure_reason AS "failureReason", l.created_at AS "createdAt",
            l.created_at::text AS "createdAtText"
       FROM admin_audit_log l
       LEFT JOIN chain_transactions t ON t.id = l.transaction_id
      WHERE ($1::text IS NULL OR l.action = $1)
        AND ($2::timestamptz IS NULL OR (l.created_at, l.id) < ($2::timestamptz, $3::uuid))
      ORDER BY l.created_at DESC, l.id DESC
      LIMIT $4`,
    [query.action ?? null, query.before?.createdAt ?? null, query.before?.id ?? null, query.limit],
  );
}

/** The email of the user or admin whose custodial wallet this is; null for any other address. */
export async function findWalletOwnerEmail(q: Queryable, address: string): Promise<string | null> {
  const rows = await q.query<{ email: string | null }>(
    `SELECT COALESCE(u.email, a.email) AS email
       FROM custody_keys k
       LEFT JOIN users u ON k.owner_kind = 'user' AND u.id = k.owner_id
       LEFT JOIN admins a ON k.owner_kind = 'admin' AND a.id = k.owner_id
      WHERE k.address = $1`,
    [address],
  );
  return rows[0]?.email ?? null;
}
