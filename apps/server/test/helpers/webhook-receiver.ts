// A webhook receiver for the integration tests: a server on 127.0.0.1 that
// answers the status it is told and keeps every request it got.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

interface Received {
  headers: Record<string, string>;
  body: string;
}

/**
 * A receiver on 127.0.0.1 that answers the status it is told (0: never
 * answers, a receiver that hangs) and keeps every request it got.
 */
export async function startReceiver() {
  const received: Received[] = [];
  let status = 204;
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        headers: request.headers as Record<string, string>,
        body: Buffer.concat(chunks).toString(),
      });
      if (status === 0) return;
      response.statusCode = status;
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    answer: (code: number) => (status = code),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export async function until<T>(
  read: () => Promise<T | undefined> | T | undefined,
  timeoutMs = 30_000,
) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
