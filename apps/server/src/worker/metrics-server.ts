// A worker-only process (MODE=worker) has no API to serve /gs-api/metrics
// from; with METRICS_PORT it serves its own Prometheus metrics at /metrics,
// to the same clients as the API's (metrics-access.ts).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Registry } from 'prom-client';
import { metricsAccess } from '../http/metrics-access.ts';

export async function serveMetrics(
  registry: Registry,
  host: string,
  port: number,
  token: string | undefined,
): Promise<{ port: number; close(): Promise<void> }> {
  const server = http.createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
      return;
    }
    const access = metricsAccess(request, token);
    if (!access.allowed) {
      response
        .writeHead(access.status, {
          'content-type': 'application/json; charset=utf-8',
          ...(access.status === 401 ? { 'www-authenticate': 'Bearer' } : {}),
        })
        .end(JSON.stringify({ message: access.message, data: null }));
      return;
    }
    registry.metrics().then(
      (body) => response.writeHead(200, { 'content-type': registry.contentType }).end(body),
      () => response.writeHead(500, { 'content-type': 'text/plain' }).end('metrics failed\n'),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
