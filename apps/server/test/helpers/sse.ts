// Reads a server-sent event stream message by message, as a browser would:
// comments, ids, event names and data, and when the server ends it.
export interface SseMessage {
  id?: string;
  event?: string;
  data?: string;
  comments: string[];
}

export interface StatusEvent {
  /** The message's id line, as sent. */
  id: string | undefined;
  transactionId: string;
  status: string;
  transactionHash: string | null;
  failureReason: string | null;
}

export interface SseReader {
  /** Everything received so far, as text. */
  readonly raw: string;
  readonly messages: SseMessage[];
  /** The `status` events so far, each with its id. */
  readonly statusEvents: StatusEvent[];
  /** True once the server has ended the stream. */
  readonly ended: boolean;
  /** Reads until `until` holds (or the stream ends); throws after timeoutMs. */
  readUntil(until: (reader: SseReader) => boolean, timeoutMs?: number): Promise<void>;
  /** Reads until the server ends the stream; throws after timeoutMs. */
  readToEnd(timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

function parseMessage(block: string): SseMessage {
  const message: SseMessage = { comments: [] };
  for (const line of block.split('\n')) {
    if (line.startsWith(':')) message.comments.push(line.slice(1).trim());
    else if (line.startsWith('id: ')) message.id = line.slice(4);
    else if (line.startsWith('event: ')) message.event = line.slice(7);
    else if (line.startsWith('data: '))
      message.data = (message.data === undefined ? '' : `${message.data}\n`) + line.slice(6);
  }
  return message;
}

export function readSse(response: Response): SseReader {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let raw = '';
  let buffer = '';
  let ended = false;
  const messages: SseMessage[] = [];
  let pending: Promise<void> | undefined;
  // One read in flight at a time, kept across timeouts so no chunk is lost.
  const readOnce = () =>
    (pending ??= reader.read().then(({ value, done }) => {
      pending = undefined;
      if (done) {
        ended = true;
        return;
      }
      raw += value;
      buffer += value;
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        messages.push(parseMessage(buffer.slice(0, end)));
        buffer = buffer.slice(end + 2);
      }
    }));
  const self: SseReader = {
    get raw() {
      return raw;
    },
    messages,
    get statusEvents() {
      return messages
        .filter((m) => m.event === 'status' && m.data !== undefined)
        .map((m) => ({ id: m.id, ...(JSON.parse(m.data!) as Omit<StatusEvent, 'id'>) }));
    },
    get ended() {
      return ended;
    },
    async readUntil(until, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (!until(self) && !ended) {
        const left = deadline - Date.now();
        let timer: NodeJS.Timeout | undefined;
        const timedOut = await Promise.race([
          readOnce().then(() => false),
          new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(true), left))),
        ]);
        clearTimeout(timer);
        if (timedOut) {
          throw new Error(`stream gave ${JSON.stringify(self.statusEvents)} in ${timeoutMs} ms`);
        }
      }
    },
    async readToEnd(timeoutMs = 10_000) {
      await self.readUntil(() => false, timeoutMs);
    },
    close: () => reader.cancel().catch(() => undefined),
  };
  return self;
}
