// A stand-in for the API in screen tests: answers `METHOD /path` (without
// /gs-api and the query) from a table, records every call, and plays chain
// actions the way the server does (consent, then QUEUED with a token, then
// the outcome on the status call) with the real consent dialog in between.
import { vi } from 'vitest';
import { ADMIN_MARKER_KEY, SESSION_STORAGE_KEYS, type TransactionStatus } from '@gets/schema';

export interface StubCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: Record<string, unknown> | undefined;
  headers: Headers;
}

export type Answer = {
  status?: number;
  message?: string;
  data?: unknown;
  headers?: Record<string, string>;
};
export type Handler = Answer | ((call: StubCall) => Answer | Promise<Answer>);

let transactions = 0;

/**
 * A chain action endpoint: without consentToken it answers the consent (with
 * `description`), with one it queues; the status call then answers `outcome`.
 */
export function chainAction(
  description: string,
  outcome: 'COMPLETED' | 'FAILED' = 'COMPLETED',
  failureReason = 'Reverted',
): Handler & { final: Map<string, TransactionStatus> } {
  const final = new Map<string, TransactionStatus>();
  const handler = (call: StubCall): Answer => {
    if (!call.body?.consentToken) {
      return {
        message: 'Consent required',
        data: {
          consentToken: `consent-token-${'x'.repeat(20)}`,
          description,
          expiresAt: new Date(Date.now() + 600_000).toISOString(),
        },
      };
    }
    transactions += 1;
    const transactionId = `00000000-0000-4000-8000-${String(transactions).padStart(12, '0')}`;
    final.set(transactionId, {
      transactionId,
      status: outcome,
      description,
      failureReason: outcome === 'FAILED' ? failureReason : null,
      events: [],
      transactionHash: outcome === 'COMPLETED' ? `0x${'ab'.repeat(32)}` : null,
      transactionChainScanUrl: null,
    });
    return { message: 'Transaction queued', data: { status: 'QUEUED', transactionId } };
  };
  return Object.assign(handler, { final });
}

export function stubApi(routes: Record<string, Handler>) {
  const calls: StubCall[] = [];
  const actions = Object.values(routes).filter(
    (handler): handler is Handler & { final: Map<string, TransactionStatus> } =>
      typeof handler === 'function' && 'final' in handler,
  );
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(typeof input === 'string' ? input : input.toString(), 'http://test');
    const path = url.pathname.replace(/^\/gs-api/, '');
    const method = init.method ?? 'GET';
    const body =
      typeof init.body === 'string'
        ? (JSON.parse(init.body) as Record<string, unknown>)
        : undefined;
    const call = {
      method,
      path,
      query: url.searchParams,
      body,
      headers: new Headers(init.headers),
    };
    calls.push(call);
    if (path === '/metakeep/transaction/stream') {
      // Open and quiet: outcomes come from the status call.
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode(': connected\n\n'));
          init.signal?.addEventListener('abort', () =>
            controller.error(new DOMException('', 'AbortError')),
          );
        },
      });
      return new Response(stream, { headers: { 'content-type': 'text/event-stream' } });
    }
    if (path === '/metakeep/transaction' && method === 'POST') {
      const id = String(body?.transactionId);
      const status = actions.map((action) => action.final.get(id)).find(Boolean);
      return json(
        status ? { message: 'ok', data: status } : { message: 'Not found' },
        status ? 200 : 404,
      );
    }
    const handler = routes[`${method} ${path}`];
    if (!handler) return json({ message: 'Route not found', data: null }, 404);
    const answer = typeof handler === 'function' ? await handler(call) : handler;
    return json(
      { message: answer.message ?? 'ok', data: answer.data ?? null },
      answer.status ?? 200,
      answer.headers,
    );
  });
  return {
    calls,
    callsTo: (method: string, path: string) =>
      calls.filter((call) => call.method === method && call.path === path),
  };
}

function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

/** Stores an admin session the way the admin login does. */
export function storeAdminSession(
  details: Record<string, unknown> = {
    _id: 'a1',
    email: 'root@example.com',
    account: '0x9999999999999999999999999999999999999999',
  },
): void {
  window.localStorage.setItem(
    SESSION_STORAGE_KEYS.admin,
    JSON.stringify({ token: 'admin-token', adminDetails: details }),
  );
  window.localStorage.setItem(ADMIN_MARKER_KEY, 'true');
}
