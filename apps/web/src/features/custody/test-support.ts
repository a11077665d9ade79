// Test helpers for the custody feature: transaction statuses, a fetch stub
// that answers by path, and a status feed driven by hand.
import type { TransactionStatus } from '@gets/schema';
import type { StatusFeed } from './lib/wait-for-transaction';

export const TX_ID = '6f1c1f8e-6a55-4d8e-9b0e-3f7c2a1d9e10';

export function txStatus(overrides: Partial<TransactionStatus> = {}): TransactionStatus {
  return {
    transactionId: TX_ID,
    status: 'QUEUED',
    description: 'Send 5 GETS to 0x2222...2222',
    failureReason: null,
    events: [],
    transactionHash: null,
    transactionChainScanUrl: null,
    ...overrides,
  };
}

export const COMPLETED = txStatus({
  status: 'COMPLETED',
  transactionHash: `0x${'ab'.repeat(32)}`,
  events: [
    {
      eventName: 'Transfer',
      address: '0x3333333333333333333333333333333333333333',
      args: { from: '0x1', to: '0x2', value: '5000000000000000000' },
    },
  ],
});

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/** A text/event-stream response whose body is the given chunks, then open until aborted. */
export function eventStream(chunks: string[], signal?: AbortSignal | null): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      signal?.addEventListener('abort', () => controller.error(new DOMException('', 'AbortError')));
    },
  });
  return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
}

export interface FetchCall {
  path: string;
  method: string;
  body: unknown;
  headers: Headers;
}

/** Records calls and answers each with `answer(call, init)`. */
export function stubFetch(answer: (call: FetchCall, init: RequestInit | undefined) => Response) {
  const calls: FetchCall[] = [];
  const fetchStub = (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const call: FetchCall = {
      path: url.replace(/^https?:\/\/[^/]+/, ''),
      method: init?.method ?? 'GET',
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      headers: new Headers(init?.headers),
    };
    calls.push(call);
    return Promise.resolve(answer(call, init));
  };
  return { calls, fetchStub };
}

/** A feed the test drives by hand. */
export function manualFeed(connected: boolean) {
  let onStatus: ((status: TransactionStatus) => void) | undefined;
  let onConnection: ((connected: boolean) => void) | undefined;
  const feed: Omit<StatusFeed, 'connected'> & {
    connected: boolean;
    push: (status: TransactionStatus) => void;
    setConnected: (value: boolean) => void;
  } = {
    connected,
    subscribe(statusListener, connectionListener) {
      onStatus = statusListener;
      onConnection = connectionListener;
      return () => {
        onStatus = undefined;
        onConnection = undefined;
      };
    },
    push: (status) => onStatus?.(status),
    setConnected(value) {
      feed.connected = value;
      onConnection?.(value);
    },
  };
  return feed;
}
