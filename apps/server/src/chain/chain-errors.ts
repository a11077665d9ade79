// Whose problem a failed chain call is. A revert, or the node refusing one
// request, belongs to that transaction: it fails alone, with a reason. A node
// that cannot be reached (or is overloaded) belongs to the process: the
// pipeline pauses and tries again, failing nobody.
import {
  BaseError,
  HttpRequestError,
  InternalRpcError,
  LimitExceededRpcError,
  MethodNotFoundRpcError,
  MethodNotSupportedRpcError,
  ResourceUnavailableRpcError,
  SocketClosedError,
  TimeoutError,
  WebSocketRequestError,
} from 'viem';
import { isRevert } from './revert-reason.ts';

export type ChainErrorKind = 'revert' | 'refused' | 'unreachable';

const UNREACHABLE = [
  HttpRequestError,
  TimeoutError,
  SocketClosedError,
  WebSocketRequestError,
  InternalRpcError,
  LimitExceededRpcError,
  ResourceUnavailableRpcError,
  MethodNotFoundRpcError,
  MethodNotSupportedRpcError,
];

export function classifyChainError(error: unknown): ChainErrorKind {
  if (isRevert(error)) return 'revert';
  // Not viem's: a socket error, a fetch failure, a bug. Never a user's fault.
  if (!(error instanceof BaseError)) return 'unreachable';
  if (error.walk((cause) => UNREACHABLE.some((kind) => cause instanceof kind)) !== null) {
    return 'unreachable';
  }
  // The node answered, and its answer was about this request (invalid input,
  // invalid params, transaction rejected, not found).
  return 'refused';
}

/**
 * Thrown out of a pipeline step when the process cannot go on (database or
 * chain unreachable): the step's database transaction rolls back untouched and
 * the worker pauses before the next try.
 */
export class PipelinePause extends Error {
  constructor(
    message: string,
    override readonly cause?: unknown,
  ) {
    super(message);
    this.name = 'PipelinePause';
  }
}

/** The first line of an error's message: viem's run on with docs links. */
export function firstLine(error: unknown): string {
  const message =
    error instanceof BaseError
      ? error.shortMessage
      : error instanceof Error
        ? error.message
        : String(error);
  return message.split('\n')[0] ?? 'unknown error';
}

/**
 * What the node itself said, where viem keeps it: its own words ("nonce too
 * low", "transaction already imported") are the details under viem's summary
 * ("Transaction creation failed.").
 */
export function nodeWords(error: unknown): string {
  if (error instanceof BaseError && error.details) return error.details.split('\n')[0]!;
  return firstLine(error);
}
