// Waits for a queued transaction to end: COMPLETED or FAILED. The live stream
// is the primary channel; whenever it is down the spec's polling takes over
// (every TRANSACTION_POLLING.intervalMs, at most TRANSACTION_POLLING.maxTries
// calls in all), and every time it comes up one status call catches up on
// anything pushed while it was away.
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
}

const isFinal = (status: TransactionStatus) =>
  status.status === 'COMPLETED' || status.status === 'FAILED';

/** Error toasts keep one id each, so a flapping connection does not stack them. */
const STATUS_ERROR_TOAST_ID = 'transaction-status-error';

export function waitForTransaction({
  transactionId,
  getStatus,
  feed,
  onStatus,
  polling = TRANSACTION_POLLING,
}: WaitOptions): Promise<TransactionStatus> {
  return new Promise((resolve, reject) => {
    let tries = 0;
    let settled = false;
    let inFlight = false;
    // A catch-up look asked for while another look is on its way: that look
    // may have been read before what the stream missed, so one more follows it.
    let lookAgain = false;
    let pollTimer: ReturnType<typeof setTimeout> | null = null;
    let unsubscribe: () => void = () => {};

    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      if (pollTimer) clearTimeout(pollTimer);
      pollTimer = null;
      unsubscribe();
      outcome();
    };

    const seen = (status: TransactionStatus) => {
      if (settled || status.transactionId !== transactionId) return;
      onStatus?.(status);
      if (isFinal(status)) finish(() => resolve(status));
    };

    const givenUp = () =>
      finish(() => {
        toast.error(TOASTS.error.maxRetries);
        reject(new TransactionStatusUnknownError(TOASTS.error.maxRetries, transactionId));
      });

    /** One status call; `counted` calls are the spec's polling tries. */
    const check = async (counted: boolean) => {
      if (settled) return;
      if (inFlight) {
        if (!counted) lookAgain = true;
        return;
      }
      inFlight = true;
      if (counted) tries += 1;
      const result = await getStatus(transactionId);
      inFlight = false;
      if (settled) return;
      if (result.success) {
        seen(result.data);
      } else {
        toast.error(TOASTS.error.transactionStatusFailed, { id: STATUS_ERROR_TOAST_ID });
        // A transaction that is not ours (or gone) will not appear later.
        if (result.status === 401 || result.status === 403 || result.status === 404) {
          finish(() => reject(new TransactionStatusUnknownError(result.message, transactionId)));
          return;
        }
      }
      if (!settled && lookAgain) {
        lookAgain = false;
        void check(false);
      }
      if (!settled && counted) schedulePoll();
    };

    const schedulePoll = () => {
      if (settled || pollTimer || feed?.connected) return;
      if (tries >= polling.maxTries) {
        givenUp();
        return;
      }
      pollTimer = setTimeout(() => {
        pollTimer = null;
        if (feed?.connected) return;
        void check(true);
      }, polling.intervalMs);
    };

    const connectionChanged = (connected: boolean) => {
      if (settled) return;
      if (connected) {
        if (pollTimer) clearTimeout(pollTimer);
        pollTimer = null;
        void check(false);
      } else {
        schedulePoll();
      }
    };

    if (feed) unsubscribe = feed.subscribe(seen, connectionChanged);
    // The first look: counted as a try only when it is the polling that asks.
    void check(!feed?.connected);
  });
}
