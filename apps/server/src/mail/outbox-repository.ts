import type { Queryable } from '../db/database.ts';

export interface OutboxEmail {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  createdAt: Date;
}

export async function insertOutboxEmail(
  db: Queryable,
  email: { id: string; to: string; subject: string; text: string; html: string | null },
): Promise<void> {
  await db.query(
    `INSERT INTO outbox_emails (id, to_address, subject, text_body, html_body)
     VALUES ($1, $2, $3, $4, $5)`,
    [email.id, email.to, email.subject, email.text, email.html],
  );
}

/** The mails kept for one address, newest first. */
export async function listOutboxEmails(db: Queryable, to: string): Promise<OutboxEmail[]> {
  const rows = await db.query<{
    id: string;
    to_address: string;
    subject: string;
    text_body: string;
    html_body: string | null;
    created_at: Date | string;
  }>(
    `SELECT id, to_address, subject, text_body, html_body, created_at FROM outbox_emails
      WHERE lower(to_address) = lower($1) ORDER BY created_at DESC, id`,
    [to],
  );
  return rows.map((row) => ({
    id: row.id,
    to: row.to_address,
    subject: row.subject,
    text: row.text_body,
    html: row.html_body,
    createdAt: new Date(row.created_at),
  }));
}

/** Deletes up to `limit` mails kept before `before`, oldest first; answers how many. */
export async function pruneOutboxEmails(
  db: Queryable,
  prune: { before: Date; limit: number },
): Promise<number> {
  const rows = await db.query<{ id: string }>(
    `DELETE FROM outbox_emails WHERE id IN (
       SELECT id FROM outbox_emails WHERE created_at < $1 ORDER BY created_at LIMIT $2)
     RETURNING id`,
    [prune.before, prune.limit],
  );
  return rows.length;
}
