// Every chain action of the platform, composed from the domain modules that
// define them (modules/<domain>/actions.ts). A new action is a definition in
// its module and its list spread in `definitions` below: consent, the
// pipeline and the status feed carry it with nothing else to change.
import { z } from 'zod';
import type { Queryable } from '../db/database.ts';
import { accountActions } from '../modules/accounts/actions.ts';
import { applicationActions } from '../modules/applications/actions.ts';
import { badgeActions } from '../modules/badges/actions.ts';
import { adminActions } from '../modules/admin/actions.ts';
import { stakingActions } from '../modules/staking/actions.ts';
import { tokenActions } from '../modules/tokens/actions.ts';
import type { ActionDefinition, ContractCall, EncodeContext } from './action-definition.ts';
import type { DecodedEvent } from './events.ts';
import type { ChainTransaction } from './pipeline/transaction-repository.ts';

export type { ContractCall, EncodeContext, PermitSignature } from './action-definition.ts';

const definitions = [
  ...accountActions,
  ...tokenActions,
  ...stakingActions,
  ...badgeActions,
  ...adminActions,
  ...applicationActions,
] as const;

type Definition = (typeof definitions)[number];
type Schema = Definition['schema'];

export const chainActionSchema = z.discriminatedUnion(
  'type',
  definitions.map((d) => d.schema) as unknown as [Schema, ...Schema[]],
);
export type ChainAction = z.output<Schema>;
export type ChainActionType = ChainAction['type'];

const byType = new Map<string, ActionDefinition>(
  definitions.map((d) => [d.schema.shape.type.value, d as unknown as ActionDefinition]),
);

function definitionOf(type: string): ActionDefinition {
  const definition = byType.get(type);
  if (!definition) throw new Error(`unknown chain action ${type}`);
  return definition;
}

/** What will happen, in the words the consent dialog shows. */
export function describeAction(action: ChainAction): string {
  return definitionOf(action.type).describe(action);
}

/** The chain transactions an action is queued as: itself, or its parts when it is too large for one. */
export function splitAction(action: ChainAction): ChainAction[] {
  const parts = definitionOf(action.type).split?.(action) as ChainAction[] | undefined;
  return parts && parts.length > 0 ? parts : [action];
}

/**
 * The contract calls an action becomes, run in order from the owner's wallet
 * (consecutive forwarder nonces, one relay transaction). Throws when the
 * action cannot be encoded; the pipeline then fails that action alone.
 */
export async function encodeAction(
  action: ChainAction,
  context: EncodeContext,
): Promise<ContractCall[]> {
  return definitionOf(action.type).encode(action, context);
}

/** What the platform records when an action completes, in the transaction that marks it. */
export async function applyCompletionEffect(
  tx: Queryable,
  transaction: ChainTransaction,
  events: DecodedEvent[],
): Promise<void> {
  await byType.get(transaction.action.type)?.onCompleted?.(tx, transaction, events);
}

/** What the platform records when an action fails, in the transaction that marks it. */
export async function applyFailureEffect(
  tx: Queryable,
  transaction: ChainTransaction,
): Promise<void> {
  await byType.get(transaction.action.type)?.onFailed?.(tx, transaction, []);
}
