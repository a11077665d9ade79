// SQL of the invitations a sponsor's whitelist CSV sent, one per email
// whoever it belongs to (whitelist_invitations), the answers of the earners
// they reached, and the addresses that asked for no more
// (invitation_opt_outs). The rows are the record of what was sent: a
// withdrawn invitation is marked, never deleted, so it still counts towards
// the sponsor's limits and its address is not invited to the badge again.
import type { InvitationDelivery } from '@gets/schema';
import type { Queryable } from '../../db/database.ts';
import type { MailFailure } from '../../mail/mail-queue-repository.ts';

export interface StoredInvitation {
  email: string;
  invitedAt: Date;
  /** The wallet of the earner who accepted it, if one did (never shown to the sponsor). */
  acceptedAccount: `0x${string}` | null;
  /** How its mail went: still being sent (maybe tried again later), sent, or given up. */
  delivery: InvitationDelivery;
  /** How the mail's last try failed (never the server's own words), while it is tried again or once given up. */
  lastFailure: MailFailure | null;
  /** The queued mail that carries it; null before the queue or once its record was pruned. */
  mailId: string | null;
}

/**
 * Takes the sponsor's invitation lock until the transaction ends: two
 * uploads of one sponsor, in any API process, count and record their
 * invitations one after the other, so together they cannot pass a limit.
 */
export async function lockSponsorInvitations(tx: Queryable, sponsorId: string): Promise<void> {
  await tx.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [sponsorId]);
}

/** Invitations the sponsor has sent since 00:00 UTC today, withdrawn ones included. */
export async function countInvitationsToday(db: Queryable, sponsorId: string): Promise<number> {
  const rows = await db.query<{ count: number | string }>(
    `SELECT count(*) AS count FROM whitelist_invitations
      WHERE sponsor_id = $1 AND invited_at >= date_trunc('day', now(), 'UTC')`,
    [sponsorId],
  );
  return Number(rows[0]?.count ?? 0);
}

/**
 * Records invitations of these emails to the badge; answers only the ones
 * to mail: never an address invited to this badge before, one that asked for
 * no more invitations, or one this sponsor invited to any badge in the last
 * `addressDays` days. The statement itself checks, so a rule holds even
 * when another upload changed things since the preview.
 */
export async function insertInvitations(
  db: Queryable,
  invitation: { badgeId: string; sponsorId: string; emails: string[]; addressDays: number },
): Promise<string[]> {
  if (invitation.emails.length === 0) return [];
  const rows = await db.query<{ email: string }>(
    `INSERT INTO whitelist_invitations (badge_id, email, sponsor_id)
     SELECT $1, candidate.address, $2 FROM unnest($3::text[]) AS candidate (address)
      WHERE NOT EXISTS (SELECT 1 FROM invitation_opt_outs o WHERE o.email = lower(candidate.address))
        AND NOT EXISTS (
          SELECT 1 FROM whitelist_invitations r
           WHERE r.sponsor_id = $2 AND lower(r.email) = lower(candidate.address)
             AND r.invited_at > now() - $4::int * interval '1 day')
     ON CONFLICT (badge_id, lower(email)) DO NOTHING
     RETURNING email`,
    [invitation.badgeId, invitation.sponsorId, invitation.emails, invitation.addressDays],
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

/** The emails of these that the sponsor invited to any badge in the last `days` days (lower case). */
export async function findEmailsInvitedSince(
  db: Queryable,
  sponsorId: string,
  emails: string[],
  days: number,
): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  const rows = await db.query<{ email: string }>(
    `SELECT DISTINCT lower(email) AS email FROM whitelist_invitations
      WHERE sponsor_id = $1 AND lower(email) = ANY($2::text[])
        AND invited_at > now() - $3::int * interval '1 day'`,
    [sponsorId, emails.map((e) => e.toLowerCase()), days],
  );
  return new Set(rows.map((row) => row.email));
}

/** The emails of these that asked for no more invitations (lower case). */
export async function findUnsubscribedEmails(
  db: Queryable,
  emails: string[],
): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  const rows = await db.query<{ email: string }>(
    'SELECT email FROM invitation_opt_outs WHERE email = ANY($1::text[])',
    [emails.map((e) => e.toLowerCase())],
  );
  return new Set(rows.map((row) => row.email));
}

/**
 * Ties each invitation of the badge to the queued mail that carries it and
 * to the SHA-256 of the unsubscribe token in that mail.
 */
export async function linkInvitationMails(
  db: Queryable,
  badgeId: string,
  mails: { email: string; mailId: string; unsubscribeTokenHash: string }[],
): Promise<void> {
  if (mails.length === 0) return;
  await db.query(
    `UPDATE whitelist_invitations i SET mail_id = m.mail_id, unsubscribe_token_hash = m.token_hash
       FROM unnest($2::text[], $3::uuid[], $4::text[]) AS m (email, mail_id, token_hash)
      WHERE i.badge_id = $1 AND lower(i.email) = lower(m.email)`,
    [
      badgeId,
      mails.map((mail) => mail.email),
      mails.map((mail) => mail.mailId),
      mails.map((mail) => mail.unsubscribeTokenHash),
    ],
  );
}

/**
 * Records that the address of the invitation with this unsubscribe token
 * wants no more invitations (again: nothing changes); answers the address,
 * or null when no invitation has the token.
 */
export async function optOutByToken(db: Queryable, tokenHash: string): Promise<string | null> {
  const rows = await db.query<{ email: string }>(
    `WITH invitation AS (
       SELECT lower(email) AS email FROM whitelist_invitations WHERE unsubscribe_token_hash = $1),
     opted AS (
       INSERT INTO invitation_opt_outs (email) SELECT email FROM invitation
       ON CONFLICT (email) DO NOTHING)
     SELECT email FROM invitation`,
    [tokenHash],
  );
  return rows[0]?.email ?? null;
}

type InvitationRow = {
  email: string;
  invited_at: Date | string;
  accepted_account: `0x${string}` | null;
  delivery: InvitationDelivery;
  last_failure: MailFailure | null;
  mail_id: string | null;
};

/**
 * An invitation with the wallet of the earner who accepted it and how its
 * mail went. Only an acceptance joins an account: whether the email has one
 * is no part of the row.
 */
const SELECT_INVITATIONS = `
  SELECT i.email, i.invited_at, u.account AS accepted_account, m.last_failure, i.mail_id,
         CASE WHEN m.given_up_at IS NOT NULL THEN 'NOT_DELIVERED'
              WHEN m.id IS NOT NULL AND m.sent_at IS NULL THEN 'SENDING'
              ELSE 'SENT' END AS delivery
    FROM whitelist_invitations i
    LEFT JOIN users u ON u.id = i.accepted_by AND i.accepted_at IS NOT NULL
    LEFT JOIN mail_queue m ON m.id = i.mail_id`;
/** Invitations not withdrawn: the ones the sponsor sees and acts on. */
const STANDING = 'i.withdrawn_at IS NULL';

const toStoredInvitation = (row: InvitationRow): StoredInvitation => ({
  email: row.email,
  invitedAt: new Date(row.invited_at),
  acceptedAccount: row.accepted_account,
  delivery: row.delivery,
  lastFailure: row.delivery === 'SENT' ? null : row.last_failure,
  mailId: row.mail_id,
});

/** The badge's invitations, newest first, with the wallet of whoever accepted and how their mail went. */
export async function listInvitations(db: Queryable, badgeId: string): Promise<StoredInvitation[]> {
  const rows = await db.query<InvitationRow>(
    `${SELECT_INVITATIONS}
      WHERE i.badge_id = $1 AND ${STANDING}
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
      WHERE i.badge_id = $1 AND lower(i.email) = lower($2) AND ${STANDING}
      FOR UPDATE OF i`,
    [badgeId, email],
  );
  return rows[0] ? toStoredInvitation(rows[0]) : null;
}

/**
 * Marks the badge's invitation of this email withdrawn; answers it (with the
 * mail that carried it), or null when there was none standing.
 */
export async function markInvitationWithdrawn(
  db: Queryable,
  badgeId: string,
  email: string,
): Promise<{ email: string; mailId: string | null } | null> {
  const rows = await db.query<{ email: string; mail_id: string | null }>(
    `UPDATE whitelist_invitations SET withdrawn_at = now()
      WHERE badge_id = $1 AND lower(email) = lower($2) AND withdrawn_at IS NULL
     RETURNING email, mail_id`,
    [badgeId, email],
  );
  return rows[0] ? { email: rows[0].email, mailId: rows[0].mail_id } : null;
}

/** An invitation as the earner it reached sees it. */
export interface InvitationOfEarner {
  badgeId: string;
  badgeName: string;
  badgeOnChainId: string | null;
  sponsorName: string;
  invitedAt: Date;
  accepted: boolean;
}

/**
 * The invitations to this email (the earner's account's) still open: not
 * withdrawn or declined, not accepted by another account, to a private badge
 * that can still take earners; newest first.
 */
export async function listInvitationsOfEarner(
  db: Queryable,
  earner: { id: string; email: string },
): Promise<InvitationOfEarner[]> {
  const rows = await db.query<{
    badge_id: string;
    badge_name: string;
    on_chain_id: string | null;
    sponsor_name: string;
    invited_at: Date | string;
    accepted_at: Date | string | null;
  }>(
    `SELECT i.badge_id, b.name AS badge_name, b.on_chain_id::text AS on_chain_id,
            s.full_name AS sponsor_name, i.invited_at, i.accepted_at
       FROM whitelist_invitations i
       JOIN badges b ON b.id = i.badge_id
       JOIN users s ON s.id = i.sponsor_id
      WHERE lower(i.email) = lower($1) AND i.withdrawn_at IS NULL AND i.declined_at IS NULL
        AND (i.accepted_by IS NULL OR i.accepted_by = $2)
        AND NOT b.is_public AND b.status IN ('VERIFIED', 'UNDER_VERIFICATION')
      ORDER BY i.invited_at DESC, i.badge_id`,
    [earner.email, earner.id],
  );
  return rows.map((row) => ({
    badgeId: row.badge_id,
    badgeName: row.badge_name,
    badgeOnChainId: row.on_chain_id,
    sponsorName: row.sponsor_name,
    invitedAt: new Date(row.invited_at),
    accepted: row.accepted_at !== null,
  }));
}

/**
 * Records the earner's answer to the badge's invitation of their email, if
 * it is still open (not withdrawn, declined or accepted, to a private badge
 * that can still take earners); answers whether it was recorded.
 */
export async function answerInvitation(
  db: Queryable,
  answer: { badgeId: string; earner: { id: string; email: string }; accept: boolean },
): Promise<boolean> {
  const rows = await db.query(
    `UPDATE whitelist_invitations
        SET accepted_at = CASE WHEN $4 THEN now() END,
            accepted_by = CASE WHEN $4 THEN $3::uuid END,
            declined_at = CASE WHEN $4 THEN NULL ELSE now() END
      WHERE badge_id = $1 AND lower(email) = lower($2)
        AND withdrawn_at IS NULL AND declined_at IS NULL AND accepted_at IS NULL
        AND EXISTS (
          SELECT 1 FROM badges b
           WHERE b.id = badge_id AND NOT b.is_public
             AND b.status IN ('VERIFIED', 'UNDER_VERIFICATION'))
     RETURNING 1`,
    [answer.badgeId, answer.earner.email, answer.earner.id, answer.accept],
  );
  return rows.length > 0;
}

/**
 * The wallets of the earners who accepted the badge's invitations of these
 * emails (standing ones), in the order of their emails: the same emails
 * always answer the same list.
 */
export async function findAcceptedWallets(
  db: Queryable,
  badgeId: string,
  emails: string[],
): Promise<`0x${string}`[]> {
  if (emails.length === 0) return [];
  const rows = await db.query<{ account: `0x${string}` }>(
    `SELECT u.account
       FROM whitelist_invitations i
       JOIN users u ON u.id = i.accepted_by
      WHERE i.badge_id = $1 AND lower(i.email) = ANY($2::text[])
        AND i.withdrawn_at IS NULL AND i.accepted_at IS NOT NULL
        AND u.user_type = 'EARNER' AND u.account IS NOT NULL
      ORDER BY lower(i.email)`,
    [badgeId, emails.map((e) => e.toLowerCase())],
  );
  return rows.map((row) => row.account);
}
