// SQL of the reminder emails (migration 0061): each statement that finds the
// next mail to send also records it, so two workers or a restart never send
// one twice. Run each inside the transaction that queues the mail: the record
// and the queued mail commit together, or neither does.
import type { Queryable } from '../../db/database.ts';

export interface DueClaimReminder {
  applicationId: string;
  email: string;
  fullName: string;
  badgeId: string;
  badgeName: string;
  claimDeadline: Date;
}

/**
 * Takes the next approval whose claim deadline falls in (now, until] and was
 * not reminded yet, of an earner who wants reminders, still unclaimed (no
 * claim on its way) and not being released; marks it reminded at `now`.
 * Rows another worker holds are skipped. Null when none is due.
 */
export async function takeDueClaimReminder(
  db: Queryable,
  window: { now: Date; until: Date },
): Promise<DueClaimReminder | null> {
  const rows = await db.query<{
    id: string;
    email: string;
    full_name: string;
    badge_id: string;
    badge_name: string;
    claim_deadline: Date | string;
  }>(
    `WITH due AS (
       SELECT a.id FROM badge_applications a
         JOIN users u ON u.id = a.earner_id
         JOIN badges b ON b.id = a.badge_id
        WHERE a.status = 'APPROVED' AND a.claim_reminder_sent_at IS NULL
          AND a.claim_transaction_id IS NULL AND a.release_transaction_id IS NULL
          AND a.claim_deadline > $1 AND a.claim_deadline <= $2
          AND u.email_claim_reminder AND u.banned_at IS NULL AND b.status = 'VERIFIED'
        ORDER BY a.claim_deadline, a.id LIMIT 1
        FOR UPDATE OF a SKIP LOCKED)
     UPDATE badge_applications a SET claim_reminder_sent_at = $1
       FROM due, users u, badges b
      WHERE a.id = due.id AND u.id = a.earner_id AND b.id = a.badge_id
      RETURNING a.id, u.email, a.full_name, b.id AS badge_id, b.name AS badge_name,
        a.claim_deadline`,
    [window.now, window.until],
  );
  const row = rows[0];
  return row
    ? {
        applicationId: row.id,
        email: row.email,
        fullName: row.full_name,
        badgeId: row.badge_id,
        badgeName: row.badge_name,
        claimDeadline: new Date(row.claim_deadline),
      }
    : null;
}

export interface ClaimedDigest {
  sponsorId: string;
  email: string;
  fullName: string;
  coveredFrom: Date;
  coveredUntil: Date;
}

/**
 * Takes the next sponsor who wants the digest, has none for `day` yet, and
 * has applications that arrived after their last digest (or, for the first,
 * after `firstFrom`) and up to `until`; records the digest of `day` covering
 * them. A second worker's same statement waits on the key and records
 * nothing. Null when no sponsor is due.
 */
export async function takeDueDigest(
  db: Queryable,
  digest: { day: string; firstFrom: Date; until: Date; now: Date },
): Promise<ClaimedDigest | null> {
  const rows = await db.query<{
    sponsor_id: string;
    email: string;
    full_name: string;
    covered_from: Date | string;
    covered_until: Date | string;
  }>(
    `WITH due AS (
       SELECT u.id, u.email, u.full_name, w.since
         FROM users u
         CROSS JOIN LATERAL (
           SELECT COALESCE(max(d.covered_until), $2::timestamptz) AS since
             FROM application_digests d WHERE d.sponsor_id = u.id) w
        WHERE u.user_type = 'SPONSOR' AND u.email_application_digest AND u.banned_at IS NULL
          AND NOT EXISTS (SELECT 1 FROM application_digests d
                           WHERE d.sponsor_id = u.id AND d.digest_day = $1::date)
          AND EXISTS (SELECT 1 FROM badge_applications a JOIN badges b ON b.id = a.badge_id
                       WHERE b.sponsor_id = u.id
                         AND a.applied_at > w.since AND a.applied_at <= $3)
        ORDER BY u.id LIMIT 1),
     taken AS (
       INSERT INTO application_digests (sponsor_id, digest_day, covered_from, covered_until, sent_at)
       SELECT id, $1::date, since, $3, $4 FROM due
       ON CONFLICT (sponsor_id, digest_day) DO NOTHING
       RETURNING sponsor_id, covered_from, covered_until)
     SELECT t.sponsor_id, due.email, due.full_name, t.covered_from, t.covered_until
       FROM taken t JOIN due ON due.id = t.sponsor_id`,
    [digest.day, digest.firstFrom, digest.until, digest.now],
  );
  const row = rows[0];
  return row
    ? {
        sponsorId: row.sponsor_id,
        email: row.email,
        fullName: row.full_name,
        coveredFrom: new Date(row.covered_from),
        coveredUntil: new Date(row.covered_until),
      }
    : null;
}

export interface DigestApplication {
  badgeId: string;
  badgeName: string;
  fullName: string;
  appliedAt: Date;
}

/** The applications to a sponsor's badges that arrived in (from, until], by badge, oldest first. */
export async function listApplicationsArrived(
  db: Queryable,
  sponsorId: string,
  range: { from: Date; until: Date },
): Promise<DigestApplication[]> {
  const rows = await db.query<{
    badge_id: string;
    badge_name: string;
    full_name: string;
    applied_at: Date | string;
  }>(
    `SELECT b.id AS badge_id, b.name AS badge_name, a.full_name, a.applied_at
       FROM badge_applications a JOIN badges b ON b.id = a.badge_id
      WHERE b.sponsor_id = $1 AND a.applied_at > $2 AND a.applied_at <= $3
      ORDER BY b.name, b.id, a.applied_at, a.id`,
    [sponsorId, range.from, range.until],
  );
  return rows.map((row) => ({
    badgeId: row.badge_id,
    badgeName: row.badge_name,
    fullName: row.full_name,
    appliedAt: new Date(row.applied_at),
  }));
}
