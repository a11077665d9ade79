// The shape of a chain action, defined by the domain module it belongs to
// (modules/<domain>/actions.ts) and composed at the root (src/actions.ts)
// into the registry (chain/action-registry.ts) the pipeline is given: what it
// says in words (the consent dialog), which contract calls it becomes, and
// what the platform records when it ends (in the same database transaction
// that marks it COMPLETED or FAILED, so exactly once).
import { getAddress, type Address, type Hex } from 'viem';
import { z } from 'zod';
import type { PlatformContracts } from '@gets/contracts';
import { MAX_UINT256 } from '@gets/schema';
import type { Queryable } from '../db/database.ts';
import type { DecodedEvent } from './events.ts';
import type { ActionPayload, ChainTransaction } from './pipeline/chain-transaction.ts';

export interface ContractCall {
  to: Address;
  data: Hex;
  /** Gas the forwarder hands to the call; the relayer pays for it. */
  gas: bigint;
  /**
   * Whether the call can be simulated on its own before signing; false for a
   * call that needs an earlier call of the same action to have run.
   */
  simulate?: boolean;
}

/** An EIP-2612 permit of the GETS token, signed by the action's wallet. */
export interface PermitSignature {
  deadline: bigint;
  v: number;
  r: Hex;
  s: Hex;
}

/** What encoding may need besides the action itself. */
export interface EncodeContext {
  contracts: PlatformContracts;
  /** The wallet the calls run from (the forwarded sender). */
  wallet: Address;
  /**
   * Signs a permit for `spender` to take `value` GETS from the wallet, so an
   * action that pays a contract is one call and one consent (no approve first).
   */
  permit(spender: Address, value: bigint): Promise<PermitSignature>;
}

export type Effect<Action extends ActionPayload = ActionPayload> = (
  tx: Queryable,
  transaction: ChainTransaction<Action>,
  events: DecodedEvent[],
) => Promise<void>;

export interface ActionDefinition<
  Schema extends z.ZodObject<{ type: z.ZodLiteral<string> }> = z.ZodObject<{
    type: z.ZodLiteral<string>;
  }>,
> {
  schema: Schema;
  /** What will happen, in the words the consent dialog shows. */
  describe(action: z.output<Schema>): string;
  /** The contract calls, run in order from the wallet; throwing fails this action alone. */
  encode(
    action: z.output<Schema>,
    context: EncodeContext,
  ): ContractCall[] | Promise<ContractCall[]>;
  /**
   * An action larger than one block holds, as the parts queued for it: one
   * consent for the whole, one chain transaction per part (in this order).
   * Each part is an action of the same kind, small enough for a block.
   */
  split?(action: z.output<Schema>): z.output<Schema>[];
  /**
   * The relayer gas one part is budgeted, for an action that `split`s: the fair-use check
   * counts every part's before any consent (an action of one transaction is counted as it is
   * sent, as before).
   */
  partGas?(part: z.output<Schema>): bigint;
  /**
   * The event a client reads first (`events[0]`): the spec's clients read the
   * stake's id from `events[0].args.stakeId`, though the permit's Approval and
   * the Transfer are logged before it.
   */
  leadingEvent?: string;
  /** Recorded with COMPLETED (events are this action's own). */
  onCompleted?: Effect<z.output<Schema>>;
  /** Recorded with FAILED (events are empty). */
  onFailed?: Effect<z.output<Schema>>;
}

/** Keeps the action's own type inside its functions. */
export const defineAction = <Schema extends z.ZodObject<{ type: z.ZodLiteral<string> }>>(
  definition: ActionDefinition<Schema>,
) => definition;

// ---- pieces actions share ----

/** A checksummed address. */
export const addressField = z
  .string()
  .regex(/^0x[0-9a-fA-F]{40}$/)
  .transform((value) => getAddress(value));

/**
 * Amounts travel as decimal strings of 18-decimal units, so JSON keeps them
 * exact; the chain takes nothing above a uint256.
 */
export const unitsField = z
  .string()
  .regex(/^[1-9]\d{0,77}$/)
  .refine((value) => BigInt(value) <= MAX_UINT256, 'The amount does not fit a uint256');

/** A chain id (badge, request, stake, user): a positive whole number as a decimal string. */
export const chainIdField = z.string().regex(/^[1-9]\d{0,77}$/, 'must be a chain id');

/** "0x1234...abcd" (spec section 3: first 6 and last 4 characters) */
export const shortAddress = (value: string) => `${value.slice(0, 6)}...${value.slice(-4)}`;
