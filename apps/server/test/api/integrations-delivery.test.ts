// Issue 46: delivery a receiver can trust. A receiver that is down for a
// while gets every event exactly once by webhook-id (each attempt the same
// event), an endpoint down for days is disabled and its sponsor told, and an
// endpoint that points into the operator's network is refused.
import { INTEGRATION_MESSAGES } from '@gets/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  deliverDueWebhooks,
  EVENTS_KEPT_MS,
  pruneIntegrationRecords,
  WEBHOOK_DISABLE_AFTER_MS,
  WEBHOOK_DISABLED_REASON,
  WEBHOOK_RETRY_DELAYS_MS,
} from '../../src/modules/integrations/jobs.ts';
import { recordSponsorEvent } from '../../src/modules/integrations/event-repository.ts';
import { createTestUser, type TestUser } from '../helpers/accounts.ts';
import { call } from '../helpers/badges.ts';
import { startTestPlatform, type TestPlatform } from '../helpers/test-platform.ts';
import { startReceiver, until } from '../helpers/webhook-receiver.ts';

const MANUAL_SENDS_PER_HOUR = 8;

let platform: TestPlatform;
let sponsor: TestUser;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let endpoint: { id: string };
const request = (path: string, init?: RequestInit) => platform.request(path, init);

beforeAll(async () => {
  receiver = await startReceiver();
  platform = await startTestPlatform({
    WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
    WEBHOOK_TIMEOUT_MS: '2000',
    WEBHOOK_MANUAL_SENDS_PER_HOUR: String(MANUAL_SENDS_PER_HOUR),
  });
  sponsor = await createTestUser(platform.ctx, { userType: 'SPONSOR' });
  const added = await call(request, sponsor, 'POST', '/gs-api/developers/webhooks', {
    url: receiver.url,
    events: ['badge.claimed'],
  });
  expect(added.status).toBe(201);
  endpoint = added.data;
}, 120_000);
afterAll(async () => {
  await platform?.stop();
  await receiver?.close();
});

describe('webhook delivery', () => {
  it('a receiver down for a while gets every event exactly once by webhook-id, then an endpoint down for days is disabled', async () => {
    receiver.answer(503);
    const before = receiver.received.length;
    for (let i = 0; i < 3; i++) {
      const sent = await call(
        request,
        sponsor,
        'POST',
        `/gs-api/developers/webhooks/${endpoint.id}/test`,
      );
      expect(sent.status).toBe(200);
    }
    const [{ n: pending }] = (await platform.ctx.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM webhook_deliveries d JOIN sponsor_events e ON e.id = d.event_id
        WHERE d.endpoint_id = $1 AND e.type = 'webhook.test'`,
      [endpoint.id],
    )) as [{ n: number }];
    expect(pending).toBe(3);
    // The worker tries each and fails; the receiver comes back; later passes (time moved on) deliver.
    await until(() => (receiver.received.length - before >= 3 ? true : undefined));
    receiver.answer(204);
    let later = Date.now();
    for (let pass = 0; pass < 5; pass++) {
      later += 3 * 3_600_000;
      await deliverDueWebhooks(platform.ctx, () => new Date(later));
    }
    const tests = receiver.received
      .slice(before)
      .filter((r) => JSON.parse(r.body).type === 'webhook.test');
    const ids = new Set(tests.map((r) => r.headers['webhook-id']));
    expect(ids.size).toBe(3);
    for (const id of ids) {
      const attempts = tests.filter((r) => r.headers['webhook-id'] === id);
      expect(attempts.length).toBeGreaterThanOrEqual(2);
      // Every attempt of one event is the same event.
      expect(new Set(attempts.map((r) => r.body)).size).toBe(1);
    }
    const statuses = await platform.ctx.db.query<{ status: string }>(
      `SELECT d.status FROM webhook_deliveries d JOIN sponsor_events e ON e.id = d.event_id
        WHERE d.endpoint_id = $1 AND e.type = 'webhook.test'`,
      [endpoint.id],
    );
    expect(statuses.map((s) => s.status)).toEqual(['DELIVERED', 'DELIVERED', 'DELIVERED']);
    const deliveries = await call(
      request,
      sponsor,
      'GET',
      `/gs-api/developers/webhooks/${endpoint.id}/deliveries`,
    );
    expect(deliveries.data.some((d: { statusCode: number }) => d.statusCode === 503)).toBe(true);
    expect(deliveries.data.some((d: { ok: boolean }) => d.ok)).toBe(true);

    // Down for days: once a delivery's whole schedule failed (3.5 days, short of the 5 days
    // of the other rule), the endpoint is disabled and its sponsor told by mail.
    receiver.answer(500);
    const seen = receiver.received.length;
    await call(request, sponsor, 'POST', `/gs-api/developers/webhooks/${endpoint.id}/test`);
    await until(() => (receiver.received.length > seen ? true : undefined));
    const firstFailure = Date.now();
    let elapsed = 0;
    for (const [pass, delay] of WEBHOOK_RETRY_DELAYS_MS.entries()) {
      elapsed += delay;
      await deliverDueWebhooks(
        platform.ctx,
        () => new Date(firstFailure + elapsed + pass * 10_000),
      );
    }
    expect(elapsed + 100_000).toBeLessThan(WEBHOOK_DISABLE_AFTER_MS);
    const listed = await call(request, sponsor, 'GET', '/gs-api/developers/webhooks');
    expect(listed.data.find((e: { id: string }) => e.id === endpoint.id)).toMatchObject({
      enabled: false,
      disabledReason: WEBHOOK_DISABLED_REASON,
    });
    const mails = await platform.ctx.db.query<{ subject: string }>(
      'SELECT subject FROM mail_queue WHERE to_address = $1',
      [sponsor.email],
    );
    expect(mails.map((m) => m.subject)).toContain(
      'A webhook endpoint of yours was disabled on GETS Badges',
    );
    receiver.answer(204);
    const enabled = await call(
      request,
      sponsor,
      'POST',
      `/gs-api/developers/webhooks/${endpoint.id}/enable`,
    );
    expect(enabled.data.enabled).toBe(true);
  });

  it("counts a sponsor's test events and resends together, so the platform cannot be made to flood an address", async () => {
    const flooder = await createTestUser(platform.ctx, { userType: 'SPONSOR' });
    const added = await call(request, flooder, 'POST', '/gs-api/developers/webhooks', {
      url: receiver.url,
      events: ['badge.claimed'],
    });
    const base = `/gs-api/developers/webhooks/${added.data.id}`;
    const statuses: number[] = [];
    for (let i = 0; i < MANUAL_SENDS_PER_HOUR - 1; i++) {
      statuses.push((await call(request, flooder, 'POST', `${base}/test`)).status);
    }
    const deliveries = await until(async () => {
      const listed = await call(request, flooder, 'GET', `${base}/deliveries`);
      return listed.data.length > 0 ? (listed.data as { id: string }[]) : undefined;
    });
    const resendPath = `${base}/deliveries/${deliveries[0]!.id}/resend`;
    statuses.push((await call(request, flooder, 'POST', resendPath)).status);
    expect(statuses).toEqual(Array(MANUAL_SENDS_PER_HOUR).fill(200));

    const refusedTest = await call(request, flooder, 'POST', `${base}/test`);
    const refusedResend = await call(request, flooder, 'POST', resendPath);
    for (const refused of [refusedTest, refusedResend]) {
      expect(refused.status).toBe(429);
      expect(refused.message).toMatch(/try again in \d+ (minutes?|seconds?)/i);
    }
    const [{ n: tests }] = (await platform.ctx.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM webhook_deliveries WHERE endpoint_id = $1`,
      [added.data.id],
    )) as [{ n: number }];
    expect(tests).toBe(MANUAL_SENDS_PER_HOUR - 1);

    // Another sponsor is counted apart.
    const other = await createTestUser(platform.ctx, { userType: 'SPONSOR' });
    const theirs = await call(request, other, 'POST', '/gs-api/developers/webhooks', {
      url: receiver.url,
      events: ['badge.claimed'],
    });
    const sent = await call(
      request,
      other,
      'POST',
      `/gs-api/developers/webhooks/${theirs.data.id}/test`,
    );
    expect(sent.status).toBe(200);
  });

  it('keeps the feed 90 days: older events go unless a delivery still needs them, and a saved cursor reads on', async () => {
    const owner = await createTestUser(platform.ctx, { userType: 'SPONSOR' });
    const added = await call(request, owner, 'POST', '/gs-api/developers/webhooks', {
      url: receiver.url,
      events: ['badge.expired'],
    });
    receiver.answer(503);
    const { db } = platform.ctx;
    const record = (type: string) =>
      db.transaction((tx) => recordSponsorEvent(tx, owner.id, type, { note: type }));
    const old = await record('badge.approved'); // no delivery: goes
    const stillOwed = await record('badge.expired'); // a PENDING delivery: stays
    const recent = await record('badge.banned');
    const feed = await call(request, owner, 'GET', '/gs-api/events');
    const cursorAfterOld = feed.data.events[0].cursor as string;
    await db.query(
      `UPDATE sponsor_events SET created_at = now() - interval '91 days' WHERE id = ANY ($1)`,
      [[old, stillOwed]],
    );

    await pruneIntegrationRecords(db);
    const left = await db.query<{ id: string }>(
      'SELECT id FROM sponsor_events WHERE sponsor_id = $1 ORDER BY seq',
      [owner.id],
    );
    expect(left.map((e) => e.id)).toEqual([stillOwed, recent]);
    const readOn = await call(request, owner, 'GET', `/gs-api/events?after=${cursorAfterOld}`);
    expect(readOn.data.events.map((e: { id: string }) => e.id)).toEqual([stillOwed, recent]);
    expect(EVENTS_KEPT_MS).toBe(90 * 86_400_000);
    // The owed delivery is still there to send.
    const pending = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM webhook_deliveries WHERE endpoint_id = $1 AND status = 'PENDING'`,
      [added.data.id],
    );
    expect(pending[0]!.n).toBe(1);
    receiver.answer(204);
  });

  it('refuses endpoints that point into the operator network when private networks are not allowed', async () => {
    const strict = await startTestPlatform();
    try {
      const owner = await createTestUser(strict.ctx, { userType: 'SPONSOR' });
      for (const url of [
        'https://127.0.0.1/hooks',
        'https://localhost/hooks',
        'http://169.254.169.254/latest/meta-data',
        'https://[::1]/hooks',
        'https://10.0.0.7/hooks',
      ]) {
        const answer = await call(
          (path, init) => strict.request(path, init),
          owner,
          'POST',
          '/gs-api/developers/webhooks',
          { url, events: ['badge.claimed'] },
        );
        expect({ url, status: answer.status, message: answer.message }).toEqual({
          url,
          status: 400,
          message: INTEGRATION_MESSAGES.urlPrivate,
        });
      }
      const plain = await call(
        (path, init) => strict.request(path, init),
        owner,
        'POST',
        '/gs-api/developers/webhooks',
        { url: 'http://hooks.example.org/x', events: ['badge.claimed'] },
      );
      expect(plain).toMatchObject({ status: 400, message: INTEGRATION_MESSAGES.urlNotHttps });
    } finally {
      await strict.stop();
    }
  });
});
