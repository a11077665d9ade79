// The live status feed: one server-sent-event connection per signed-in actor
// (user or admin), shared by every transaction being watched, read with fetch
// because EventSource cannot send the Authorization header. It reconnects
// with backoff and says when it is up or down, so watchers can fall back to
// polling while it is down. Each event's id is kept so a reconnection can
// say where it left off (Last-Event-ID); the server answers a snapshot of
// the actor's unfinished and recently finished transactions first anyway.
import { API_PREFIX, SESSION_STORAGE_KEYS, transactionStatusSchema } from '@gets/schema';
import type { TransactionStatus } from '@gets/schema';
import { onSessionEnd, reportSessionEnd } from '@/lib/session-end';
import { readStoredToken } from '@/lib/storage';
import { SseParser } from './sse-parser';

export type ChainActor = 'user' | 'admin';

export const STREAM_PATH = '/metakeep/transaction/stream';
/**
 * Reconnection delays; the last one repeats. Reset after a connection opens,
 * so a stream the server ended (a restart, its database LISTEN lost) is back
 * within the first delay.
 */
export const RECONNECT_DELAYS_MS = [1000, 2000, 4000, 8000, 16000, 30000] as const;
/**
 * The server comments every 15 s: two missed keep-alives and a margin for a
 * slow network mean a half-open connection, dropped so the next one can open.
 */
export const SILENCE_LIMIT_MS = 35_000;
/** A connection nobody listens to is kept this long, for the next action. */
export const IDLE_CLOSE_MS = 30_000;

type StatusListener = (status: TransactionStatus) => void;
type ConnectionListener = (connected: boolean) => void;

export class TransactionStream {
  private statusListeners = new Set<StatusListener>();
  private connectionListeners = new Set<ConnectionListener>();
  private controller: AbortController | null = null;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private silenceTimer: ReturnType<typeof setTimeout> | null = null;
  private idleTimer: ReturnType<typeof setTimeout> | null = null;
  private attempt = 0;
  private closed = false;
  /** The id of the last event seen on any connection of this stream. */
  private lastEventId: string | undefined;
  connected = false;

  constructor(readonly token: string) {}

  /** Listens to status events; the connection opens with the first listener. */
  subscribe(onStatus: StatusListener, onConnection?: ConnectionListener): () => void {
    this.statusListeners.add(onStatus);
    if (onConnection) this.connectionListeners.add(onConnection);
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    if (!this.controller && !this.reconnectTimer && !this.closed) this.open();
    return () => {
      this.statusListeners.delete(onStatus);
      if (onConnection) this.connectionListeners.delete(onConnection);
      if (this.statusListeners.size === 0 && !this.idleTimer) {
        this.idleTimer = setTimeout(() => this.close(), IDLE_CLOSE_MS);
      }
    };
  }

  close(): void {
    this.closed = true;
    for (const timer of [this.reconnectTimer, this.silenceTimer, this.idleTimer]) {
      if (timer) clearTimeout(timer);
    }
    this.reconnectTimer = this.silenceTimer = this.idleTimer = null;
    this.controller?.abort();
    this.controller = null;
    this.setConnected(false);
    streams.forEach((stream, key) => {
      if (stream === this) streams.delete(key);
    });
  }

  private setConnected(connected: boolean): void {
    if (this.connected === connected) return;
    this.connected = connected;
    for (const listener of [...this.connectionListeners]) listener(connected);
  }

  private open(): void {
    const controller = new AbortController();
    this.controller = controller;
    void this.read(controller).then(
      () => this.dropped(controller),
      () => this.dropped(controller),
    );
  }

  private async read(controller: AbortController): Promise<void> {
    const headers: Record<string, string> = {
      Accept: 'text/event-stream',
      Authorization: `Bearer ${this.token}`,
    };
    if (this.lastEventId !== undefined) headers['Last-Event-ID'] = this.lastEventId;
    const response = await fetch(`${API_PREFIX}${STREAM_PATH}`, {
      headers,
      signal: controller.signal,
      cache: 'no-store',
    });
    if (response.status === 401) {
      // The session ended (logout, reset, expiry): the server closed the
      // stream, and this token will never open another. A new sign-in does.
      // Still stored, the session is ended in the app as any refused call ends it.
      reportSessionEnd(this.token);
      this.close();
      return;
    }
    if (!response.ok || !response.body) throw new Error(`stream answered ${response.status}`);
    this.attempt = 0;
    this.setConnected(true);
    this.heardFrom(controller);

    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    const parser = new SseParser();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      this.heardFrom(controller);
      for (const event of parser.push(decoder.decode(value, { stream: true }))) {
        if (event.event === 'status') {
          const status = parseStatus(event.data);
          if (status) for (const listener of [...this.statusListeners]) listener(status);
        }
        // An empty id field resets it (WHATWG): then no Last-Event-ID is sent.
        if (event.id !== undefined) this.lastEventId = event.id || undefined;
      }
    }
  }

  private heardFrom(controller: AbortController): void {
    if (this.silenceTimer) clearTimeout(this.silenceTimer);
    this.silenceTimer = setTimeout(() => controller.abort(), SILENCE_LIMIT_MS);
  }

  private dropped(controller: AbortController): void {
    if (this.controller !== controller) return;
    this.controller = null;
    if (this.silenceTimer) clearTimeout(this.silenceTimer);
    this.silenceTimer = null;
    this.setConnected(false);
    if (this.closed) return;
    const delay = RECONNECT_DELAYS_MS[Math.min(this.attempt, RECONNECT_DELAYS_MS.length - 1)];
    this.attempt += 1;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      if (!this.closed) this.open();
    }, delay);
  }
}

function parseStatus(data: string): TransactionStatus | null {
  try {
    const parsed = transactionStatusSchema.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

const streams = new Map<string, TransactionStream>();

/**
 * The shared stream of the actor signed in now, or null without a session.
 * A new token (another login) gets a new connection; the old one is closed.
 */
export function streamFor(actor: ChainActor): TransactionStream | null {
  const token = readStoredToken(SESSION_STORAGE_KEYS[actor]);
  const current = streams.get(actor);
  if (current && current.token === token) return current;
  current?.close();
  if (!token) return null;
  const stream = new TransactionStream(token);
  streams.set(actor, stream);
  return stream;
}

// An ended session hears nothing more: its stream closes at once, before the
// app has even opened the login page.
onSessionEnd(({ actor }) => {
  streams.get(actor)?.close();
});

/** Closes every stream (logout, tests). */
export function closeAllStreams(): void {
  for (const stream of [...streams.values()]) stream.close();
  streams.clear();
}
