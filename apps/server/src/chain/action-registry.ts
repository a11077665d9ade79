// The registry of chain actions, built from the definitions it is given (the
// composition root hands it the modules' definitions, src/actions.ts): the
// pipeline and consent know an action only through it, so they never import
// a domain module.
import { z } from 'zod';
import type { Queryable } from '../db/database.ts';
import type { ActionDefinition, ContractCall, EncodeContext } from './action-definition.ts';
import type { DecodedEvent } from './events.ts';
import type { ActionPayload, ChainTransaction } from './pipeline/chain-transaction.ts';

type ActionSchema = z.ZodObject<{ type: z.ZodLiteral<string> }>;

/**
 * Filled in by the composition root (src/actions.ts) through declaration
 * merging, so that what a module hands to consent is checked by the compiler
 * against the union of every definition, while no import points upwards.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface RegisteredActions {}

/** The union of the registered actions (any payload before the root registers it). */
export type RegisteredAction = RegisteredActions extends {
  action: infer Action extends ActionPayload;
}
  ? Action
  : ActionPayload;

/** `Action`: the union of the actions registered (ActionPayload where it is not known). */
/** What an action takes of its owner's fair use (chain/pipeline/fair-use.ts). */
export interface ActionNeed {
  transactions: number;
  gas: bigint;
}

export interface ActionRegistry<Action extends ActionPayload = ActionPayload> {
  /** Reads an action as today's rules allow: the union of the definitions' schemas. */
  schema: z.ZodType<Action>;
  /** What will happen, in the words the consent dialog shows. */
  describe(action: Action): string;
  /** The chain transactions an action is queued as: itself, or its parts when it is too large for one. */
  split(action: Action): Action[];
  /**
   * What an action takes of its owner's fair use before it is sent: its transactions (its
   * parts), and the gas of the parts of a split action (partGas); 0 for one transaction, whose
   * gas counts once it is sent.
   */
  need(action: Action): ActionNeed;
  /**
   * The contract calls an action becomes, run in order from the owner's wallet
   * (consecutive forwarder nonces, one relay transaction). Throws when the
   * action cannot be encoded; the pipeline then fails that action alone.
   */
  encode(action: Action, context: EncodeContext): Promise<ContractCall[]>;
  /** The action's events as a client reads them: its leading event (if any) first, the rest in log order. */
  eventsForClient(action: ActionPayload, events: DecodedEvent[]): DecodedEvent[];
  /** What the platform records when an action completes, in the transaction that marks it. */
  applyCompletionEffect(
    tx: Queryable,
    transaction: ChainTransaction,
    events: DecodedEvent[],
  ): Promise<void>;
  /** What the platform records when an action fails, in the transaction that marks it. */
  applyFailureEffect(tx: Queryable, transaction: ChainTransaction): Promise<void>;
  /**
   * Runs in the database transaction that queues an admin's action: the
   * audit log's entry is written in the same commit as the action it records.
   */
  auditAdminAction(
    tx: Queryable,
    admin: { id: string },
    action: Action,
    transactionId: string,
  ): Promise<void>;
}

/**
 * What the platform records of every action's outcome besides its own effect
 * (the sponsor's events, composed at the root), after that effect and in the
 * same database transaction.
 */
export type OutcomeRecorder = (
  tx: Queryable,
  transaction: ChainTransaction,
  outcome: 'COMPLETED' | 'FAILED',
  events: DecodedEvent[],
) => Promise<void>;

/** `definitions`: each module's (defineAction); only their schemas type the union. */
export function createActionRegistry<const Definitions extends readonly { schema: ActionSchema }[]>(
  definitions: Definitions,
  auditAdminAction: ActionRegistry<z.output<Definitions[number]['schema']>>['auditAdminAction'],
  recordOutcome?: OutcomeRecorder,
): ActionRegistry<z.output<Definitions[number]['schema']>> {
  type Action = z.output<Definitions[number]['schema']>;
  const schema = z.discriminatedUnion(
    'type',
    definitions.map((d) => d.schema) as unknown as [ActionSchema, ...ActionSchema[]],
  ) as unknown as z.ZodType<Action>;
  // One definition's functions take its own action; the type says which definition it is.
  const byType = new Map<string, ActionDefinition>(
    definitions.map((d) => [d.schema.shape.type.value, d as unknown as ActionDefinition]),
  );
  const definitionOf = (type: string): ActionDefinition => {
    const definition = byType.get(type);
    if (!definition) throw new Error(`unknown chain action ${type}`);
    return definition;
  };
  return {
    schema,
    describe: (action) => definitionOf(action.type).describe(action),
    split(action) {
      const parts = definitionOf(action.type).split?.(action) as Action[] | undefined;
      return parts && parts.length > 0 ? parts : [action];
    },
    need(action) {
      const definition = definitionOf(action.type);
      const parts = definition.split?.(action) ?? [];
      if (parts.length === 0) return { transactions: 1, gas: 0n };
      const gas = parts.reduce((sum, part) => sum + (definition.partGas?.(part) ?? 0n), 0n);
      return { transactions: parts.length, gas };
    },
    encode: async (action, context) => definitionOf(action.type).encode(action, context),
    eventsForClient(action, events) {
      const leading = byType.get(action.type)?.leadingEvent;
      if (!leading) return events;
      return [
        ...events.filter((event) => event.eventName === leading),
        ...events.filter((event) => event.eventName !== leading),
      ];
    },
    async applyCompletionEffect(tx, transaction, events) {
      await byType.get(transaction.action.type)?.onCompleted?.(tx, transaction, events);
      await recordOutcome?.(tx, transaction, 'COMPLETED', events);
    },
    async applyFailureEffect(tx, transaction) {
      await byType.get(transaction.action.type)?.onFailed?.(tx, transaction, []);
      await recordOutcome?.(tx, transaction, 'FAILED', []);
    },
    auditAdminAction,
  };
}
