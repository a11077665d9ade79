// The sponsor's events: recorded in the database transaction of what they
// report, with a delivery to each endpoint that listens for them written in
// the same statement (the outbox), and read back in order by the feed.
import { randomUUID } from 'node:crypto';
import { TEST_EVENT_TYPE } from '@gets/schema';
import type { Queryable } from '../../db/database.ts';

export interface StoredEvent {
  id: string;
  sponsorId: string;
  seq: string;
  type: string;
  data: Record<string, unknown>;
  createdAt: Date;
}

interface EventRow {
  id: string;
  sponsor_id: string;
  seq: string;
  type: string;
  data: Record<string, unknown> | string;
  created_at: Date | string;
}

export const eventOf = (row: EventRow): StoredEvent => ({
  id: row.id,
  sponsorId: row.sponsor_id,
  seq: String(row.seq),
  type: row.type,
  data: typeof row.data === 'string' ? (JSON.parse(row.data) as Record<string, unknown>) : row.data,
  createdAt: new Date(row.created_at),
});

export const newEventId = () => `evt_${randomUUID().replaceAll('-', '')}`;

/**
 * `sponsor` is a SQL expression of $1 (the sponsor's id, or a lookup of it);
 * no row is written when it is null (the badge is not a sponsor's). The
 * counter row is held until the caller's transaction commits, so the sponsor's
 * events commit in the order of their numbers. `onlyEndpoint` ($5): a test
 * event goes to that endpoint alone, whatever it listens for.
 */
const RECORD_EVENT = (sponsor: string) => `
  WITH sponsor AS (SELECT ${sponsor} AS id),
  counter AS (
    INSERT INTO sponsor_event_counters (sponsor_id, last_seq)
    SELECT id, 1 FROM sponsor WHERE id IS NOT NULL
    ON CONFLICT (sponsor_id) DO UPDATE SET last_seq = sponsor_event_counters.last_seq + 1
    RETURNING sponsor_id, last_seq),
  event AS (
    INSERT INTO sponsor_events (id, sponsor_id, seq, type, data)
    SELECT $2, sponsor_id, last_seq, $3, $4::jsonb FROM counter
    RETURNING id, sponsor_id, type)
  INSERT INTO webhook_deliveries (id, endpoint_id, event_id, status)
  SELECT gen_random_uuid(), e.id, event.id, 'PENDING'
    FROM event JOIN webhook_endpoints e ON e.sponsor_id = event.sponsor_id
   WHERE e.removed_at IS NULL AND e.disabled_at IS NULL
     AND (CASE WHEN $5::uuid IS NULL THEN event.type = ANY (e.events) ELSE e.id = $5::uuid END)`;

async function record(
  tx: Queryable,
  sponsorSql: string,
  sponsorParam: string,
  type: string,
  data: Record<string, unknown>,
  onlyEndpoint: string | null = null,
): Promise<string> {
  const id = newEventId();
  await tx.query(RECORD_EVENT(sponsorSql), [
    sponsorParam,
    id,
    type,
    JSON.stringify(data),
    onlyEndpoint,
  ]);
  return id;
}

/** An event of the sponsor `sponsorId`. */
export const recordSponsorEvent = (
  tx: Queryable,
  sponsorId: string,
  type: string,
  data: Record<string, unknown>,
) => record(tx, '$1::uuid', sponsorId, type, data);

/** An event of the sponsor of the badge whose on-chain id is `chainBadgeId`. */
export const recordBadgeEvent = (
  tx: Queryable,
  chainBadgeId: string,
  type: string,
  data: Record<string, unknown>,
) =>
  record(
    tx,
    '(SELECT b.sponsor_id FROM badges b WHERE b.on_chain_id = $1::numeric)',
    chainBadgeId,
    type,
    data,
  );

/** "Send test event": to one endpoint of the sponsor's, and never on the feed. */
export const recordTestEvent = (
  tx: Queryable,
  sponsorId: string,
  endpointId: string,
  data: Record<string, unknown>,
) => record(tx, '$1::uuid', sponsorId, TEST_EVENT_TYPE, data, endpointId);

/** The feed: the sponsor's events after `afterSeq`, in order (test events left out). */
export async function eventsAfter(
  db: Queryable,
  sponsorId: string,
  afterSeq: string,
  limit: number,
): Promise<StoredEvent[]> {
  const rows = await db.query<EventRow>(
    `SELECT id, sponsor_id, seq::text AS seq, type, data, created_at FROM sponsor_events
      WHERE sponsor_id = $1 AND seq > $2::bigint AND type <> $4
      ORDER BY seq LIMIT $3`,
    [sponsorId, afterSeq, limit, TEST_EVENT_TYPE],
  );
  return rows.map(eventOf);
}

/**
 * Badges past their expiry date that their sponsor has not been told of,
 * marked told in the same statement; answers them for their events.
 */
export async function takeNewlyExpiredBadges(
  tx: Queryable,
  limit: number,
): Promise<{ badgeId: string; chainBadgeId: string; name: string; expiryDate: Date }[]> {
  const rows = await tx.query<{
    id: string;
    on_chain_id: string;
    name: string;
    expiry_date: Date | string;
  }>(
    `WITH due AS (
       SELECT b.id FROM badges b
        WHERE b.status = 'VERIFIED' AND b.expiry_date <= now() AND b.on_chain_id IS NOT NULL
          AND NOT EXISTS (SELECT 1 FROM sponsor_badge_expiries x WHERE x.badge_id = b.id)
        ORDER BY b.expiry_date LIMIT $1),
     told AS (
       INSERT INTO sponsor_badge_expiries (badge_id) SELECT id FROM due
       ON CONFLICT DO NOTHING RETURNING badge_id)
     SELECT b.id, b.on_chain_id::text AS on_chain_id, b.name, b.expiry_date
       FROM badges b JOIN told ON told.badge_id = b.id`,
    [limit],
  );
  return rows.map((row) => ({
    badgeId: row.id,
    chainBadgeId: row.on_chain_id,
    name: row.name,
    expiryDate: new Date(row.expiry_date),
  }));
}

/** What an application event says: what the sponsor's list of applications shows. */
export interface ApplicationFacts {
  applicationId: string;
  requestId: string;
  badgeId: string;
  badgeName: string;
  sponsorId: string;
  fullName: string;
  earnerAddress: string;
  claimDeadline: Date | null;
}

export async function applicationFactsOf(
  tx: Queryable,
  requestIds: string[],
): Promise<ApplicationFacts[]> {
  if (requestIds.length === 0) return [];
  const rows = await tx.query<{
    id: string;
    request_id: string;
    badge_id: string;
    badge_name: string;
    sponsor_id: string;
    full_name: string;
    earner_address: string;
    claim_deadline: Date | string | null;
  }>(
    `SELECT a.id, a.on_chain_id::text AS request_id, b.on_chain_id::text AS badge_id,
            b.name AS badge_name, b.sponsor_id, a.full_name, a.earner_address, a.claim_deadline
       FROM badge_applications a JOIN badges b ON b.id = a.badge_id
      WHERE a.on_chain_id = ANY ($1::numeric[])
      ORDER BY a.on_chain_id`,
    [requestIds],
  );
  return rows.map((row) => ({
    applicationId: row.id,
    requestId: row.request_id,
    badgeId: row.badge_id,
    badgeName: row.badge_name,
    sponsorId: row.sponsor_id,
    fullName: row.full_name,
    earnerAddress: row.earner_address,
    claimDeadline: row.claim_deadline === null ? null : new Date(row.claim_deadline),
  }));
}

/** The credential a claim of this request issued (recorded by the claim's own effect, just before). */
export async function credentialOfRequest(
  tx: Queryable,
  requestId: string,
): Promise<{ credentialId: string } | null> {
  const rows = await tx.query<{ id: string }>(
    `SELECT c.id FROM credentials c JOIN badge_applications a ON a.id::text = c.award_id
      WHERE a.on_chain_id = $1::numeric`,
    [requestId],
  );
  return rows[0] ? { credentialId: rows[0].id } : null;
}

/** Credentials of a badge revoked by the statement that just ran (a ban), for their events. */
export async function credentialsRevokedWith(
  tx: Queryable,
  chainBadgeId: string,
): Promise<{ credentialId: string; reason: string | null; revokedAt: Date }[]> {
  const rows = await tx.query<{
    id: string;
    revocation_reason: string | null;
    revoked_at: Date | string;
  }>(
    `SELECT c.id, c.revocation_reason, c.revoked_at FROM credentials c
       JOIN badges b ON b.id::text = c.badge_id
      WHERE b.on_chain_id = $1::numeric AND c.revoked_at = now()`,
    [chainBadgeId],
  );
  return rows.map((row) => ({
    credentialId: row.id,
    reason: row.revocation_reason,
    revokedAt: new Date(row.revoked_at),
  }));
}

/**
 * A sponsor's chain transaction as its outcome left it (this database
 * transaction marked it): null when it is not a sponsor's (an earner's, an
 * admin's, the platform's).
 */
export async function sponsorTransaction(
  tx: Queryable,
  transactionId: string,
): Promise<{
  sponsorId: string;
  transactionHash: string | null;
  failureReason: string | null;
} | null> {
  const rows = await tx.query<{
    sponsor_id: string;
    transaction_hash: string | null;
    failure_reason: string | null;
  }>(
    `SELECT u.id AS sponsor_id, t.transaction_hash, t.failure_reason
       FROM chain_transactions t
       JOIN users u ON t.owner_kind = 'user' AND u.id = t.owner_id AND u.user_type = 'SPONSOR'
      WHERE t.id = $1::uuid`,
    [transactionId],
  );
  const row = rows[0];
  return row
    ? {
        sponsorId: row.sponsor_id,
        transactionHash: row.transaction_hash,
        failureReason: row.failure_reason,
      }
    : null;
}

export async function sponsorEmail(db: Queryable, sponsorId: string): Promise<string | null> {
  const rows = await db.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [
    sponsorId,
  ]);
  return rows[0]?.email ?? null;
}

/**
 * An admin's revocation of one credential, told to the sponsor of its badge
 * (credential.revoked), in the revocation's own transaction; nothing when the
 * credential is not of a sponsor's badge.
 */
export async function recordCredentialRevoked(
  tx: Queryable,
  revoked: { credentialId: string; reason: string; revokedAt: Date },
): Promise<void> {
  const rows = await tx.query<{ sponsor_id: string; badge_id: string; name: string }>(
    `SELECT b.sponsor_id, b.on_chain_id::text AS badge_id, b.name
       FROM credentials c JOIN badges b ON b.id::text = c.badge_id
      WHERE c.id = $1::uuid AND b.on_chain_id IS NOT NULL`,
    [revoked.credentialId],
  );
  const badge = rows[0];
  if (!badge) return;
  await recordSponsorEvent(tx, badge.sponsor_id, 'credential.revoked', {
    badgeId: badge.badge_id,
    badgeName: badge.name,
    credentialId: revoked.credentialId,
    reason: revoked.reason,
    revokedAt: revoked.revokedAt.toISOString(),
  });
}
