// The admin audit log: every admin write is recorded by `recordAdminAction`
// in the database transaction of the write itself; an action that goes on
// chain is recorded when it is queued (`recordAdminChainAction`, called by
// the consent path for every admin-owned action through the action registry,
// which says what each action is in the log: src/actions.ts) and shows the
// chain's outcome by reading its transaction.
import type { AuditAction, AuditEntry, AuditLogPage } from '@gets/schema';
import type { Queryable } from '../../db/database.ts';
import { AppError } from '../../http/errors.ts';
import {
  findWalletOwnerEmail,
  insertAuditEntry,
  listAuditEntries,
  type AuditCursor,
} from './audit-repository.ts';

export interface AuditTarget {
  kind: string;
  id: string | null;
}

/** Keys never written to an entry's details, at any depth. */
const SECRET_KEY = /token|password|secret|otp|privatekey|signature|permit/i;

/** The details without anything that looks like a secret. */
export function withoutSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSecrets);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(([key, v]) => !SECRET_KEY.test(key) && v !== undefined)
        .map(([key, v]) => [key, withoutSecrets(v)]),
    );
  }
  return value;
}

/** Records one admin action; call it with the transaction that makes the change. */
export async function recordAdminAction(
  tx: Queryable,
  admin: { id: string },
  entry: {
    action: AuditAction;
    target?: AuditTarget | undefined;
    details?: Record<string, unknown> | undefined;
    transactionId?: string | undefined;
  },
): Promise<void> {
  await insertAuditEntry(tx, {
    adminId: admin.id,
    action: entry.action,
    targetKind: entry.target?.kind ?? null,
    targetId: entry.target?.id ?? null,
    details: withoutSecrets(entry.details ?? {}) as Record<string, unknown>,
    transactionId: entry.transactionId ?? null,
  });
}

/**
 * An admin's chain action, queued as `transactionId`, as `entry` (what it is
 * in the log): recorded with the action's fields as details.
 */
export async function recordAdminChainAction(
  tx: Queryable,
  admin: { id: string },
  chainAction: { type: string },
  transactionId: string,
  entry: { action: AuditAction; target: AuditTarget },
): Promise<void> {
  const { type: _type, ...fields } = chainAction;
  // Admins know people by email, not by wallet: the log names the wallet's owner.
  const ownerEmail =
    entry.target.kind === 'wallet' && entry.target.id
      ? await findWalletOwnerEmail(tx, entry.target.id)
      : null;
  const details = ownerEmail ? { ...fields, email: ownerEmail } : fields;
  await recordAdminAction(tx, admin, { ...entry, details, transactionId });
}

const encodeCursor = (cursor: AuditCursor) =>
  Buffer.from(JSON.stringify(cursor)).toString('base64url');

function decodeCursor(text: string): AuditCursor {
  try {
    const value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as AuditCursor;
    if (
      typeof value.createdAt === 'string' &&
      !Number.isNaN(Date.parse(value.createdAt)) &&
      typeof value.id === 'string' &&
      /^[0-9a-f-]{36}$/.test(value.id)
    )
      return value;
  } catch {
    // fall through
  }
  throw new AppError(400, 'before is not valid');
}

/** GET /admin/audit-log: one page, newest first, with each chain action's outcome. */
export async function auditLog(
  db: Queryable,
  query: { before?: string | undefined; limit: number; action?: AuditAction | undefined },
): Promise<AuditLogPage> {
  const rows = await listAuditEntries(db, {
    before: query.before ? decodeCursor(query.before) : undefined,
    action: query.action,
    limit: query.limit + 1,
  });
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    entries: page.map((row): AuditEntry => ({
      id: row.id,
      adminId: row.adminId,
      adminEmail: row.adminEmail,
      action: row.action as AuditAction,
      targetKind: row.targetKind,
      targetId: row.targetId,
      details: row.details,
      transactionId: row.transactionId,
      outcome:
        row.chainStatus === null
          ? null
          : row.chainStatus === 'COMPLETED' || row.chainStatus === 'FAILED'
            ? row.chainStatus
            : 'QUEUED',
      failureReason: row.failureReason,
      createdAt: row.createdAt.toISOString(),
    })),
    nextCursor:
      rows.length > query.limit && last
        ? encodeCursor({ createdAt: last.createdAtText, id: last.id })
        : null,
  };
}
