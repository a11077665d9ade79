// Issue 46: an event is never lost to a crash. The embedded default is killed
// (SIGKILL of its process group) while the delivery of an event is in flight;
// the same command again on the same data delivers it, with the same
// webhook-id, once its worker's lease has run out.
import fs from 'node:fs/promises';
import { Webhook } from 'standardwebhooks';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestUser } from '../helpers/accounts.ts';
import { call } from '../helpers/badges.ts';
import { freePort } from '../helpers/network.ts';
import { startServerProcess, type ServerProcess } from '../helpers/server-process.ts';
import { makeScratchDir, startTestPlatform } from '../helpers/test-platform.ts';
import { startReceiver, until } from '../helpers/webhook-receiver.ts';

// The embedded default is PGlite: the PostgreSQL pass has nothing to add.
const onPostgres = !!process.env.DATABASE_URL;
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!().catch(() => undefined);
});

describe.skipIf(onPostgres)('a crash between an event and its delivery', () => {
  it('SIGKILL while the delivery is in flight: the restart delivers it, same webhook-id', async () => {
    const receiver = await startReceiver();
    cleanups.push(() => receiver.close());
    const dataDir = await makeScratchDir('gets-webhook-crash-');
    cleanups.push(() => fs.rm(dataDir, { recursive: true, force: true }));
    const webhooks = { WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true', WEBHOOK_TIMEOUT_MS: '3000' };
    const anvilPort = String(await freePort());

    // The sponsor and their endpoint, made by a platform in this process, then closed.
    const setup = await startTestPlatform({ ...webhooks, ANVIL_PORT: anvilPort }, { dataDir });
    const sponsor = await createTestUser(setup.ctx, { userType: 'SPONSOR' });
    const endpoint = await call(
      (path, init) => setup.request(path, init),
      sponsor,
      'POST',
      '/gs-api/developers/webhooks',
      { url: receiver.url, events: ['badge.claimed'] },
    );
    const webDistDir = setup.webDistDir;
    await setup.stop();

    const env = {
      ...webhooks,
      DATA_DIR: dataDir,
      PORT: '0',
      ANVIL_PORT: anvilPort,
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: webDistDir,
    };
    const start = async () => {
      const server = await startServerProcess(env, 90_000, { detached: true });
      cleanups.push(() => server.stop('SIGKILL'));
      return server;
    };
    const at = (server: ServerProcess) => (path: string, init?: RequestInit) =>
      fetch(new URL(path, server.url), init);

    receiver.answer(0);
    const first = await start();
    const sent = await call(
      at(first),
      sponsor,
      'POST',
      `/gs-api/developers/webhooks/${endpoint.data.id}/test`,
    );
    expect(sent.status).toBe(200);
    const inFlight = await until(() => receiver.received[0]);
    process.kill(-first.child.pid!, 'SIGKILL');
    await until(() => (first.child.exitCode !== null || first.child.signalCode ? true : undefined));

    receiver.answer(204);
    const second = await start();
    const again = await until(() => receiver.received[1], 60_000);
    expect(again.headers['webhook-id']).toBe(inFlight.headers['webhook-id']);
    expect(again.body).toBe(inFlight.body);
    const verified = new Webhook(endpoint.data.signingSecret as string).verify(
      again.body,
      again.headers,
    ) as { type: string };
    expect(verified.type).toBe('webhook.test');
    const deliveries = await until(async () => {
      const listed = await call(
        at(second),
        sponsor,
        'GET',
        `/gs-api/developers/webhooks/${endpoint.data.id}/deliveries`,
      );
      return listed.data.some((d: { ok: boolean }) => d.ok) ? listed.data : undefined;
    });
    expect(deliveries.filter((d: { ok: boolean }) => d.ok)).toHaveLength(1);
    expect(receiver.received).toHaveLength(2);
    await second.stop();
  }, 240_000);
});
