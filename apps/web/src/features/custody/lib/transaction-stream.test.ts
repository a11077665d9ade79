import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TransactionStatus } from '@gets/schema';
import { COMPLETED, eventStream, stubFetch } from '../test-support';
import { closeAllStreams, RECONNECT_DELAYS_MS, streamFor } from './transaction-stream';

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
});
