// The worker's own metrics port answers this machine, or a scraper with the
// token, over real sockets: a client elsewhere is played by connecting to an
// address of this machine that is not loopback.
import { afterEach, describe, expect, it } from 'vitest';
import { Counter, Registry } from 'prom-client';
import { METRICS_MESSAGES } from '../http/metrics-access.ts';
import { nonLoopbackAddress } from '../../test/helpers/network.ts';
import { serveMetrics } from './metrics-server.ts';

const TOKEN = 'worker-scrape-token-0123456789';
const elsewhere = nonLoopbackAddress();

describe.skipIf(!elsewhere)(`a worker's metrics port (non-loopback client: ${elsewhere})`, () => {
  let server: { port: number; close(): Promise<void> } | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  async function start(token: string | undefined) {
    const registry = new Registry();
    new Counter({ name: 'worker_test_total', help: 'a test counter', registers: [registry] }).inc();
    server = await serveMetrics(registry, '0.0.0.0', 0, token);
    return (host: string, headers: Record<string, string> = {}) =>
      fetch(`http://${host}:${server!.port}/metrics`, { headers });
  }

  it('serves this machine, and refuses anyone else with 403 without METRICS_TOKEN', async () => {
    const scrape = await start(undefined);
    const local = await scrape('127.0.0.1');
    expect(local.status).toBe(200);
    expect(await local.text()).toContain('worker_test_total 1');
    const remote = await scrape(elsewhere!, { 'x-forwarded-for': '127.0.0.1' });
    expect(remote.status).toBe(403);
    expect(await remote.json()).toEqual({ message: METRICS_MESSAGES.loopbackOnly, data: null });
  });

  it('serves a scraper elsewhere that sends the token, and answers 401 otherwise', async () => {
    const scrape = await start(TOKEN);
    const withToken = await scrape(elsewhere!, { authorization: `Bearer ${TOKEN}` });
    expect(withToken.status).toBe(200);
    expect(await withToken.text()).toContain('worker_test_total 1');
    const without = await scrape(elsewhere!);
    expect(without.status).toBe(401);
    expect(without.headers.get('www-authenticate')).toBe('Bearer');
    expect(await without.json()).toEqual({ message: METRICS_MESSAGES.tokenRequired, data: null });
    const wrong = await scrape(elsewhere!, { authorization: 'Bearer not-the-token' });
    expect(wrong.status).toBe(401);
  });
});
