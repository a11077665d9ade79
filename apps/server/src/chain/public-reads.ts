// The chain reads anyone can cause without an account (a credential's
// verification, /platform) go through a client of their own, held to a few
// calls at once and a few calls a second. A flood of them then waits for
// itself, or is refused, and spends at most that share of the node's quota:
// the relay and settle loops keep their own client and never wait behind it,
// nor get a provider's 429 because of it.
import { createPublicClient, http, type Chain, type PublicClient, type Transport } from 'viem';
import { AppError } from '../http/errors.ts';
import { createCallGate, GateFullError, type CallGate } from './call-gate.ts';

export interface PublicReadLimits {
  /** JSON-RPC calls of public reads running at once. */
  concurrency: number;
  /** JSON-RPC calls of public reads started in any second. */
  perSecond: number;
}

/** A public read waits at most about this long for its turn; beyond it, it is refused. */
const LONGEST_WAIT_SECONDS = 2;
/** A public read the node has not answered by then is given up (health's check waits 3 s). */
const PUBLIC_READ_TIMEOUT_MS = 2_500;

/** `transport` with every call through `gate`. */
function gatedTransport(transport: Transport, gate: CallGate): Transport {
  return (params) => {
    const inner = transport(params);
    const request: typeof inner.request = (args, options) =>
      gate.run(() => inner.request(args, options));
    return { ...inner, request };
  };
}

/**
 * A client of its own for public reads: no JSON-RPC batching (one call, one
 * place in the gate), no retry (a busy node is not asked twice as hard; the
 * caller is told to try again).
 */
export function createPublicReadClient(
  chain: Chain,
  rpcUrl: string,
  limits: PublicReadLimits,
): PublicClient {
  const gate = createCallGate({
    ...limits,
    maxWaiting: limits.perSecond * LONGEST_WAIT_SECONDS,
    what: 'public chain reads',
  });
  return createPublicClient({
    chain,
    transport: gatedTransport(
      http(rpcUrl, { retryCount: 0, timeout: PUBLIC_READ_TIMEOUT_MS }),
      gate,
    ),
  });
}

/**
 * A public read refused by the gate, as the 503 to answer (with when to try
 * again); viem wraps the refusal, so it is looked for along the causes.
 */
export function publicReadsBusy(error: unknown): AppError | undefined {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if (cause instanceof GateFullError) {
      return new AppError(503, cause.message, { retryAfterSeconds: LONGEST_WAIT_SECONDS });
    }
  }
  return undefined;
}
