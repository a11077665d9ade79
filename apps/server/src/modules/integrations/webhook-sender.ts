// One POST of one signed event to one sponsor endpoint (Standard Webhooks),
// and what became of it in words a sponsor reads on the Developers page.
// The endpoint is someone else's server, so the request is bounded on every
// side: the address connected to is the one judged public (the lookup below
// filters, and the socket is checked again once connected), redirects are not
// followed, one deadline covers DNS to last byte, and the answer's body is
// counted, never kept.
import { randomBytes } from 'node:crypto';
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction, Socket } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { AppError } from '../../http/errors.ts';
import {
  checkEndpointUrl,
  hostForConnect,
  isPublicAddress,
  type NetworkPolicy,
} from './endpoint-url.ts';

export interface WebhookMessage {
  /** The webhook-id: the same on every attempt, so receivers can drop repeats. */
  id: string;
  timestamp: Date;
  /** The JSON text, signed and sent byte for byte. */
  body: string;
}

export interface DeliveryOptions extends NetworkPolicy {
  /** One deadline for resolving, connecting, sending and reading the answer. */
  timeoutMs: number;
  /** Past this many bytes of the answer's body the connection is dropped. */
  maxResponseBytes: number;
  /** How host names become addresses; dns.lookup unless a test stubs it. */
  resolve?: AddressResolver;
}

export interface DeliveryOutcome {
  /** The receiver's HTTP status; null when none came. */
  statusCode: number | null;
  durationMs: number;
  /** Why it failed, as a sentence for the sponsor; null for a 2xx. */
  error: string | null;
  ok: boolean;
}

export type AddressResolver = (hostname: string) => Promise<LookupAddress[]>;

export const USER_AGENT = 'GETS-Badges-Webhooks/1';
export const ADDRESS_NOT_PUBLIC = "The endpoint's address is not public";

export function signatureHeaders(secret: string, message: WebhookMessage): Record<string, string> {
  return {
    'content-type': 'application/json',
    'user-agent': USER_AGENT,
    'webhook-id': message.id,
    'webhook-timestamp': String(Math.floor(message.timestamp.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign(message.id, message.timestamp, message.body),
  };
}

/** 32 random bytes, as long as the HMAC-SHA256 key they become. */
export function newSigningSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/** Refusals the sender makes itself, told apart from the network's errors. */
class DeliveryRefusal extends Error {}

const resolveWithDns: AddressResolver = (hostname) =>
  new Promise((resolve, reject) => {
    dnsLookup(hostname, { all: true }, (error, addresses) =>
      error ? reject(error) : resolve(addresses),
    );
  });

/**
 * A `lookup` for http.request that resolves once and hands the socket only
 * public addresses, so what is connected to is what was judged: resolving
 * again to connect would let a DNS server answer a public address to the
 * check and 127.0.0.1 to the connection.
 */
export function publicOnlyLookup(
  policy: NetworkPolicy,
  resolve: AddressResolver = resolveWithDns,
): LookupFunction {
  return (hostname, options, callback) => {
    const family = options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : options.family;
    resolve(hostname).then(
      (addresses) => {
        const usable = addresses.filter(
          (entry) =>
            (!family || entry.family === family) &&
            (policy.allowPrivateNetworks || isPublicAddress(entry.address)),
        );
        const [first] = usable;
        if (!first) {
          callback(new DeliveryRefusal(ADDRESS_NOT_PUBLIC), '', 0);
        } else if (options.all) {
          callback(null, usable);
        } else {
          callback(null, first.address, first.family);
        }
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 0),
    );
  };
}

/**
 * Defence in depth behind the lookup: whatever path led to this socket, it
 * carries nothing to an address that is not public. Runs before any other
 * 'connect' listener, so the request is never written to such a peer.
 */
export function guardConnectedAddress(socket: Socket, policy: NetworkPolicy): void {
  if (policy.allowPrivateNetworks) return;
  socket.prependOnceListener('connect', () => {
    const address = socket.remoteAddress;
    if (!address || !isPublicAddress(address)) {
      socket.destroy(new DeliveryRefusal(ADDRESS_NOT_PUBLIC));
    }
  });
}

/** Delivers one message; resolves with the outcome and never throws for the network's sake. */
export async function sendWebhook(
  url: string,
  secret: string,
  message: WebhookMessage,
  options: DeliveryOptions,
): Promise<DeliveryOutcome> {
  const startedAt = performance.now();
  const outcome = (statusCode: number | null, error: string | null): DeliveryOutcome => ({
    statusCode,
    durationMs: Math.round(performance.now() - startedAt),
    error,
    ok: error === null && statusCode !== null && statusCode >= 200 && statusCode < 300,
  });

  let endpoint: URL;
  try {
    // Also where an IP literal is judged: Node connects to one without
    // calling `lookup`.
    endpoint = checkEndpointUrl(url, options);
  } catch (error) {
    return outcome(null, error instanceof AppError ? error.message : String(error));
  }
  const headers = signatureHeaders(secret, message);
  const body = Buffer.from(message.body, 'utf8');

  return new Promise((resolve) => {
    let statusCode: number | null = null;
    let settled = false;
    const settle = (error: string | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      request.destroy();
      resolve(outcome(statusCode, error));
    };
    // After the status line the status decides; a body still arriving when
    // the deadline falls changes nothing about it.
    const settleWithStatus = () => settle(statusError(statusCode));

    const send = endpoint.protocol === 'https:' ? https.request : http.request;
    const request = send({
      protocol: endpoint.protocol,
      hostname: hostForConnect(endpoint),
      port: endpoint.port === '' ? undefined : Number(endpoint.port),
      path: `${endpoint.pathname}${endpoint.search}`,
      method: 'POST',
      headers: { ...headers, 'content-length': String(body.length) },
      // A pooled socket would still point at an address resolved for an
      // earlier request; each delivery resolves and checks its own.
      agent: false,
      lookup: publicOnlyLookup(options, options.resolve),
    });

    const deadline = setTimeout(() => {
      if (statusCode === null) settle(`Timed out after ${options.timeoutMs} ms`);
      else settleWithStatus();
    }, options.timeoutMs);

    request.on('socket', (socket) => guardConnectedAddress(socket, options));
    request.on('error', (error) => {
      if (statusCode === null) settle(describeNetworkError(error));
      else settleWithStatus();
    });
    request.on('close', () => {
      if (statusCode === null) settle('The connection was closed');
      else settleWithStatus();
    });
    request.on('response', (response) => {
      statusCode = response.statusCode ?? null;
      if (statusCode !== null && statusCode >= 300 && statusCode < 400) {
        settle(`Redirects are not followed (${statusCode})`);
        return;
      }
      if (options.maxResponseBytes <= 0) {
        settleWithStatus();
        return;
      }
      let received = 0;
      response.on('data', (chunk: Buffer) => {
        received += chunk.length;
        if (received >= options.maxResponseBytes) settleWithStatus();
      });
      response.on('end', settleWithStatus);
      response.on('error', settleWithStatus);
    });
    request.end(body);
  });
}

function statusError(statusCode: number | null): string | null {
  if (statusCode === null) return 'The endpoint sent no status';
  if (statusCode >= 200 && statusCode < 300) return null;
  return `The endpoint answered ${statusCode}`;
}

const NETWORK_ERRORS: Record<string, string> = {
  ECONNREFUSED: 'Connection refused',
  ECONNRESET: 'The connection was reset',
  EPIPE: 'The connection was reset',
  ENOTFOUND: "The endpoint's host name was not found",
  EAI_AGAIN: "The endpoint's host name could not be resolved",
  EHOSTUNREACH: "The endpoint's host is unreachable",
  ENETUNREACH: "The endpoint's network is unreachable",
  ETIMEDOUT: 'The connection timed out',
};

function describeNetworkError(error: Error): string {
  if (error instanceof DeliveryRefusal) return error.message;
  // With several addresses Node tries each and reports them together.
  const cause =
    error instanceof AggregateError && error.errors[0] instanceof Error ? error.errors[0] : error;
  const code = (cause as NodeJS.ErrnoException).code ?? '';
  if (code in NETWORK_ERRORS) return NETWORK_ERRORS[code] as string;
  if (/CERT|SIGNATURE|ISSUER|ALTNAME/.test(code)) {
    return `The endpoint's TLS certificate was not accepted (${code})`;
  }
  if (/^ERR_(SSL|TLS)_/.test(code)) return `The TLS handshake failed (${code})`;
  if (code.startsWith('HPE_')) return "The endpoint's answer was not valid HTTP";
  return code ? `The request failed (${code})` : 'The request failed';
}
