// The audit trail of a person's own security (migration 0248): what they or
// someone with their password did to the account (a sign-in from a new
// browser, a password reset, "This wasn't me", factors, a wallet export).
// Kept in accounts, below security: a password reset (here) and the factors
// (security) both write to it.
import { randomUUID } from 'node:crypto';
import type { SecurityEventKind } from '@gets/schema';
import type { Queryable } from '../../db/database.ts';
import type { SubjectKind } from '../../http/sessions.ts';

export type SecurityEvent = SecurityEventKind;
interface EventSubject {
  kind: SubjectKind;
  id: string;
}

export async function recordSecurityEvent(
  db: Queryable,
  subject: EventSubject,
  event: SecurityEvent,
  details: Record<string, unknown> = {},
  network: string | null = null,
): Promise<void> {
  await db.query(
    `INSERT INTO security_events (id, subject_kind, subject_id, event, details, network)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [randomUUID(), subject.kind, subject.id, event, JSON.stringify(details), network],
  );
}

export async function findSecurityEvents(
  db: Queryable,
  subject: EventSubject,
): Promise<{ event: SecurityEvent; details: Record<string, unknown>; network: string | null }[]> {
  return db.query(
    `SELECT event, details, network FROM security_events
      WHERE subject_kind = $1 AND subject_id = $2 ORDER BY created_at`,
    [subject.kind, subject.id],
  );
}

/** The subject's latest changes, newest first. */
export async function recentSecurityEvents(
  db: Queryable,
  subject: EventSubject,
  limit: number,
): Promise<
  { event: SecurityEvent; at: Date; network: string | null; details: Record<string, unknown> }[]
> {
  const rows = await db.query<{
    event: SecurityEvent;
    created_at: Date | string;
    network: string | null;
    details: Record<string, unknown>;
  }>(
    `SELECT event, created_at, network, details FROM security_events
      WHERE subject_kind = $1 AND subject_id = $2 ORDER BY created_at DESC, id LIMIT $3`,
    [subject.kind, subject.id, limit],
  );
  return rows.map((row) => ({
    event: row.event,
    at: new Date(row.created_at),
    network: row.network,
    details: row.details,
  }));
}
