// The foundation through HTTP: health, error shape, docs, request ids and the
// web app fallback, against the real database and a real Anvil.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  healthResponseSchema,
  errorResponseSchema,
  platformInfoResponseSchema,
} from '@gets/schema';
import { startTestPlatform, WEB_APP_MARKER, type TestPlatform } from '../helpers/test-platform.ts';
import { createTestUser, queueTransfers, waitUntilSettled } from '../helpers/accounts.ts';
import { recordHeartbeat } from '../../src/worker/heartbeat-repository.ts';
import { METRICS_MESSAGES } from '../../src/http/metrics-access.ts';
import { nonLoopbackAddress } from '../helpers/network.ts';

describe('platform API', () => {
  let platform: TestPlatform;
  beforeAll(async () => {
    platform = await startTestPlatform();
  });
  afterAll(async () => {
    await platform?.stop();
  });

  it('reports database, chain and worker up on /gs-api/health with status 200', async () => {
    const response = await platform.request('/gs-api/health');
    expect(response.status).toBe(200);
    const body = healthResponseSchema.parse(await response.json());
    expect(body.data.status).toBe('up');
    expect(body.data.database).toMatchObject({
      status: 'up',
      driver: process.env.DATABASE_URL ? 'postgres' : 'pglite',
    });
    expect(body.data.chain).toMatchObject({ status: 'up', chainId: 137, embedded: true });
    expect(BigInt(body.data.chain.latestBlock!)).toBeGreaterThan(0n);
    expect(body.data.worker.status).toBe('up');
  });

  it('answers an unknown API path with 404 in the { message, data } shape', async () => {
    const response = await platform.request('/gs-api/no/such/thing');
    expect(response.status).toBe(404);
    const body = errorResponseSchema.parse(await response.json());
    expect(body.message).toContain('/gs-api/no/such/thing');
    expect(body.data).toBeNull();
  });

  it('answers a malformed JSON body with 400 in the { message, data } shape', async () => {
    const response = await platform.request('/gs-api/health', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"broken":',
    });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    const body = errorResponseSchema.parse(await response.json());
    expect(body.message.length).toBeGreaterThan(0);
  });

  it('serves the web app for every path outside the API', async () => {
    for (const pathname of ['/', '/how-it-works', '/some/unknown/page']) {
      const response = await platform.request(pathname);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('text/html');
      expect(await response.text()).toContain(WEB_APP_MARKER);
    }
  });

  it('publishes the OpenAPI document and a docs page', async () => {
    const json = await platform.request('/gs-api/docs/json');
    expect(json.status).toBe(200);
    const document = (await json.json()) as { openapi: string; paths: Record<string, unknown> };
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toContain('/gs-api/health');

    const page = await platform.request('/gs-api/docs');
    expect(page.status).toBe(200);
    expect(await page.text()).toMatch(/swagger/i);
  });

  it('tells the web app on /gs-api/platform that mail goes to the outbox (no SMTP_URL), so the OTP dialogs point to the terminal', async () => {
    const response = await platform.request('/gs-api/platform');
    expect(response.status).toBe(200);
    expect(platformInfoResponseSchema.parse(await response.json()).data.mailOutbox).toBe(true);
  });

  it('returns the caller request id, or a new one', async () => {
    const given = await platform.request('/gs-api/health', {
      headers: { 'x-request-id': 'trace-42' },
    });
    expect(given.headers.get('x-request-id')).toBe('trace-42');
    const made = await platform.request('/gs-api/health');
    expect(made.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('platform without a worker', () => {
  let platform: TestPlatform;
  beforeAll(async () => {
    // A mail server is named (never reached: nothing here sends mail).
    platform = await startTestPlatform({ MODE: 'api', SMTP_URL: 'smtp://127.0.0.1:9' });
  });
  afterAll(async () => {
    await platform?.stop();
  });

  it('tells the web app that mail goes by SMTP when SMTP_URL is set: no terminal hint', async () => {
    const response = await platform.request('/gs-api/platform');
    expect(response.status).toBe(200);
    expect(platformInfoResponseSchema.parse(await response.json()).data.mailOutbox).toBe(false);
  });

  it('reports 503 with the worker down while database and chain are up', async () => {
    const response = await platform.request('/gs-api/health');
    expect(response.status).toBe(503);
    const body = healthResponseSchema.parse(await response.json());
    expect(body.data.status).toBe('down');
    expect(body.data.database.status).toBe('up');
    expect(body.data.chain.status).toBe('up');
    expect(body.data.worker.status).toBe('down');
  });
});

describe('a worker that beats but moves nothing', () => {
  let platform: TestPlatform;
  beforeAll(async () => {
    // No pipeline runs here; a heartbeat is written as a stalled worker would.
    platform = await startTestPlatform({ MODE: 'api', HEALTH_MAX_QUEUE_AGE_SECONDS: '2' });
  });
  afterAll(async () => {
    await platform?.stop();
  });

  it('shows as a stalled queue: 503 with the reason once requests wait past the bound with no relay transaction sent', async () => {
    const { ctx } = platform;
    const worker = { workerId: randomUUID(), hostname: 'stalled', pid: 1, startedAt: new Date() };
    await recordHeartbeat(ctx.db, worker);
    const user = await createTestUser(ctx, { gets: '1' });
    await queueTransfers(ctx, [user], user.address, '1');

    const fresh = healthResponseSchema.parse(
      await (await platform.request('/gs-api/health')).json(),
    );
    expect(fresh.data.queue).toMatchObject({ status: 'up', queued: 1 });
    expect(fresh.data.status).toBe('up');

    // Two seconds later, with the worker still beating, the queue has not moved.
    await ctx.db.query(
      `UPDATE chain_transactions SET created_at = created_at - interval '3 seconds' WHERE status = 'QUEUED'`,
    );
    await recordHeartbeat(ctx.db, worker);
    const response = await platform.request('/gs-api/health');
    expect(response.status).toBe(503);
    const stalled = healthResponseSchema.parse(await response.json());
    expect(stalled.data.worker.status).toBe('up');
    expect(stalled.data.queue.status).toBe('down');
    expect(stalled.data.queue.error).toMatch(
      /^requests have waited [3-9] s to be sent and no relay transaction was ever sent, more than 2 s$/,
    );
    expect(stalled.message).toMatch(/^Some systems are down: queue \(requests have waited/);
  });

  it('exposes Prometheus metrics: queue depth and the oldest queued age', async () => {
    const response = await platform.request('/gs-api/metrics');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/plain');
    const text = await response.text();
    expect(text).toMatch(/^gets_pipeline_queue_depth\{status="QUEUED"\} 1$/m);
    expect(text).toMatch(/^gets_pipeline_oldest_queued_age_seconds [3-9]\.\d+$/m);
    expect(text).toContain('# TYPE gets_pipeline_transactions_finished_total counter');
    expect(text).toContain('# TYPE gets_pipeline_batch_size histogram');
    expect(text).toContain('# TYPE gets_pipeline_confirmation_latency_seconds histogram');
  });
});

/**
 * /gs-api/metrics from beyond this machine: the platform listens on an
 * address of this machine that is not loopback, and the test connects to it,
 * so the server sees the connection come from that address.
 */
const elsewhere = nonLoopbackAddress();
const METRICS_TOKEN = 'api-scrape-token-0123456789abcdef';

describe.skipIf(!elsewhere)(`metrics to a client beyond this machine (${elsewhere})`, () => {
  let closed: TestPlatform;
  let withToken: TestPlatform;
  beforeAll(async () => {
    const beyond = { MODE: 'api', HOST: elsewhere!, MAIL_OUTBOX: 'true' } as const;
    // The test's own address is a trusted proxy here, so X-Forwarded-For moves
    // request.ip: the rule must read the socket, not that.
    closed = await startTestPlatform({ ...beyond, TRUST_PROXY: elsewhere! });
    withToken = await startTestPlatform({ ...beyond, METRICS_TOKEN });
  });
  afterAll(async () => {
    await closed?.stop();
    await withToken?.stop();
  });

  const scrape = (platform: TestPlatform, headers: Record<string, string> = {}) =>
    platform.request('/gs-api/metrics', { headers });

  it('are refused with 403 without METRICS_TOKEN, whatever X-Forwarded-For claims, while health stays open', async () => {
    expect(new URL(closed.url).hostname).toBe(elsewhere);
    for (const headers of [{}, { 'x-forwarded-for': '127.0.0.1' }] as Record<string, string>[]) {
      const response = await scrape(closed, headers);
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({
        message: METRICS_MESSAGES.behindProxy,
        data: null,
      });
    }
    // Health and the API docs stay public (health is 503 only because no worker runs here),
    // health as the word alone: its parts (relayers, balances, queue ages) are the operator's.
    const health = await closed.request('/gs-api/health');
    expect(health.status).toBe(503);
    expect(await health.json()).toEqual({
      message: 'Some systems are down',
      data: { status: 'down' },
    });
    expect((await closed.request('/gs-api/docs/json')).status).toBe(200);
  });

  it('health tells its parts to the holder of METRICS_TOKEN only', async () => {
    const open = (await (await withToken.request('/gs-api/health')).json()) as {
      data: Record<string, unknown>;
    };
    expect(Object.keys(open.data)).toEqual(['status']);
    const told = (await (
      await withToken.request('/gs-api/health', {
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      })
    ).json()) as { data: Record<string, unknown> };
    expect(told.data).toMatchObject({ database: { status: 'up' }, relayers: expect.any(Object) });
  });

  it('are served with Authorization: Bearer <METRICS_TOKEN>, and refused with 401 without it or with another', async () => {
    const served = await scrape(withToken, { authorization: `Bearer ${METRICS_TOKEN}` });
    expect(served.status).toBe(200);
    expect(await served.text()).toContain('# TYPE gets_pipeline_queue_depth gauge');

    const without = await scrape(withToken);
    expect(without.status).toBe(401);
    expect(without.headers.get('www-authenticate')).toBe('Bearer');
    expect(await without.json()).toEqual({ message: METRICS_MESSAGES.tokenRequired, data: null });
    const wrong = await scrape(withToken, { authorization: `Bearer ${METRICS_TOKEN}x` });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({ message: METRICS_MESSAGES.wrongToken, data: null });
  });
});

describe('pipeline metrics', () => {
  let platform: TestPlatform;
  beforeAll(async () => {
    platform = await startTestPlatform();
  });
  afterAll(async () => {
    await platform?.stop();
  });

  it('count finished transactions by action, batch sizes and confirmation latency', async () => {
    const { ctx } = platform;
    const users = [await createTestUser(ctx, { gets: '2' }), await createTestUser(ctx)];
    await queueTransfers(ctx, [users[0]!], users[1]!.address, '1');
    await queueTransfers(ctx, [users[1]!], users[0]!.address, '5'); // reverts: holds nothing yet
    await waitUntilSettled(ctx);
    const text = await (await platform.request('/gs-api/metrics')).text();
    expect(text).toMatch(
      /^gets_pipeline_transactions_finished_total\{action="transferTokens",status="COMPLETED"\} 1$/m,
    );
    expect(text).toMatch(
      /^gets_pipeline_transactions_finished_total\{action="transferTokens",status="FAILED"\} 1$/m,
    );
    expect(text).toMatch(/^gets_pipeline_batch_size_count [1-9]\d*$/m);
    expect(text).toMatch(/^gets_pipeline_confirmation_latency_seconds_count [1-9]\d*$/m);
    expect(text).toMatch(/^gets_pipeline_queue_depth\{status="QUEUED"\} 0$/m);
  });
});
