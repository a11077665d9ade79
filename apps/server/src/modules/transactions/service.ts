import type { TransactionStatus } from '@gets/schema';
import type { AppContext } from '../../context.ts';
import type { ChainTransaction } from '../../chain/pipeline/chain-transaction.ts';
import { findTransaction } from '../../chain/pipeline/transaction-repository.ts';
import { AppError } from '../../http/errors.ts';
import { transactionLinkOf } from '../../chain/transaction-link.ts';
import type { Actor } from '../../http/auth.ts';

/**
 * Status streams one session may hold open: the web app opens one per tab,
 * so this is several tabs; a client that opens more without closing them
 * would hold connections and timers of the server for nothing.
 */
export const MAX_STREAMS_PER_SESSION = 5;

/**
 * When a stream is refused because live status is down (the LISTEN connection
 * is lost and being opened again), the client is told to try this much later;
 * it polls meanwhile.
 */
export const STREAM_RETRY_AFTER_SECONDS = 5;

export const TRANSACTION_MESSAGES = {
  notFound: 'Transaction not found',
  liveStatusDown:
    'Live status updates are unavailable for a moment. Your transaction status is still checked every few seconds',
  tooManyStreams: `Too many live status connections: at most ${MAX_STREAMS_PER_SESSION} per sign-in. Close another tab of this site and try again`,
} as const;

/**
 * The open status streams of each session in this process (a session spread
 * over several API processes may hold this many in each).
 */
export function streamSlots(max = MAX_STREAMS_PER_SESSION) {
  const open = new Map<string, number>();
  return {
    /** Takes one of the session's slots, or refuses with 429; the answer frees it, once. */
    take(session: string): () => void {
      const count = open.get(session) ?? 0;
      if (count >= max) throw new AppError(429, TRANSACTION_MESSAGES.tooManyStreams);
      open.set(session, count + 1);
      let freed = false;
      return () => {
        if (freed) return;
        freed = true;
        const left = (open.get(session) ?? 1) - 1;
        if (left > 0) open.set(session, left);
        else open.delete(session);
      };
    },
  };
}

/** The wallets a whitelisting's owner gave it (an earner's, or many), lower case. */
function givenWallets(action: ChainTransaction['action']): Set<string> {
  const given = [action.earner, ...(Array.isArray(action.earners) ? action.earners : [])];
  return new Set(
    given.filter((wallet) => typeof wallet === 'string').map((wallet) => wallet.toLowerCase()),
  );
}

/**
 * A whitelisting answers only the wallets its owner gave (decision 0063): the
 * wallets of invitees who accepted were found by the server, and the sponsor
 * is not shown them before they apply. Their events are left out, and so is
 * the hash, whose page shows the chain's record of them.
 */
function visibleToOwner(t: ChainTransaction) {
  const given = givenWallets(t.action);
  const events = (t.events ?? []).filter(
    (event) =>
      event.eventName !== 'EarnerWhitelisted' || given.has(String(event.args.earner).toLowerCase()),
  );
  const hidden = events.length < (t.events ?? []).length;
  return { events, transactionHash: hidden ? null : t.transactionHash };
}

/** The spec's view of a transaction: SENT is still QUEUED to the client (keep polling). */
export function toStatus(ctx: AppContext, t: ChainTransaction): TransactionStatus {
  const { events: visible, transactionHash } = visibleToOwner(t);
  const events = ctx.actions.eventsForClient(t.action, visible);
  return {
    transactionId: t.id,
    status: t.status === 'SENT' ? 'QUEUED' : t.status,
    description: t.description,
    failureReason: t.failureReason,
    events,
    transactionHash,
    transactionChainScanUrl: transactionLinkOf(ctx.config.explorerUrl, transactionHash),
  };
}

export async function transactionStatusOf(
  ctx: AppContext,
  actor: Actor,
  id: string,
): Promise<TransactionStatus> {
  const transaction = await findTransaction(ctx.db, id);
  // Another owner's transaction is answered as missing, so ids reveal nothing.
  if (!transaction || transaction.ownerKind !== actor.kind || transaction.ownerId !== actor.id) {
    throw new AppError(404, TRANSACTION_MESSAGES.notFound);
  }
  return toStatus(ctx, transaction);
}
