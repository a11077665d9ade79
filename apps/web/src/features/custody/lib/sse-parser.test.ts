import { describe, expect, it } from 'vitest';
import { SseParser, type ServerSentEvent } from './sse-parser';

const STREAM =
  ': connected\r\n\r\n' +
  'event: status\r\ndata: {"a":1}\r\n\r\n' +
  ': keep-alive\n\n' +
  'event: status\ndata: line one\ndata: line two\n\n' +
  'data:no-space\rid: 7\r\r' +
  'event: ignored-without-data\n\n';

const EXPECTED: ServerSentEvent[] = [
  { event: 'status', data: '{"a":1}', id: undefined },
  { event: 'status', data: 'line one\nline two', id: undefined },
  { event: 'message', data: 'no-space', id: '7' },
];

function parseInChunks(chunks: string[]): ServerSentEvent[] {
  const parser = new SseParser();
  return chunks.flatMap((chunk) => parser.push(chunk));
}

describe('SseParser', () => {
  it('parses a whole stream: events, multi-line data, CR/LF/CRLF endings, comments skipped', () => {
    expect(parseInChunks([STREAM])).toEqual(EXPECTED);
  });

  it('gives the same events whichever two places the stream is split at', () => {
    for (let i = 0; i <= STREAM.length; i += 1) {
      for (let j = i; j <= STREAM.length; j += 1) {
        const chunks = [STREAM.slice(0, i), STREAM.slice(i, j), STREAM.slice(j)];
        expect(parseInChunks(chunks), `split at ${i}, ${j}`).toEqual(EXPECTED);
      }
    }
  });

  it('gives the same events fed one character at a time', () => {
    expect(parseInChunks([...STREAM])).toEqual(EXPECTED);
  });

  it('holds an unfinished event until its blank line arrives', () => {
    const parser = new SseParser();
    expect(parser.push('event: status\ndata: {"x":')).toEqual([]);
    expect(parser.push('2}\n')).toEqual([]);
    expect(parser.push('\n')).toEqual([{ event: 'status', data: '{"x":2}', id: undefined }]);
  });
});
