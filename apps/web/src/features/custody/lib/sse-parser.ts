// An incremental parser of a text/event-stream body (the WHATWG "event stream"
// interpretation), fed with decoded chunks that may split a line, a field or a
// CRLF anywhere. Comment lines (": keep-alive") produce no event.

export interface ServerSentEvent {
  /** The `event:` field, 'message' when absent. */
  event: string;
  /** The `data:` lines joined with '\n'. */
  data: string;
  id: string | undefined;
}

export class SseParser {
  private buffer = '';
  /** The previous chunk ended on '\r': a '\n' opening the next chunk belongs to it. */
  private afterCarriageReturn = false;
  private eventName = '';
  private dataLines: string[] = [];
  private lastEventId: string | undefined;

  /** Feeds a chunk and returns the events it completed, in order. */
  push(chunk: string): ServerSentEvent[] {
    if (chunk === '') return [];
    let text = chunk;
    if (this.afterCarriageReturn && text.startsWith('\n')) text = text.slice(1);
    this.afterCarriageReturn = false;
    this.buffer += text;

    const events: ServerSentEvent[] = [];
    let start = 0;
    for (let i = 0; i < this.buffer.length; i += 1) {
      const char = this.buffer[i];
      if (char !== '\n' && char !== '\r') continue;
      const line = this.buffer.slice(start, i);
      if (char === '\r') {
        if (i + 1 === this.buffer.length) this.afterCarriageReturn = true;
        else if (this.buffer[i + 1] === '\n') i += 1;
      }
      start = i + 1;
      const event = this.processLine(line);
      if (event) events.push(event);
    }
    this.buffer = this.buffer.slice(start);
    return events;
  }

  private processLine(line: string): ServerSentEvent | null {
    if (line === '') return this.dispatch();
    if (line.startsWith(':')) return null;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') this.eventName = value;
    else if (field === 'data') this.dataLines.push(value);
    else if (field === 'id' && !value.includes('\0')) this.lastEventId = value;
    // 'retry' and unknown fields are ignored: reconnection has its own backoff.
    return null;
  }

  private dispatch(): ServerSentEvent | null {
    const hasData = this.dataLines.length > 0;
    const event: ServerSentEvent = {
      event: this.eventName || 'message',
      data: this.dataLines.join('\n'),
      id: this.lastEventId,
    };
    this.eventName = '';
    this.dataLines = [];
    return hasData ? event : null;
  }
}
