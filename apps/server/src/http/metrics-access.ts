// Who may read the Prometheus metrics (the API's /gs-api/metrics and a
// worker's METRICS_PORT): this machine, or whoever holds METRICS_TOKEN. They
// tell an outsider the platform's load and its relayers' work as it happens.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

export const METRICS_MESSAGES = {
  loopbackOnly:
    'Metrics are served only to this machine; set METRICS_TOKEN to let a scraper elsewhere read them',
  tokenRequired: 'Metrics need the header Authorization: Bearer <METRICS_TOKEN>',
  behindProxy:
    'Behind a proxy (TRUST_PROXY), metrics are served only with METRICS_TOKEN: set it and send Authorization: Bearer <METRICS_TOKEN>',
  wrongToken: 'The metrics token is not right',
} as const;

export type MetricsAccess =
  { allowed: true } | { allowed: false; status: 401 | 403; message: string };

/** What the rule reads of a request: the socket's peer, never a header, and the headers. */
export interface MetricsRequest {
  socket: { remoteAddress?: string | undefined };
  headers: IncomingHttpHeaders;
}

const LOOPBACK = /^(127(\.\d{1,3}){3}|::1|::ffff:127(\.\d{1,3}){3})$/i;

/**
 * A proxy on this machine connects from loopback on behalf of anyone: a
 * request it forwarded (it says so in these headers) is not this machine's.
 */
const FORWARDED_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip'] as const;

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * Allowed: a bearer token equal to METRICS_TOKEN (compared in constant time),
 * or, without a token presented, a client on this machine by its socket's
 * address, unless the server runs behind a proxy (TRUST_PROXY): a proxy that
 * does not add a forwarding header would pass anyone off as this machine, so
 * there only the token opens. Refused: a wrong token (401), no token where one
 * is set (401), anyone else (403).
 */
export function metricsAccess(
  request: MetricsRequest,
  token: string | undefined,
  options: { behindProxy?: boolean } = {},
): MetricsAccess {
  const presented = /^Bearer +(\S+) *$/i.exec(request.headers.authorization ?? '')?.[1];
  if (token && presented !== undefined) {
    // Digests of equal length, so the comparison takes the same time whatever was sent.
    return timingSafeEqual(digest(presented), digest(token))
      ? { allowed: true }
      : { allowed: false, status: 401, message: METRICS_MESSAGES.wrongToken };
  }
  const local =
    LOOPBACK.test(request.socket.remoteAddress ?? '') &&
    FORWARDED_HEADERS.every((name) => request.headers[name] === undefined);
  if (local && !options.behindProxy) return { allowed: true };
  if (options.behindProxy && !token) {
    return { allowed: false, status: 403, message: METRICS_MESSAGES.behindProxy };
  }
  return token
    ? { allowed: false, status: 401, message: METRICS_MESSAGES.tokenRequired }
    : { allowed: false, status: 403, message: METRICS_MESSAGES.loopbackOnly };
}
