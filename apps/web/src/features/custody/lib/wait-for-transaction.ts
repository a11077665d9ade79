// Waits for a queued transaction to end: COMPLETED or FAILED, or, past a
// bound, "still processing". The live stream is the primary channel, but a
// push can be lost, so while the stream is up the status is also read every
// WATCH_READ_INTERVAL_MS, and once more each time it comes up. Whenever the
// stream is down (or there is none) the spec's polling takes over: every
// TRANSACTION_POLLING.intervalMs, at most TRANSACTION_POLLING.maxTries calls.
// A failed read never stops the reading: it is retried (with backoff while
// the stream is up, on the spec's cadence while polling), and only answers
// that cannot change (401, 403, 404) end the wait early.
import { TOASTS, TRANSACTION_POLLING, type TransactionStatus } from '@gets/schema';
import type { ApiResult } from '@/lib/api-client';
import { toast } from '@/lib/toast';

export class TransactionStatusUnknownError extends Error {
  constructor(
    message: string,
    readonly transactionId: string,
  ) {
    super(message);
    this.name = 'TransactionStatusUnknownError';
  }
}

/** What the page can point to for a transaction that has not ended. */
export type TransactionRef = Pick<
  TransactionStatus,
  'transactionId' | 'transactionHash' | 'transactionChainScanUrl'
>;

/**
 * The bound was reached with the transaction still queued. It is not lost:
 * the pipeline finishes it on its own; the page just stops waiting.
 */
export class TransactionStillProcessingError extends Error {
  constructor(readonly transaction: TransactionRef) {
    super('The transaction is still processing');
    this.name = 'TransactionStillProcessingError';
  }
}

/** What the waiter needs from the stream (TransactionStream, or a stub in tests). */
export interface StatusFeed {
  readonly connected: boolean;
  subscribe(
    onStatus: (status: TransactionStatus) => void,
    onConnection?: (connected: boolean) => void,
  ): () => void;
}

export interface WaitOptions {
  transactionId: string;
  getStatus: (transactionId: string) => Promise<ApiResult<TransactionStatus>>;
  /** The live feed, or null when there is none (then polling alone). */
  feed: StatusFeed | null;
  /** Called on every status seen, QUEUED included. */
  onStatus?: (status: TransactionStatus) => void;
  polling?: { intervalMs: number; maxTries: number };
  /** When to stop waiting (epoch ms); by default STILL_PROCESSING_AFTER_MS from now. */
  deadline?: number;
}

/** Beyond the spec: a lost push is noticed within this while the stream is up. */
export const WATCH_READ_INTERVAL_MS = 10_000;
/** After a failed read with the stream up; the last delay repeats. */
export const READ_RETRY_DELAYS_MS = [1000, 2000, 4000, 8000, 10_000] as const;
/**
 * How long after the consent a page waits before it shows the transaction
 * as still processing. Relayed transactions normally end within a minute;
 * a longer wait means a congested chain, which the user need not watch.
 */
export const STILL_PROCESSING_AFTER_MS = 180_000;

const isFinal = (status: TransactionStatus) =>
  status.status === 'COMPLETED' || status.status === 'FAILED';

/** Error toasts keep one id each, so a flapping connection does not stack them. */
const STATUS_ERROR_TOAST_ID = 'transaction-status-error';

/** Answers that will not change by asking again: not ours, gone, or signed out. */
const FINAL_REFUSALS = new Set([401, 403, 404]);

export function waitForTransaction({
  transactionId,
  getStatus,
  feed,
  onStatus,
  polling = TRANSACTION_POLLING,
  deadline = Date.now() + STILL_PROCESSING_AFTER_MS,
}: WaitOptions): Promise<TransactionStatus> {
  return new Promise((resolve, reject) => {
    let tries = 0;
    let failures = 0;
    let settled = false;
    let inFlight = false;
    // A read asked for while another is on its way: that one may have been
    // read on the server before what the caller wants to see, so one follows.
    let readAgain = false;
    let readTimer: ReturnType<typeof setTimeout> | null = null;
    let boundTimer: ReturnType<typeof setTimeout> | null = null;
    let last: TransactionRef = {
      transactionId,
      transactionHash: null,
      transactionChainScanUrl: null,
    };
    let unsubscribe: () => void = () => {};
    const streaming = () => feed?.connected === true;

    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      if (readTimer) clearTimeout(readTimer);
      if (boundTimer) clearTimeout(boundTimer);
      readTimer = boundTimer = null;
      unsubscribe();
      outcome();
    };

    const seen = (status: TransactionStatus) => {
      if (settled || status.transactionId !== transactionId) return;
      last = status;
      onStatus?.(status);
      if (isFinal(status)) finish(() => resolve(status));
    };

    const scheduleRead = (delayMs: number) => {
      if (settled) return;
      if (readTimer) clearTimeout(readTimer);
      readTimer = setTimeout(() => {
        readTimer = null;
        void read();
      }, delayMs);
    };

    /** The next read after one that did not end the wait. */
    const scheduleNext = (failed: boolean) => {
      if (streaming()) {
        const retry = READ_RETRY_DELAYS_MS[Math.min(failures, READ_RETRY_DELAYS_MS.length) - 1];
        scheduleRead((failed && retry) || WATCH_READ_INTERVAL_MS);
      } else if (tries >= polling.maxTries) {
        finish(() => {
          toast.error(TOASTS.error.maxRetries);
          reject(new TransactionStatusUnknownError(TOASTS.error.maxRetries, transactionId));
        });
      } else {
        scheduleRead(polling.intervalMs);
      }
    };

    /** One status call; those made while the stream is down are the spec's polling tries. */
    const read = async () => {
      if (settled) return;
      if (inFlight) {
        readAgain = true;
        return;
      }
      // This read stands for any that was scheduled: the next follows from its answer.
      if (readTimer) clearTimeout(readTimer);
      readTimer = null;
      inFlight = true;
      if (!streaming()) tries += 1;
      let result: ApiResult<TransactionStatus> | null = null;
      try {
        result = await getStatus(transactionId);
      } catch {
        // A thrown read is a failed read: retried like a 5xx.
      } finally {
        inFlight = false;
      }
      if (settled) return;
      if (result?.success) {
        failures = 0;
        seen(result.data);
      } else {
        failures += 1;
        // A 401 ends the session app-wide, and the session helper says so.
        if (result?.status !== 401) {
          toast.error(TOASTS.error.transactionStatusFailed, { id: STATUS_ERROR_TOAST_ID });
        }
        if (result && FINAL_REFUSALS.has(result.status)) {
          finish(() => reject(new TransactionStatusUnknownError(result.message, transactionId)));
        }
      }
      if (settled) return;
      if (readAgain) {
        readAgain = false;
        void read();
        return;
      }
      scheduleNext(!result?.success);
    };

    const connectionChanged = (connected: boolean) => {
      if (settled) return;
      if (connected) {
        // Catch up on anything pushed while the stream was away.
        void read();
      } else {
        // Due on the spec's cadence even if a read is slow: then it follows that read.
        scheduleNext(false);
      }
    };

    boundTimer = setTimeout(
      () => finish(() => reject(new TransactionStillProcessingError(last))),
      Math.max(0, deadline - Date.now()),
    );
    if (feed) unsubscribe = feed.subscribe(seen, connectionChanged);
    void read();
  });
}
