// Webhook endpoints, the deliveries of events to them (the outbox the event's
// own transaction writes) and what each attempt got.
import type { SponsorEventType } from '@gets/schema';
import type { Queryable } from '../../db/database.ts';
import { eventOf, type StoredEvent } from './event-repository.ts';

export interface StoredEndpoint {
  id: string;
  sponsorId: string;
  url: string;
  events: SponsorEventType[];
  signingSecret: string;
  createdAt: Date;
  disabledAt: Date | null;
  disabledReason: string | null;
}

interface EndpointRow {
  id: string;
  sponsor_id: string;
  url: string;
  events: string[];
  signing_secret: string;
  created_at: Date | string;
  disabled_at: Date | string | null;
  disabled_reason: string | null;
}

const ENDPOINT_COLUMNS =
  'id, sponsor_id, url, events, signing_secret, created_at, disabled_at, disabled_reason';

const endpointOf = (row: EndpointRow): StoredEndpoint => ({
  id: row.id,
  sponsorId: row.sponsor_id,
  url: row.url,
  events: row.events as SponsorEventType[],
  signingSecret: row.signing_secret,
  createdAt: new Date(row.created_at),
  disabledAt: row.disabled_at === null ? null : new Date(row.disabled_at),
  disabledReason: row.disabled_reason,
});

/** Adds an endpoint unless the sponsor has `max` already (then null), in one statement. */
export async function insertEndpoint(
  db: Queryable,
  endpoint: {
    id: string;
    sponsorId: string;
    url: string;
    events: SponsorEventType[];
    signingSecret: string;
  },
  max: number,
): Promise<StoredEndpoint | null> {
  const rows = await db.query<EndpointRow>(
    `INSERT INTO webhook_endpoints (id, sponsor_id, url, events, signing_secret)
     SELECT $1, $2, $3, $4::text[], $5
      WHERE (SELECT count(*) FROM webhook_endpoints
              WHERE sponsor_id = $2 AND removed_at IS NULL) < $6
     RETURNING ${ENDPOINT_COLUMNS}`,
    [endpoint.id, endpoint.sponsorId, endpoint.url, endpoint.events, endpoint.signingSecret, max],
  );
  return rows[0] ? endpointOf(rows[0]) : null;
}

export async function listEndpoints(db: Queryable, sponsorId: string): Promise<StoredEndpoint[]> {
  const rows = await db.query<EndpointRow>(
    `SELECT ${ENDPOINT_COLUMNS} FROM webhook_endpoints
      WHERE sponsor_id = $1 AND removed_at IS NULL ORDER BY created_at, id`,
    [sponsorId],
  );
  return rows.map(endpointOf);
}

export async function findEndpoint(
  db: Queryable,
  sponsorId: string,
  id: string,
): Promise<StoredEndpoint | null> {
  const rows = await db.query<EndpointRow>(
    `SELECT ${ENDPOINT_COLUMNS} FROM webhook_endpoints
      WHERE id = $1 AND sponsor_id = $2 AND removed_at IS NULL`,
    [id, sponsorId],
  );
  return rows[0] ? endpointOf(rows[0]) : null;
}

/** Removes an endpoint: its deliveries still pending are not sent. Answers whether it did. */
export async function removeEndpoint(db: Queryable, sponsorId: string, id: string) {
  const rows = await db.query<{ id: string }>(
    `UPDATE webhook_endpoints SET removed_at = now()
      WHERE id = $1 AND sponsor_id = $2 AND removed_at IS NULL RETURNING id`,
    [id, sponsorId],
  );
  return rows.length > 0;
}

/** Enables a disabled endpoint again; its failures start afresh. */
export async function enableEndpoint(
  db: Queryable,
  sponsorId: string,
  id: string,
): Promise<StoredEndpoint | null> {
  const rows = await db.query<EndpointRow>(
    `UPDATE webhook_endpoints SET disabled_at = NULL, disabled_reason = NULL, failing_since = NULL
      WHERE id = $1 AND sponsor_id = $2 AND removed_at IS NULL
      RETURNING ${ENDPOINT_COLUMNS}`,
    [id, sponsorId],
  );
  return rows[0] ? endpointOf(rows[0]) : null;
}

// ------------------------------------------------------------------ deliveries

export interface DueDelivery {
  id: string;
  attempts: number;
  endpoint: { id: string; url: string; signingSecret: string; sponsorId: string };
  event: StoredEvent;
}

/**
 * Takes up to `limit` due deliveries and leases them until `leaseUntil` (their
 * next_attempt_at): no transaction stays open while a receiver answers, and a
 * delivery whose worker died is due again when the lease ends. Deliveries of
 * removed or disabled endpoints, and of banned sponsors, wait.
 */
export async function takeDueDeliveries(
  db: Queryable,
  lease: { now: Date; leaseUntil: Date; limit: number },
): Promise<DueDelivery[]> {
  const rows = await db.query<{
    id: string;
    attempts: number;
    endpoint_id: string;
    url: string;
    signing_secret: string;
    event_id: string;
    sponsor_id: string;
    seq: string;
    type: string;
    data: Record<string, unknown> | string;
    created_at: Date | string;
  }>(
    `WITH due AS (
       SELECT d.id FROM webhook_deliveries d
         JOIN webhook_endpoints e ON e.id = d.endpoint_id
         JOIN users u ON u.id = e.sponsor_id
        WHERE d.status = 'PENDING' AND d.next_attempt_at <= $1
          AND e.removed_at IS NULL AND e.disabled_at IS NULL AND u.banned_at IS NULL
        ORDER BY d.next_attempt_at, d.id LIMIT $3
        FOR UPDATE OF d SKIP LOCKED),
     leased AS (
       UPDATE webhook_deliveries d SET next_attempt_at = $2 FROM due WHERE d.id = due.id
       RETURNING d.id, d.attempts, d.endpoint_id, d.event_id)
     SELECT l.id, l.attempts, l.endpoint_id, e.url, e.signing_secret, ev.id AS event_id,
            ev.sponsor_id, ev.seq::text AS seq, ev.type, ev.data, ev.created_at
       FROM leased l JOIN webhook_endpoints e ON e.id = l.endpoint_id
       JOIN sponsor_events ev ON ev.id = l.event_id`,
    [lease.now, lease.leaseUntil, lease.limit],
  );
  return rows.map((row) => ({
    id: row.id,
    attempts: row.attempts,
    endpoint: {
      id: row.endpoint_id,
      url: row.url,
      signingSecret: row.signing_secret,
      sponsorId: row.sponsor_id,
    },
    event: eventOf({ ...row, id: row.event_id }),
  }));
}

export interface AttemptResult {
  statusCode: number | null;
  durationMs: number;
  error: string | null;
  ok: boolean;
}

/**
 * Records an attempt and what follows: DELIVERED on a 2xx (the endpoint's
 * failures end), else due again at `retryAt`, or FAILED when it is null. A
 * failure past `disableAfter` of failing with no success disables the
 * endpoint: answers its sponsor then (to be told), else null.
 */
export async function recordAttempt(
  db: Queryable,
  delivery: { id: string; endpointId: string },
  attempt: AttemptResult & { id: string; attemptedAt: Date },
  next: { retryAt: Date | null; disableAfterMs: number; disabledReason: string },
): Promise<{ disabled: { sponsorId: string; url: string } | null }> {
  await db.query(
    `INSERT INTO webhook_attempts (id, delivery_id, attempted_at, status_code, duration_ms, error, ok)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [
      attempt.id,
      delivery.id,
      attempt.attemptedAt,
      attempt.statusCode,
      attempt.durationMs,
      attempt.error,
      attempt.ok,
    ],
  );
  if (attempt.ok) {
    await db.query(
      `UPDATE webhook_deliveries SET status = 'DELIVERED', attempts = attempts + 1, delivered_at = $2
        WHERE id = $1`,
      [delivery.id, attempt.attemptedAt],
    );
    await db.query('UPDATE webhook_endpoints SET failing_since = NULL WHERE id = $1', [
      delivery.endpointId,
    ]);
    return { disabled: null };
  }
  await db.query(
    `UPDATE webhook_deliveries
        SET attempts = attempts + 1,
            status = CASE WHEN $2::timestamptz IS NULL THEN 'FAILED' ELSE 'PENDING' END,
            next_attempt_at = coalesce($2::timestamptz, next_attempt_at)
      WHERE id = $1`,
    [delivery.id, next.retryAt],
  );
  const rows = await db.query<{ sponsor_id: string; url: string; disabled_now: boolean }>(
    `UPDATE webhook_endpoints
        SET failing_since = coalesce(failing_since, $2),
            disabled_at = CASE WHEN disabled_at IS NULL
                                AND coalesce(failing_since, $2) <= $2 - $3 * interval '1 millisecond'
                               THEN $2 ELSE disabled_at END,
            disabled_reason = CASE WHEN disabled_at IS NULL
                                    AND coalesce(failing_since, $2) <= $2 - $3 * interval '1 millisecond'
                                   THEN $4 ELSE disabled_reason END
      WHERE id = $1
      RETURNING sponsor_id, url, disabled_at = $2 AS disabled_now`,
    [delivery.endpointId, attempt.attemptedAt, next.disableAfterMs, next.disabledReason],
  );
  const row = rows[0];
  return { disabled: row?.disabled_now ? { sponsorId: row.sponsor_id, url: row.url } : null };
}

export interface StoredAttempt {
  deliveryId: string;
  eventId: string;
  eventType: string;
  attemptedAt: Date;
  statusCode: number | null;
  durationMs: number;
  error: string | null;
  ok: boolean;
}

/** The endpoint's latest attempts, newest first. */
export async function recentAttempts(
  db: Queryable,
  endpointId: string,
  limit: number,
): Promise<StoredAttempt[]> {
  const rows = await db.query<{
    delivery_id: string;
    event_id: string;
    type: string;
    attempted_at: Date | string;
    status_code: number | null;
    duration_ms: number;
    error: string | null;
    ok: boolean;
  }>(
    `SELECT a.delivery_id, d.event_id, ev.type, a.attempted_at, a.status_code, a.duration_ms,
            a.error, a.ok
       FROM webhook_attempts a
       JOIN webhook_deliveries d ON d.id = a.delivery_id
       JOIN sponsor_events ev ON ev.id = d.event_id
      WHERE d.endpoint_id = $1
      ORDER BY a.attempted_at DESC, a.id LIMIT $2`,
    [endpointId, limit],
  );
  return rows.map((row) => ({
    deliveryId: row.delivery_id,
    eventId: row.event_id,
    eventType: row.type,
    attemptedAt: new Date(row.attempted_at),
    statusCode: row.status_code,
    durationMs: row.duration_ms,
    error: row.error,
    ok: row.ok,
  }));
}

/**
 * "Resend": the delivery is due now again, with the whole retry schedule
 * before it (same event, same webhook-id). Answers whether it was found.
 */
export async function resendDelivery(
  db: Queryable,
  endpointId: string,
  deliveryId: string,
): Promise<boolean> {
  const rows = await db.query<{ id: string }>(
    `UPDATE webhook_deliveries SET status = 'PENDING', next_attempt_at = now(), attempts = 0
      WHERE id = $1 AND endpoint_id = $2 RETURNING id`,
    [deliveryId, endpointId],
  );
  return rows.length > 0;
}

/**
 * Events recorded before `before` go, up to `limit` of them, oldest first,
 * except those a delivery still refers to (one PENDING, or finished but not
 * yet pruned); answers how many went. Each sponsor's event numbers go on
 * from their counter, so a cursor from before still reads on in order.
 */
export async function pruneEvents(db: Queryable, before: Date, limit: number): Promise<number> {
  const rows = await db.query<{ id: string }>(
    `DELETE FROM sponsor_events WHERE id IN (
       SELECT e.id FROM sponsor_events e
        WHERE e.created_at < $1
          AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.event_id = e.id)
        ORDER BY e.created_at LIMIT $2)
     RETURNING id`,
    [before, limit],
  );
  return rows.length;
}

/** Attempts and finished deliveries older than `before` go (the events stay for the feed). */
export async function pruneDeliveries(db: Queryable, before: Date): Promise<number> {
  await db.query('DELETE FROM webhook_attempts WHERE attempted_at < $1', [before]);
  const rows = await db.query<{ id: string }>(
    `DELETE FROM webhook_deliveries WHERE status <> 'PENDING' AND created_at < $1 RETURNING id`,
    [before],
  );
  return rows.length;
}
