// SQL of the invitations a sponsor's whitelist CSV sent to emails without an
// account (whitelist_invitations).
import type { Queryable } from '../../db/database.ts';

export interface StoredInvitation {
  email: string;
  invitedAt: Date;
  /** The earner who registered with this email since, if any. */
  earnerAccount: `0x${string}` | null;
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

/** The badge's invitations, newest first, with the earner who registered since. */
export async function listInvitations(db: Queryable, badgeId: string): Promise<StoredInvitation[]> {
  const rows = await db.query<{
    email: string;
    invited_at: Date | string;
    account: `0x${string}` | null;
  }>(
    `SELECT i.email, i.invited_at, u.account
       FROM whitelist_invitations i
       LEFT JOIN users u ON lower(u.email) = lower(i.email) AND u.user_type = 'EARNER'
      WHERE i.badge_id = $1
      ORDER BY i.invited_at DESC, i.email`,
    [badgeId],
  );
  return rows.map((row) => ({
    email: row.email,
    invitedAt: new Date(row.invited_at),
    earnerAccount: row.account,
  }));
}
