// SQL of the invitations a sponsor's whitelist CSV sent to emails without an
// account (whitelist_invitations).
import type { InvitationDelivery } from '@gets/schema';
import type { Queryable } from '../../db/database.ts';

export interface StoredInvitation {
  email: string;
  invitedAt: Date;
  /** The earner who registered with this email since, if any. */
  earnerAccount: `0x${string}` | null;
  /** How its mail went: still being sent (maybe tried again later), sent, or given up. */
  delivery: InvitationDelivery;
  /** The mail server's last refusal, while it is tried again or once given up. */
  deliveryError: string | null;
  /** The queued mail that carries it; null before the queue or once its record was pruned. */
  mailId: string | null;
}

/**
 * Records invitations of these emails to the badge; answers only the emails
 * not invited before (the ones to mail), so a second upload mails nobody twice.
 */
export async function insertInvitations(
  db: Queryable,
  badgeId: string,
  sponsorId: string,
  emails: string[],
): Promise<string[]> {
  if (emails.length === 0) return [];
  const rows = await db.query<{ email: string }>(
    `INSERT INTO whitelist_invitations (badge_id, email, sponsor_id)
     SELECT $1, email, $2 FROM unnest($3::text[]) AS email
     ON CONFLICT (badge_id, lower(email)) DO NOTHING
     RETURNING email`,
    [badgeId, sponsorId, emails],
  );
  return rows.map((row) => row.email);
}

/** The emails of these that were invited to the badge before (lower case). */
export async function findInvitedEmails(
  db: Queryable,
  badgeId: string,
  emails: string[],
): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  const rows = await db.query<{ email: string }>(
    `SELECT lower(email) AS email FROM whitelist_invitations
      WHERE badge_id = $1 AND lower(email) = ANY($2::text[])`,
    [badgeId, emails.map((e) => e.toLowerCase())],
  );
  return new Set(rows.map((row) => row.email));
}

/** Ties each invitation of the badge to the queued mail that carries it. */
export async function linkInvitationMails(
  db: Queryable,
  badgeId: string,
  mails: { email: string; mailId: string }[],
): Promise<void> {
  if (mails.length === 0) return;
  await db.query(
    `UPDATE whitelist_invitations i SET mail_id = m.mail_id
       FROM unnest($2::text[], $3::uuid[]) AS m (email, mail_id)
      WHERE i.badge_id = $1 AND lower(i.email) = lower(m.email)`,
    [badgeId, mails.map((mail) => mail.email), mails.map((mail) => mail.mailId)],
  );
}

type InvitationRow = {
  email: string;
  invited_at: Date | string;
  account: `0x${string}` | null;
  delivery: InvitationDelivery;
  last_error: string | null;
  mail_id: string | null;
};

/** An invitation with the earner who registered since and how its mail went. */
const SELECT_INVITATIONS = `
  SELECT i.email, i.invited_at, u.account, m.last_error, i.mail_id,
         CASE WHEN m.given_up_at IS NOT NULL THEN 'NOT_DELIVERED'
              WHEN m.id IS NOT NULL AND m.sent_at IS NULL THEN 'SENDING'
              ELSE 'SENT' END AS delivery
    FROM whitelist_invitations i
    LEFT JOIN users u ON lower(u.email) = lower(i.email) AND u.user_type = 'EARNER'
    LEFT JOIN mail_queue m ON m.id = i.mail_id`;

const toStoredInvitation = (row: InvitationRow): StoredInvitation => ({
  email: row.email,
  invitedAt: new Date(row.invited_at),
  earnerAccount: row.account,
  delivery: row.delivery,
  deliveryError: row.delivery === 'SENT' ? null : row.last_error,
  mailId: row.mail_id,
});

/** The badge's invitations, newest first, with the earner who registered since and how their mail went. */
export async function listInvitations(db: Queryable, badgeId: string): Promise<StoredInvitation[]> {
  const rows = await db.query<InvitationRow>(
    `${SELECT_INVITATIONS}
      WHERE i.badge_id = $1
      ORDER BY i.invited_at DESC, i.email`,
    [badgeId],
  );
  return rows.map(toStoredInvitation);
}

/**
 * The badge's invitation of this email, locked until the transaction ends
 * (so two clicks on "Send again" queue one mail); null when not invited.
 */
export async function findInvitationForUpdate(
  tx: Queryable,
  badgeId: string,
  email: string,
): Promise<StoredInvitation | null> {
  const rows = await tx.query<InvitationRow>(
    `${SELECT_INVITATIONS}
      WHERE i.badge_id = $1 AND lower(i.email) = lower($2)
      FOR UPDATE OF i`,
    [badgeId, email],
  );
  return rows[0] ? toStoredInvitation(rows[0]) : null;
}

/**
 * Deletes the badge's invitation of this email; answers it (with the mail
 * that carried it), or null when there was none.
 */
export async function deleteInvitation(
  db: Queryable,
  badgeId: string,
  email: string,
): Promise<{ email: string; mailId: string | null } | null> {
  const rows = await db.query<{ email: string; mail_id: string | null }>(
    `DELETE FROM whitelist_invitations WHERE badge_id = $1 AND lower(email) = lower($2)
     RETURNING email, mail_id`,
    [badgeId, email],
  );
  return rows[0] ? { email: rows[0].email, mailId: rows[0].mail_id } : null;
}
