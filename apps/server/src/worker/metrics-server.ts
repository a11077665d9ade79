// A worker-only process (MODE=worker) has no API to serve /gs-api/metrics
// from; with METRICS_PORT it serves its own Prometheus metrics at /metrics.
import http from 'node:http';
import type { Registry } from 'prom-client';

export async function serveMetrics(
  registry: Registry,
  host: string,
  port: number,
): Promise<{ close(): Promise<void> }> {
  const server = http.createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
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
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
