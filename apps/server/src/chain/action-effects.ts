// What the platform records when an action completes on chain, written in the
// same database transaction that marks it COMPLETED (so it happens exactly
// once). Domains add theirs as they add actions.
import type { Queryable } from '../db/database.ts';
import type { ChainAction } from './actions.ts';
import type { DecodedEvent } from './events.ts';
import type { ChainTransaction } from './pipeline/transaction-repository.ts';

type Effect = (
  tx: Queryable,
  transaction: ChainTransaction,
  events: DecodedEvent[],
) => Promise<void>;

const effects: Partial<Record<ChainAction['type'], Effect>> = {
  // The registry's user id is the onChainId of spec section 3.
  registerUser: async (tx, transaction, events) => {
    const registered = events.find((e) => e.eventName === 'UserRegistered');
    if (!registered || transaction.ownerKind !== 'user') return;
    await tx.query('UPDATE users SET on_chain_id = $2, updated_at = now() WHERE id = $1', [
      transaction.ownerId,
      registered.args.userId,
    ]);
  },
};

export async function applyCompletionEffect(
  tx: Queryable,
  transaction: ChainTransaction,
  events: DecodedEvent[],
) {
  await effects[transaction.action.type]?.(tx, transaction, events);
}
