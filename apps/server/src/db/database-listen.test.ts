// A LISTEN connection to PostgreSQL that is cut, and cannot be opened again
// for a while, listens again once it can: the connection runs through a
// proxy this test switches off and on.
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LISTEN_RETRY_MS, openDatabase, type Database } from './database.ts';

const databaseUrl = process.env.DATABASE_URL;

/** A TCP proxy to the database that can drop every connection and refuse new ones. */
async function startProxy(target: URL) {
  const open = new Set<net.Socket>();
  let refusing = false;
  let refused = 0;
  const server = net.createServer((client) => {
    if (refusing) {
      refused += 1;
      client.destroy();
      return;
    }
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    for (const [a, b] of [
      [client, upstream],
      [upstream, client],
    ] as const) {
      open.add(a);
      a.pipe(b);
      a.on('error', () => b.destroy());
      a.on('close', () => {
        open.delete(a);
        b.destroy();
      });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = new URL(target);
  url.hostname = '127.0.0.1';
  url.port = String((server.address() as net.AddressInfo).port);
  return {
    url: url.toString(),
    get refused() {
      return refused;
    },
    /** Drops every connection now, and refuses new ones while `refuse` holds. */
    cut(refuse: boolean) {
      refusing = refuse;
      for (const socket of open) socket.destroy();
    },
    accept() {
      refusing = false;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.runIf(!!databaseUrl)('LISTEN on PostgreSQL after its connection is lost', () => {
  let sender: Database;
  let proxy: Awaited<ReturnType<typeof startProxy>>;
  let listener: Database;
  beforeAll(async () => {
    sender = await openDatabase({ kind: 'postgres', url: databaseUrl! });
    proxy = await startProxy(new URL(databaseUrl!));
    listener = await openDatabase({ kind: 'postgres', url: proxy.url });
  });
  afterAll(async () => {
    await listener?.close().catch(() => undefined);
    await sender?.close();
    await proxy?.close();
  });

  it('is opened again, also after attempts that fail, and hears what is sent once it listens', async () => {
    const channel = `listen_test_${randomBytes(4).toString('hex')}`;
    const heard: string[] = [];
    const states: string[] = [];
    const unlisten = await listener.listen(channel, (payload) => heard.push(payload), {
      onLost: () => states.push('lost'),
      onListening: () => states.push('listening'),
    });
    const send = (payload: string) => sender.query('SELECT pg_notify($1, $2)', [channel, payload]);
    try {
      await send('before');
      await vi.waitFor(() => expect(heard).toEqual(['before']), { timeout: 5_000 });

      // The server goes away and refuses connections for a while: the
      // connection ends without a word, and the first attempts fail.
      proxy.cut(true);
      await vi.waitFor(() => expect(states).toEqual(['lost']), { timeout: 5_000 });
      await vi.waitFor(() => expect(proxy.refused).toBeGreaterThanOrEqual(1), {
        timeout: LISTEN_RETRY_MS.first * 3,
      });
      await send('while lost');
      proxy.accept();
      // The attempt after the failed one comes 2 s later (backoff doubles).
      await vi.waitFor(() => expect(states).toEqual(['lost', 'listening']), { timeout: 10_000 });
      await send('after');
      await vi.waitFor(() => expect(heard).toEqual(['before', 'after']), { timeout: 5_000 });

      // Cut again: the backoff starts from the first wait again.
      const lostAt = Date.now();
      proxy.cut(false);
      await vi.waitFor(() => expect(states).toHaveLength(4), { timeout: 10_000 });
      expect(Date.now() - lostAt).toBeLessThan(LISTEN_RETRY_MS.first * 2);
      await send('again');
      await vi.waitFor(() => expect(heard.at(-1)).toBe('again'), { timeout: 5_000 });
    } finally {
      await unlisten();
    }
    // Stopped: a lost connection is not opened again.
    const refusedBefore = proxy.refused;
    proxy.cut(true);
    await new Promise((resolve) => setTimeout(resolve, LISTEN_RETRY_MS.first * 1.5));
    expect(proxy.refused).toBe(refusedBefore);
    expect(states).toHaveLength(4);
    proxy.accept();
  });
});
