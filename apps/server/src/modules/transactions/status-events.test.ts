import { describe, expect, it } from 'vitest';
import type { ChainTransaction } from '../../chain/pipeline/chain-transaction.ts';
import { parseLastEventId, statusEventWriter } from './status-events.ts';

describe('Last-Event-ID', () => {
  it('is read as a status_seq when it is a non-negative integer PostgreSQL can hold', () => {
    expect(parseLastEventId('0')).toBe(0n);
    expect(parseLastEventId('42')).toBe(42n);
    expect(parseLastEventId(['7', '9'])).toBe(7n);
    expect(parseLastEventId('9223372036854775807')).toBe(9223372036854775807n);
  });

  it('is ignored otherwise', () => {
    for (const value of [
      undefined,
      '',
      '-1',
      '1.5',
      '1e3',
      'abc',
      '0x10',
      '12 13',
      '9223372036854775808',
      '99999999999999999999',
    ]) {
      expect(parseLastEventId(value)).toBeNull();
    }
  });
});

describe('the status events of one stream', () => {
  const tx = (id: string, seq: bigint, status: ChainTransaction['status']) =>
    ({ id, statusSeq: seq, status }) as ChainTransaction;

  it('carry the id, and never a transaction at a seq the stream already sent of it', () => {
    const written: string[] = [];
    const write = statusEventWriter(
      (text) => written.push(text),
      (t) => ({
        transactionId: t.id,
        status: t.status === 'SENT' ? 'QUEUED' : t.status,
        description: '',
        failureReason: null,
        events: [],
        transactionHash: null,
        transactionChainScanUrl: null,
      }),
    );
    write(tx('a', 5n, 'QUEUED'));
    write(tx('b', 3n, 'QUEUED'));
    write(tx('a', 5n, 'QUEUED'));
    write(tx('a', 4n, 'QUEUED'));
    write(tx('a', 9n, 'COMPLETED'));
    write(tx('a', 7n, 'SENT'));
    expect(written.map((text) => text.split('\n').slice(0, 2))).toEqual([
      ['id: 5', 'event: status'],
      ['id: 3', 'event: status'],
      ['id: 9', 'event: status'],
    ]);
    expect(written[2]).toMatch(/^id: 9\nevent: status\ndata: \{.*"status":"COMPLETED".*\}\n\n$/);
  });
});
