// The foundation through HTTP: health, error shape, docs, request ids and the
// web app fallback, against the real database and a real Anvil.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { healthResponseSchema, errorResponseSchema } from '@gets/schema';
import { startTestPlatform, WEB_APP_MARKER, type TestPlatform } from '../helpers/test-platform.ts';

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
    platform = await startTestPlatform({ MODE: 'api' });
  });
  afterAll(async () => {
    await platform?.stop();
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
