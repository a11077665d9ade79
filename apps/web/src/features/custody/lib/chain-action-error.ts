// Why a chain action ended without a final transaction. The user has already
// been told (toast or their own Cancel); callers only stop.
import type { TransactionRef } from './wait-for-transaction';

export type ChainActionErrorKind =
  | 'cancelled' // the user cancelled the consent dialog: nothing was signed
  | 'consent' // the consent request failed
  | 'submit' // the server refused the confirmed consent (used, expired, ...)
  | 'status' // queued, but its outcome could not be determined
  | 'processing' // queued and still running at the bound: it completes on its own
  | 'session'; // the session it ran in ended: the app says so once and opens the login page

export class ChainActionError extends Error {
  constructor(
    readonly kind: ChainActionErrorKind,
    message: string,
    /** The transaction still running, for kind 'processing'. */
    readonly transaction?: TransactionRef,
  ) {
    super(message);
    this.name = 'ChainActionError';
  }
}

/**
 * Whether the action stopped with nothing more to tell the person: they
 * cancelled it, or their session ended (which has its own one message).
 */
export const isCancelled = (error: unknown) =>
  error instanceof ChainActionError && (error.kind === 'cancelled' || error.kind === 'session');

/**
 * Not a failure: the transaction may still complete, so callers show no
 * failure of their own and must not offer to send it again as if it had failed.
 */
export const isStillProcessing = (
  error: unknown,
): error is ChainActionError & { kind: 'processing'; transaction: TransactionRef } =>
  error instanceof ChainActionError && error.kind === 'processing';
