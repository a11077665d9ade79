// The audit trail of a person's own security changes (migration 0248).
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../db/database.ts';
import type { Subject } from './factor-repository.ts';

export type SecurityEvent =
  | 'wallet.export'
  | 'passkey.add'
  | 'passkey.remove'
  | 'totp.enable'
  | 'totp.remove'
  | 'recovery-codes.replace'
  | 'factors.reset';

export async function recordSecurityEvent(
  db: Queryable,
  subject: Subject,
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
  subject: Subject,
): Promise<{ event: SecurityEvent; details: Record<string, unknown>; network: string | null }[]> {
  return db.query(
    `SELECT event, details, network FROM security_events
      WHERE subject_kind = $1 AND subject_id = $2 ORDER BY created_at`,
    [subject.kind, subject.id],
  );
}
