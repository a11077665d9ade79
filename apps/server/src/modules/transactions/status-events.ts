// The status stream's events on the wire: `id: <status_seq>`, `event: status`,
// and the status as POST /metakeep/transaction answers it.
import type { TransactionStatus } from '@gets/schema';
import type { ChainTransaction } from '../../chain/pipeline/chain-transaction.ts';

/** The largest bigint PostgreSQL holds: a larger id could never have been sent. */
const MAX_SEQ = 2n ** 63n - 1n;

/**
 * The status_seq a reconnecting client saw last, from its Last-Event-ID;
 * null when there is none or it is not one of ours (then it gets the
 * snapshot alone, as on a first connect).
 */
export function parseLastEventId(header: string | string[] | undefined): bigint | null {
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined || !/^\d{1,19}$/.test(value.trim())) return null;
  const seq = BigInt(value.trim());
  return seq <= MAX_SEQ ? seq : null;
}

export const formatStatusEvent = (seq: bigint, status: TransactionStatus) =>
  `id: ${seq}\nevent: status\ndata: ${JSON.stringify(status)}\n\n`;

/**
 * Writes each transaction's status at most once per status_seq, and never
 * one older than what the stream has sent of it: the snapshot, the replay
 * and the live feed overlap, and a lookup may read a row at a seq the
 * snapshot already sent.
 */
export function statusEventWriter(
  write: (text: string) => void,
  toStatus: (transaction: ChainTransaction) => TransactionStatus,
) {
  const sent = new Map<string, bigint>();
  return (transaction: ChainTransaction) => {
    const last = sent.get(transaction.id);
    if (last !== undefined && transaction.statusSeq <= last) return;
    sent.set(transaction.id, transaction.statusSeq);
    write(formatStatusEvent(transaction.statusSeq, toStatus(transaction)));
  };
}
