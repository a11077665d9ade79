// SQL of the mail queue (migration 0100): mails recorded in the transaction
// of the request that decides them, taken one at a time by the delivery job.
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/database.ts';
import type { MailMessage } from './mailer.ts';

export interface QueuedMail extends MailMessage {
  id: string;
  attempts: number;
}

/**
 * How a try failed, as far as anyone but the operator needs to know:
 * REFUSED for good (an SMTP 5xx), or DEFERRED (refused for now, or the
 * server not reached). The server's own answer goes to the log only.
 */
export type MailFailure = 'REFUSED' | 'DEFERRED';

/**
 * Records the mails to deliver; in the caller's transaction, so they exist
 * only if it commits. Answers their ids, in the order of `mails`.
 */
export async function queueMails(db: Queryable, mails: MailMessage[]): Promise<string[]> {
  if (mails.length === 0) return [];
  const ids = mails.map(() => randomUUID());
  await db.query(
    `INSERT INTO mail_queue
       (id, to_address, subject, text_body, html_body, unsubscribe_url, console_line)
     SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[],
                          $6::text[], $7::text[])`,
    [
      ids,
      mails.map((mail) => mail.to),
      mails.map((mail) => mail.subject),
      mails.map((mail) => mail.text),
      mails.map((mail) => mail.html ?? null),
      mails.map((mail) => mail.unsubscribeUrl ?? null),
      mails.map((mail) => mail.consoleLine ?? null),
    ],
  );
  return ids;
}

/**
 * Takes up to `limit` mails due at `now` and leases them until `leaseUntil`:
 * another worker skips them meanwhile (no transaction stays open while a mail
 * server answers), and one this worker never marks, as on a crash, is due
 * again when the lease ends.
 */
export async function takeDueMails(
  db: Queryable,
  lease: { now: Date; leaseUntil: Date; limit: number },
): Promise<QueuedMail[]> {
  const rows = await db.query<{
    id: string;
    to_address: string;
    subject: string;
    text_body: string;
    html_body: string | null;
    unsubscribe_url: string | null;
    console_line: string | null;
    attempts: number;
  }>(
    `WITH due AS (
       SELECT id FROM mail_queue
        WHERE sent_at IS NULL AND given_up_at IS NULL AND next_attempt_at <= $1
        ORDER BY next_attempt_at, id LIMIT $3
        FOR UPDATE SKIP LOCKED)
     UPDATE mail_queue m SET next_attempt_at = $2 FROM due WHERE m.id = due.id
     RETURNING m.id, m.to_address, m.subject, m.text_body, m.html_body, m.unsubscribe_url,
               m.console_line, m.attempts`,
    [lease.now, lease.leaseUntil, lease.limit],
  );
  return rows.map((row) => ({
    id: row.id,
    to: row.to_address,
    subject: row.subject,
    text: row.text_body,
    ...(row.html_body === null ? {} : { html: row.html_body }),
    ...(row.unsubscribe_url === null ? {} : { unsubscribeUrl: row.unsubscribe_url }),
    ...(row.console_line === null ? {} : { consoleLine: row.console_line }),
    attempts: row.attempts,
  }));
}

export async function markMailSent(db: Queryable, id: string, now: Date): Promise<void> {
  await db.query('UPDATE mail_queue SET sent_at = $2, attempts = attempts + 1 WHERE id = $1', [
    id,
    now,
  ]);
}

/** A failed try: due again at `retryAt`, or given up when `retryAt` is null. */
export async function markMailFailed(
  db: Queryable,
  id: string,
  failure: { failure: MailFailure; now: Date; retryAt: Date | null },
): Promise<void> {
  await db.query(
    `UPDATE mail_queue SET attempts = attempts + 1, last_failure = $2,
        next_attempt_at = COALESCE($4, next_attempt_at),
        given_up_at = CASE WHEN $4::timestamptz IS NULL THEN $3::timestamptz END
      WHERE id = $1`,
    [id, failure.failure, failure.now, failure.retryAt],
  );
}

/** Makes a mail that was given up due at `now` again, with a fresh count of tries. */
export async function retryGivenUpMail(db: Queryable, id: string, now: Date): Promise<void> {
  await db.query(
    `UPDATE mail_queue SET given_up_at = NULL, attempts = 0, last_failure = NULL, next_attempt_at = $2
      WHERE id = $1 AND given_up_at IS NOT NULL`,
    [id, now],
  );
}

/** Deletes a mail not sent yet, so it never goes (one the worker has taken already may still go out). */
export async function cancelUnsentMail(db: Queryable, id: string): Promise<void> {
  await db.query('DELETE FROM mail_queue WHERE id = $1 AND sent_at IS NULL', [id]);
}

/**
 * Deletes up to `limit` mails sent before `before`, oldest first; answers how
 * many. What they said is of no more use once the server took them, and an
 * invitation whose mail is gone reads as delivered.
 */
export async function pruneSentMails(
  db: Queryable,
  prune: { before: Date; limit: number },
): Promise<number> {
  const rows = await db.query<{ id: string }>(
    `DELETE FROM mail_queue WHERE id IN (
       SELECT id FROM mail_queue WHERE sent_at < $1 ORDER BY sent_at LIMIT $2)
     RETURNING id`,
    [prune.before, prune.limit],
  );
  return rows.length;
}
