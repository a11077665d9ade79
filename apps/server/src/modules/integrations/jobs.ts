// The worker's side of the sponsors' integrations: sends the outbox's due
// deliveries (at least once, with growing delays for more than three days),
// disables an endpoint that has failed for days and tells its sponsor, tells
// sponsors of their badges that expired, and forgets old attempts and events.
import { randomUUID } from 'node:crypto';
import { PRODUCT_NAME } from '@gets/schema';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/database.ts';
import { queueMails } from '../../mail/mail-queue-repository.ts';
import type { WorkerJob } from '../../worker/worker.ts';
import { recordBadgeEvent, sponsorEmail, takeNewlyExpiredBadges } from './event-repository.ts';
import { eventBody } from './service.ts';
import {
  pruneDeliveries,
  pruneEvents,
  recordAttempt,
  takeDueDeliveries,
} from './webhook-repository.ts';
import { sendWebhook } from './webhook-sender.ts';

/**
 * The wait after each failed attempt (Standard Webhooks' and Svix's shape):
 * 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, 14 h, 20 h, 24 h: eleven attempts
 * over 3 days and 13 hours; then the delivery is FAILED (and can be resent).
 */
export const WEBHOOK_RETRY_DELAYS_MS = [
  5_000,
  5 * 60_000,
  30 * 60_000,
  2 * 3_600_000,
  5 * 3_600_000,
  10 * 3_600_000,
  10 * 3_600_000,
  14 * 3_600_000,
  20 * 3_600_000,
  24 * 3_600_000,
] as const;
/**
 * An endpoint is disabled when a delivery's whole schedule failed (3.5 days),
 * or when attempts still fail this long after its last success.
 */
export const WEBHOOK_DISABLE_AFTER_MS = 5 * 86_400_000;
export const WEBHOOK_DISABLED_REASON =
  'Disabled after its deliveries failed for days: check the endpoint, then enable it again';
/** The largest answer body read from a receiver: only its status counts. */
export const WEBHOOK_MAX_RESPONSE_BYTES = 16 * 1024;
/** Deliveries sent side by side per pass (each waits at most the timeout). */
const DELIVERIES_AT_ONCE = 20;
const DELIVERY_INTERVAL_MS = 1_000;
/** Past the send's own deadline, time to record what it got. */
const LEASE_MARGIN_MS = 5_000;
/** Attempts and finished deliveries are kept this long for the Developers page. */
const DELIVERIES_KEPT_MS = 30 * 86_400_000;
/**
 * The events feed reaches this far back (docs/integrations.md): a system down
 * longer catches up from what remains. Without it the table only grows.
 */
export const EVENTS_KEPT_MS = 90 * 86_400_000;
/** Events deleted per statement, so one hourly pass never holds a long lock. */
const EVENTS_PRUNED_PER_STATEMENT = 5_000;

export const retryAt = (now: Date, attempts: number): Date | null => {
  const delay = WEBHOOK_RETRY_DELAYS_MS[attempts - 1];
  return delay === undefined ? null : new Date(now.getTime() + delay);
};

type Deps = Pick<AppContext, 'db' | 'config' | 'publicUrl'>;

/** One pass: sends what is due; answers how many attempts it made. */
export async function deliverDueWebhooks(
  deps: Deps,
  now: () => Date = () => new Date(),
): Promise<number> {
  const { webhookTimeoutMs, webhookAllowPrivateNetworks } = deps.config.integrations;
  const due = await takeDueDeliveries(deps.db, {
    now: now(),
    // Past the send's own deadline: a worker that dies mid-send leaves it due again.
    leaseUntil: new Date(now().getTime() + webhookTimeoutMs + LEASE_MARGIN_MS),
    limit: DELIVERIES_AT_ONCE,
  });
  await Promise.all(
    due.map(async (delivery) => {
      const body = JSON.stringify(eventBody(delivery.event, deps.publicUrl()));
      const attemptedAt = now();
      const next = retryAt(attemptedAt, delivery.attempts + 1);
      const outcome = await sendWebhook(
        delivery.endpoint.url,
        delivery.endpoint.signingSecret,
        { id: delivery.event.id, timestamp: attemptedAt, body },
        {
          allowPrivateNetworks: webhookAllowPrivateNetworks,
          timeoutMs: webhookTimeoutMs,
          maxResponseBytes: WEBHOOK_MAX_RESPONSE_BYTES,
        },
      );
      const { disabled } = await recordAttempt(
        deps.db,
        { id: delivery.id, endpointId: delivery.endpoint.id },
        { ...outcome, id: randomUUID(), attemptedAt },
        {
          retryAt: next,
          // A schedule spent is days of failing already.
          disableAfterMs: next === null ? 0 : WEBHOOK_DISABLE_AFTER_MS,
          disabledReason: WEBHOOK_DISABLED_REASON,
        },
      );
      if (disabled) await tellEndpointDisabled(deps.db, disabled);
    }),
  );
  return due.length;
}

async function tellEndpointDisabled(db: Database, disabled: { sponsorId: string; url: string }) {
  const to = await sponsorEmail(db, disabled.sponsorId);
  if (!to) return;
  await queueMails(db, [
    {
      to,
      subject: `A webhook endpoint of yours was disabled on ${PRODUCT_NAME}`,
      text: [
        'Hello,',
        '',
        `The deliveries to your webhook endpoint have failed for days, so ${PRODUCT_NAME} stopped sending to it:`,
        disabled.url,
        '',
        'Nothing is sent to it while it is disabled, but every event is kept on the events feed (GET /gs-api/events) for 90 days: once the endpoint answers again, enable it on the Developers page and catch up from the feed.',
      ].join('\n'),
    },
  ]);
}

/** Tells each sponsor once of each of their badges that reached its expiry date. */
export async function announceExpiredBadges(db: Database): Promise<number> {
  return db.transaction(async (tx) => {
    const expired = await takeNewlyExpiredBadges(tx, 100);
    for (const badge of expired) {
      await recordBadgeEvent(tx, badge.chainBadgeId, 'badge.expired', {
        badgeId: badge.chainBadgeId,
        badgeName: badge.name,
        expiryDate: badge.expiryDate.toISOString(),
      });
    }
    return expired.length;
  });
}

/** Old attempts and finished deliveries (30 days), then events no delivery needs (90 days). */
export async function pruneIntegrationRecords(db: Database, now = new Date()): Promise<void> {
  await pruneDeliveries(db, new Date(now.getTime() - DELIVERIES_KEPT_MS));
  const before = new Date(now.getTime() - EVENTS_KEPT_MS);
  let pruned: number;
  do pruned = await pruneEvents(db, before, EVENTS_PRUNED_PER_STATEMENT);
  while (pruned === EVENTS_PRUNED_PER_STATEMENT);
}

export function integrationJobs(deps: Deps): WorkerJob[] {
  return [
    {
      name: 'webhook-delivery',
      intervalMs: DELIVERY_INTERVAL_MS,
      run: async () => {
        await deliverDueWebhooks(deps);
      },
    },
    {
      name: 'badge-expiry-events',
      intervalMs: 60_000,
      run: async () => {
        await announceExpiredBadges(deps.db);
      },
    },
    {
      name: 'webhook-pruning',
      intervalMs: 3_600_000,
      run: async () => {
        await pruneIntegrationRecords(deps.db);
      },
    },
  ];
}
