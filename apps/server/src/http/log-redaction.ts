// What a request's log line may say of its URL. Links mailed to people carry
// secrets in their query (an admin invitation, an unsubscribe token, a wallet's
// pre-authorized code): the request log keeps the path and the parameter names,
// never those values, so whoever reads the logs cannot act as the recipient.
import type { FastifyRequest } from 'fastify';

/** Query parameters whose values are secrets or one-time codes. */
const SECRET_PARAMETER = /token|secret|code|invite|key|password|otp/i;
const REDACTED = '[redacted]';

/** The URL with the values of secret query parameters replaced by "[redacted]". */
export function redactedUrl(url: string): string {
  const queryAt = url.indexOf('?');
  if (queryAt === -1) return url;
  const hashAt = url.indexOf('#', queryAt);
  const query = url.slice(queryAt + 1, hashAt === -1 ? undefined : hashAt);
  const redacted = query
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = equals === -1 ? pair : pair.slice(0, equals);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name.replace(/\+/g, ' '));
      } catch {
        // A name that does not decode is judged as written.
      }
      return equals !== -1 && SECRET_PARAMETER.test(decoded) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
  return `${url.slice(0, queryAt)}?${redacted}`;
}

/** Fastify's own request serializer, but with the URL redacted. */
export function requestLogFields(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactedUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
