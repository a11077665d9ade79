import { afterEach, describe, expect, it } from 'vitest';
import type { LookupAddress } from 'node:dns';
import http from 'node:http';
import net, { type AddressInfo, type LookupFunction } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { INTEGRATION_MESSAGES } from '@gets/schema';
import {
  ADDRESS_NOT_PUBLIC,
  USER_AGENT,
  guardConnectedAddress,
  newSigningSecret,
  publicOnlyLookup,
  sendWebhook,
  signatureHeaders,
  type WebhookMessage,
} from './webhook-sender.ts';

const local = { allowPrivateNetworks: true, timeoutMs: 5_000, maxResponseBytes: 64 * 1024 };
const production = { ...local, allowPrivateNetworks: false };

function testMessage(): WebhookMessage {
  const body = { id: 'evt_1', type: 'webhook.test', timestamp: new Date().toISOString(), data: {} };
  return { id: 'evt_1', timestamp: new Date(), body: JSON.stringify(body) };
}

interface ReceivedRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
});

/** A receiver on 127.0.0.1 that records what reached it, down to TCP connections. */
async function startReceiver(
  answer: (request: ReceivedRequest, response: http.ServerResponse) => void,
) {
  const received: ReceivedRequest[] = [];
  let connections = 0;
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const entry = {
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      received.push(entry);
      answer(entry, response);
    });
  });
  server.on('connection', () => {
    connections += 1;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(
    () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  const { port } = server.address() as AddressInfo;
  return { port, origin: `http://127.0.0.1:${port}`, received, connections: () => connections };
}

function lookupOnce(
  lookup: LookupFunction,
  hostname: string,
  options: { all: boolean; family?: number },
) {
  return new Promise<{ error: Error | null; address: string | LookupAddress[]; family?: number }>(
    (resolve) =>
      lookup(hostname, options, (error, address, family) => resolve({ error, address, family })),
  );
}

describe('signing', () => {
  it('signs so that a Standard Webhooks receiver verifies the body', () => {
    const secret = newSigningSecret();
    const message = testMessage();
    const headers = signatureHeaders(secret, message);
    expect(headers['webhook-id']).toBe('evt_1');
    expect(headers['webhook-timestamp']).toBe(
      String(Math.floor(message.timestamp.getTime() / 1000)),
    );
    expect(headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(headers['content-type']).toBe('application/json');
    expect(headers['user-agent']).toBe(USER_AGENT);
    expect(new Webhook(secret).verify(message.body, headers)).toEqual(JSON.parse(message.body));
    expect(() => new Webhook(newSigningSecret()).verify(message.body, headers)).toThrow();
  });

  it('makes whsec_ secrets of 32 random bytes that the standardwebhooks package accepts', () => {
    const secret = newSigningSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(secret.slice('whsec_'.length), 'base64')).toHaveLength(32);
    expect(newSigningSecret()).not.toBe(secret);
    expect(new Webhook(secret).sign('evt_1', new Date(), '{}')).toMatch(/^v1,/);
  });
});

describe('sendWebhook', () => {
  it('POSTs the signed body and reports a 2xx as delivered', async () => {
    const receiver = await startReceiver((_request, response) => response.writeHead(204).end());
    const secret = newSigningSecret();
    const message = testMessage();
    const outcome = await sendWebhook(
      `${receiver.origin}/hooks/gets?team=1`,
      secret,
      message,
      local,
    );

    expect(outcome).toMatchObject({ ok: true, statusCode: 204, error: null });
    expect(outcome.durationMs).toBeGreaterThanOrEqual(0);
    const [request] = receiver.received;
    expect(request).toMatchObject({
      method: 'POST',
      url: '/hooks/gets?team=1',
      body: message.body,
    });
    expect(request?.headers['content-length']).toBe(String(Buffer.byteLength(message.body)));
    expect(request?.headers['user-agent']).toBe(USER_AGENT);
    const headers = request?.headers as Record<string, string>;
    expect(new Webhook(secret).verify(request?.body ?? '', headers)).toEqual(
      JSON.parse(message.body),
    );
  });

  it('reports any other status as a failure in words', async () => {
    const receiver = await startReceiver((_request, response) =>
      response.writeHead(500).end('oops'),
    );
    const outcome = await sendWebhook(receiver.origin, newSigningSecret(), testMessage(), local);
    expect(outcome).toMatchObject({
      ok: false,
      statusCode: 500,
      error: 'The endpoint answered 500',
    });
  });

  it('refuses a URL checkEndpointUrl refuses, without connecting', async () => {
    const receiver = await startReceiver((_request, response) => response.end());
    const { port } = receiver;
    const refused = [
      ['http://169.254.169.254/latest/meta-data', INTEGRATION_MESSAGES.urlPrivate],
      ['http://example.com/hook', INTEGRATION_MESSAGES.urlNotHttps],
      [`http://127.0.0.1:${port}/`, INTEGRATION_MESSAGES.urlPrivate],
      [`https://localhost:${port}/`, INTEGRATION_MESSAGES.urlPrivate],
      [`https://[::1]:${port}/`, INTEGRATION_MESSAGES.urlPrivate],
      [`https://[::ffff:127.0.0.1]:${port}/`, INTEGRATION_MESSAGES.urlPrivate],
      [`https://0x7f.1:${port}/`, INTEGRATION_MESSAGES.urlPrivate],
      [`https://2130706433:${port}/`, INTEGRATION_MESSAGES.urlPrivate],
      [`https://user:pw@example.com/`, INTEGRATION_MESSAGES.urlCredentials],
      ['not a url', INTEGRATION_MESSAGES.urlInvalid],
    ];
    for (const [url, error] of refused) {
      const outcome = await sendWebhook(url ?? '', newSigningSecret(), testMessage(), production);
      expect(outcome, url).toMatchObject({ ok: false, statusCode: null, error });
    }
    expect(receiver.connections()).toBe(0);
  });

  it('does not connect when a host name resolves only to non-public addresses', async () => {
    const receiver = await startReceiver((_request, response) => response.end());
    const asked: string[] = [];
    const outcome = await sendWebhook(
      `https://hooks.example.test:${receiver.port}/`,
      newSigningSecret(),
      testMessage(),
      {
        ...production,
        resolve: async (hostname) => {
          asked.push(hostname);
          return [{ address: '127.0.0.1', family: 4 }];
        },
      },
    );
    expect(outcome).toMatchObject({ ok: false, statusCode: null, error: ADDRESS_NOT_PUBLIC });
    expect(asked).toEqual(['hooks.example.test']);
    expect(receiver.connections()).toBe(0);
  });

  it('connects to the address its own lookup returned, resolving once', async () => {
    const receiver = await startReceiver((_request, response) => response.writeHead(200).end());
    let resolutions = 0;
    // .test never resolves in real DNS: only the stub's answer can be dialled.
    const outcome = await sendWebhook(
      `http://hooks.example.test:${receiver.port}/`,
      newSigningSecret(),
      testMessage(),
      {
        ...local,
        resolve: async () => {
          resolutions += 1;
          return [{ address: '127.0.0.1', family: 4 }];
        },
      },
    );
    expect(outcome).toMatchObject({ ok: true, statusCode: 200 });
    expect(resolutions).toBe(1);
    expect(receiver.received[0]?.headers.host).toBe(`hooks.example.test:${receiver.port}`);
  });

  it('does not follow a redirect and says so', async () => {
    const receiver = await startReceiver((request, response) => {
      if (request.url === '/hook') {
        response.writeHead(302, { location: `http://127.0.0.1:${receiver.port}/elsewhere` }).end();
      } else {
        response.writeHead(200).end();
      }
    });
    const outcome = await sendWebhook(
      `${receiver.origin}/hook`,
      newSigningSecret(),
      testMessage(),
      local,
    );
    expect(outcome).toMatchObject({
      ok: false,
      statusCode: 302,
      error: 'Redirects are not followed (302)',
    });
    expect(receiver.received.map((request) => request.url)).toEqual(['/hook']);
  });

  it('gives up on a server that never answers, within the deadline', async () => {
    const receiver = await startReceiver(() => {});
    const startedAt = performance.now();
    const outcome = await sendWebhook(receiver.origin, newSigningSecret(), testMessage(), {
      ...local,
      timeoutMs: 300,
    });
    const elapsed = performance.now() - startedAt;
    expect(outcome).toMatchObject({ ok: false, statusCode: null, error: 'Timed out after 300 ms' });
    expect(elapsed).toBeGreaterThanOrEqual(290);
    expect(elapsed).toBeLessThan(2_000);
    expect(receiver.received).toHaveLength(1);
  });

  it('keeps the status when the body is still trickling at the deadline', async () => {
    const receiver = await startReceiver((_request, response) => {
      response.writeHead(202);
      response.write('{"accepted":');
    });
    const outcome = await sendWebhook(receiver.origin, newSigningSecret(), testMessage(), {
      ...local,
      timeoutMs: 300,
    });
    expect(outcome).toMatchObject({ ok: true, statusCode: 202, error: null });
  });

  it('reads at most maxResponseBytes of a 10 MB answer, then hangs up', async () => {
    const total = 10 * 1024 * 1024;
    const chunk = Buffer.alloc(64 * 1024, 'x');
    let written = 0;
    let hungUp = false;
    const receiver = await startReceiver(async (_request, response) => {
      response.on('close', () => {
        hungUp = true;
      });
      response.writeHead(200, { 'content-length': String(total) });
      // Paced, so the kernel's buffers cannot take the whole body at once.
      while (written < total && !response.destroyed) {
        response.write(chunk);
        written += chunk.length;
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
    });
    const outcome = await sendWebhook(receiver.origin, newSigningSecret(), testMessage(), {
      ...local,
      maxResponseBytes: 1024,
    });
    expect(outcome).toMatchObject({ ok: true, statusCode: 200, error: null });
    expect(outcome.durationMs).toBeLessThan(2_000);
    await expect.poll(() => hungUp).toBe(true);
    expect(written).toBeLessThan(1024 * 1024);
  });

  it('opens a fresh connection for every delivery', async () => {
    const receiver = await startReceiver((_request, response) => response.writeHead(200).end());
    await sendWebhook(receiver.origin, newSigningSecret(), testMessage(), local);
    await sendWebhook(receiver.origin, newSigningSecret(), testMessage(), local);
    expect(receiver.connections()).toBe(2);
    expect(receiver.received.map((request) => request.headers.connection)).toEqual([
      'close',
      'close',
    ]);
  });

  it('reports a refused connection in words', async () => {
    const probe = net.createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise((resolve) => probe.close(resolve));
    const outcome = await sendWebhook(
      `http://127.0.0.1:${port}/`,
      newSigningSecret(),
      testMessage(),
      local,
    );
    expect(outcome).toMatchObject({ ok: false, statusCode: null, error: 'Connection refused' });
  });
});

describe('publicOnlyLookup', () => {
  const answers: LookupAddress[] = [
    { address: '10.0.0.5', family: 4 },
    { address: '93.184.216.34', family: 4 },
    { address: '::1', family: 6 },
    { address: '2606:4700::1111', family: 6 },
    { address: '169.254.169.254', family: 4 },
  ];
  const resolve = async () => answers;

  it('hands over only the public addresses', async () => {
    const lookup = publicOnlyLookup({ allowPrivateNetworks: false }, resolve);
    expect(await lookupOnce(lookup, 'hooks.example.com', { all: true })).toEqual({
      error: null,
      address: [answers[1], answers[3]],
      family: undefined,
    });
    expect(await lookupOnce(lookup, 'hooks.example.com', { all: false })).toEqual({
      error: null,
      address: '93.184.216.34',
      family: 4,
    });
    expect(
      (await lookupOnce(lookup, 'hooks.example.com', { all: true, family: 6 })).address,
    ).toEqual([answers[3]]);
  });

  it('fails in words when no public address remains', async () => {
    const lookup = publicOnlyLookup({ allowPrivateNetworks: false }, async () => [
      { address: '127.0.0.1', family: 4 },
      { address: '::ffff:10.0.0.1', family: 6 },
      { address: 'fd00:ec2::254', family: 6 },
    ]);
    const { error } = await lookupOnce(lookup, 'internal.example.com', { all: true });
    expect(error?.message).toBe(ADDRESS_NOT_PUBLIC);
  });

  it('passes every address through when private networks are allowed', async () => {
    const lookup = publicOnlyLookup({ allowPrivateNetworks: true }, resolve);
    expect((await lookupOnce(lookup, 'hooks.example.com', { all: true })).address).toEqual(answers);
  });

  it("passes the resolver's own failure on", async () => {
    const notFound = Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' });
    const lookup = publicOnlyLookup({ allowPrivateNetworks: false }, async () => {
      throw notFound;
    });
    expect((await lookupOnce(lookup, 'nowhere.example.com', { all: true })).error).toBe(notFound);
  });
});

describe('guardConnectedAddress', () => {
  async function startTcpServer() {
    let bytes = 0;
    const server = net.createServer((socket) =>
      socket.on('data', (chunk) => (bytes += chunk.length)),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => new Promise((resolve) => server.close(() => resolve())));
    return { port: (server.address() as AddressInfo).port, bytes: () => bytes };
  }

  it('destroys a socket connected to a non-public address before anything is written', async () => {
    const server = await startTcpServer();
    const socket = net.connect(server.port, '127.0.0.1');
    guardConnectedAddress(socket, { allowPrivateNetworks: false });
    socket.write('POST / HTTP/1.1\r\n\r\n');
    const error = await new Promise<Error>((resolve) => socket.on('error', resolve));
    expect(error.message).toBe(ADDRESS_NOT_PUBLIC);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.bytes()).toBe(0);
  });

  it('leaves the socket alone when private networks are allowed', async () => {
    const server = await startTcpServer();
    const socket = net.connect(server.port, '127.0.0.1');
    guardConnectedAddress(socket, { allowPrivateNetworks: true });
    socket.end('hello');
    await new Promise((resolve) => socket.on('close', resolve));
    await expect.poll(() => server.bytes()).toBe(5);
  });
});
