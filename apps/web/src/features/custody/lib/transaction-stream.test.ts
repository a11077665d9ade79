import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TransactionStatus } from '@gets/schema';
import { reportSessionEnd } from '@/lib/session-end';
import { COMPLETED, eventStream, stubFetch, txStatus } from '../test-support';
import {
  closeAllStreams,
  RECONNECT_DELAYS_MS,
  SILENCE_LIMIT_MS,
  streamFor,
} from './transaction-stream';

/** A stream body the test writes to, ends, or leaves silent. */
function openBody(signal?: AbortSignal | null) {
  const encoder = new TextEncoder();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
      signal?.addEventListener('abort', () => c.error(new DOMException('', 'AbortError')));
    },
  });
  return {
    response: new Response(body, { status: 200 }),
    send: (chunk: string) => controller.enqueue(encoder.encode(chunk)),
    end: () => controller.close(),
  };
}

beforeEach(() => {
  vi.useFakeTimers();
  window.localStorage.setItem('auth', JSON.stringify({ token: 'user-token', user: {} }));
});

afterEach(() => {
  closeAllStreams();
  vi.useRealTimers();
});

describe('the shared transaction stream', () => {
  it('is one connection per actor, sent with the bearer token, and delivers status events', async () => {
    const event = `event: status\ndata: ${JSON.stringify(COMPLETED)}\n\n`;
    const { calls, fetchStub } = stubFetch((_call, init) =>
      eventStream([': connected\n\n', event], init?.signal),
    );
    vi.stubGlobal('fetch', fetchStub);
    const seen: TransactionStatus[][] = [[], []];
    const stream = streamFor('user')!;
    expect(streamFor('user')).toBe(stream);
    stream.subscribe((status) => seen[0]!.push(status));
    stream.subscribe((status) => seen[1]!.push(status));
    await vi.advanceTimersByTimeAsync(0);

    expect(calls).toHaveLength(1);
    expect(calls[0]?.path).toBe('/gs-api/metakeep/transaction/stream');
    expect(calls[0]?.headers.get('Authorization')).toBe('Bearer user-token');
    expect(stream.connected).toBe(true);
    expect(seen).toEqual([[COMPLETED], [COMPLETED]]);
  });

  it('reconnects with growing delays while the server refuses, and says when it is up', async () => {
    let refuse = 3;
    const { calls, fetchStub } = stubFetch((_call, init) =>
      refuse-- > 0
        ? new Response('down', { status: 503 })
        : eventStream([': ok\n\n'], init?.signal),
    );
    vi.stubGlobal('fetch', fetchStub);
    const states: boolean[] = [];
    streamFor('user')!.subscribe(
      () => {},
      (connected) => states.push(connected),
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(RECONNECT_DELAYS_MS[0] - 1);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(RECONNECT_DELAYS_MS[1]);
    expect(calls).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(RECONNECT_DELAYS_MS[2]);
    expect(calls).toHaveLength(4);
    expect(states).toEqual([true]);
  });

  it('a new sign-in gets a new connection', () => {
    vi.stubGlobal('fetch', () => new Promise(() => {}));
    const first = streamFor('user');
    window.localStorage.setItem('auth', JSON.stringify({ token: 'other-token', user: {} }));
    const second = streamFor('user');
    expect(second).not.toBe(first);
    expect(second?.token).toBe('other-token');
    window.localStorage.removeItem('auth');
    expect(streamFor('user')).toBeNull();
  });

  it('stops for good once its session has ended (the server answers 401)', async () => {
    let ended = false;
    let endStream = () => {};
    const { calls, fetchStub } = stubFetch(() => {
      if (ended) return new Response('{}', { status: 401 });
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode(': ok\n\n'));
          endStream = () => controller.close();
        },
      });
      return new Response(body, { status: 200 });
    });
    vi.stubGlobal('fetch', fetchStub);
    const states: boolean[] = [];
    const stream = streamFor('user')!;
    stream.subscribe(
      () => {},
      (connected) => states.push(connected),
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(stream.connected).toBe(true);
    // The server ends the stream at logout; the reconnection is refused.
    ended = true;
    endStream();
    await vi.advanceTimersByTimeAsync(RECONNECT_DELAYS_MS.at(-1)! * 3);
    expect(calls).toHaveLength(2);
    expect(states).toEqual([true, false]);
    expect(streamFor('user')).not.toBe(stream);
  });

  it('after the server ends the stream, reconnects within a second with the last event id seen', async () => {
    const bodies: ReturnType<typeof openBody>[] = [];
    const { calls, fetchStub } = stubFetch((_call, init) => {
      const body = openBody(init?.signal);
      bodies.push(body);
      return body.response;
    });
    vi.stubGlobal('fetch', fetchStub);
    const seen: TransactionStatus[] = [];
    streamFor('user')!.subscribe((status) => seen.push(status));
    await vi.advanceTimersByTimeAsync(0);
    expect(calls[0]?.headers.get('Last-Event-ID')).toBeNull();

    // The server's format: the snapshot, a keep-alive, a live change.
    bodies[0]!.send(': connected\n\n');
    bodies[0]!.send(`id: 41\nevent: status\ndata: ${JSON.stringify(txStatus())}\n\n`);
    bodies[0]!.send(': keep-alive\n\n');
    bodies[0]!.send(`id: 42\nevent: status\ndata: ${JSON.stringify(COMPLETED)}\n\n`);
    bodies[0]!.end(); // e.g. the server lost its database LISTEN
    await vi.advanceTimersByTimeAsync(RECONNECT_DELAYS_MS[0] - 1);
    expect(seen.map((status) => status.status)).toEqual(['QUEUED', 'COMPLETED']);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(2);
    expect(calls[1]?.headers.get('Last-Event-ID')).toBe('42');
  });

  it('drops a connection silent for two keep-alives and a margin, then opens another', async () => {
    const bodies: ReturnType<typeof openBody>[] = [];
    const { calls, fetchStub } = stubFetch((_call, init) => {
      const body = openBody(init?.signal);
      bodies.push(body);
      return body.response;
    });
    vi.stubGlobal('fetch', fetchStub);
    const states: boolean[] = [];
    const stream = streamFor('user')!;
    stream.subscribe(
      () => {},
      (connected) => states.push(connected),
    );
    await vi.advanceTimersByTimeAsync(0);
    bodies[0]!.send(': connected\n\n');
    await vi.advanceTimersByTimeAsync(15_000);
    bodies[0]!.send(': keep-alive\n\n');
    // Half-open from here: nothing more arrives, and nothing says so.
    await vi.advanceTimersByTimeAsync(SILENCE_LIMIT_MS - 1);
    expect(stream.connected).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(stream.connected).toBe(false);
    expect(SILENCE_LIMIT_MS).toBeLessThan(3 * 15_000);
    await vi.advanceTimersByTimeAsync(RECONNECT_DELAYS_MS[0]);
    expect(calls).toHaveLength(2);
    expect(states).toEqual([true, false, true]);
  });

  it("closes when its session ends, and leaves the other actor's stream open", async () => {
    window.localStorage.setItem('admin', JSON.stringify({ token: 'admin-token' }));
    const aborted: string[] = [];
    vi.stubGlobal('fetch', (_url: string, init: RequestInit) => {
      const token = new Headers(init.headers).get('Authorization') ?? '';
      init.signal?.addEventListener('abort', () => aborted.push(token));
      return Promise.resolve(openBody(init.signal).response);
    });
    const user = streamFor('user')!;
    const admin = streamFor('admin')!;
    user.subscribe(() => {});
    admin.subscribe(() => {});
    await vi.waitFor(() => expect(user.connected && admin.connected).toBe(true));

    expect(reportSessionEnd('user-token')).toBe(true);

    expect(aborted).toEqual(['Bearer user-token']);
    expect(user.connected).toBe(false);
    expect(admin.connected).toBe(true);
    await vi.advanceTimersByTimeAsync(RECONNECT_DELAYS_MS[0] * 2);
    expect(user.connected).toBe(false);
  });
});
