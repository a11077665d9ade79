// The platform's own custodial wallet, for chain actions that no person
// consents to: scheduled work of the worker (a badge not approved in time is
// removed, approvals that lapsed unclaimed are released). It holds no GETS
// and needs none: the relayers pay the gas, and these calls only move tokens
// the contracts already hold, to the people they belong to.
import { randomUUID } from 'node:crypto';
import type { ActionRegistry, RegisteredAction } from '../chain/action-registry.ts';
import { insertQueuedTransactionOnce } from '../chain/pipeline/transaction-repository.ts';
import type { ChainConnection } from '../chain/chain.ts';
import { holdAdvisoryLock, type Database, type Queryable } from '../db/database.ts';
import type { Keystore } from './keystore.ts';

/** What a scheduled job that queues actions from the platform's wallet needs. */
export interface SystemJobDeps {
  db: Database;
  keystore: Keystore;
  /** For the block time, which is what the contracts compare deadlines with. */
  chain: Pick<ChainConnection, 'publicClient'>;
  /** The platform's chain actions (composed at the root): checks and words. */
  actions: ActionRegistry;
}

export const SYSTEM_OWNER = { kind: 'system', id: '00000000-0000-0000-0000-000000000000' } as const;

/** The system wallet's address, created on the first start that needs it. */
export async function ensureSystemWallet(db: Database, keystore: Keystore): Promise<`0x${string}`> {
  const existing = await keystore.walletOf(db, SYSTEM_OWNER);
  if (existing) return existing;
  return db.transaction(async (tx) => {
    await holdAdvisoryLock(tx, 'systemWallet');
    return (await keystore.walletOf(tx, SYSTEM_OWNER)) ?? keystore.createWallet(tx, SYSTEM_OWNER);
  });
}

/**
 * Queues a chain action of the platform itself, once per `onceKey` (a second
 * call with the same key, from any process, queues nothing). Answers the
 * transaction id, or null when it was queued before.
 */
export async function queueSystemAction<Action extends RegisteredAction>(
  actions: ActionRegistry,
  db: Queryable,
  keystore: Keystore,
  action: Action,
  onceKey: string,
): Promise<string | null> {
  const checked = actions.schema.parse(action);
  const wallet = await keystore.walletOf(db, SYSTEM_OWNER);
  if (!wallet) throw new Error('the system wallet does not exist yet (ensureSystemWallet)');
  const id = randomUUID();
  const queued = await insertQueuedTransactionOnce(db, {
    id,
    ownerKind: SYSTEM_OWNER.kind,
    ownerId: SYSTEM_OWNER.id,
    walletAddress: wallet,
    action: checked,
    description: actions.describe(checked),
    // Stands where a consent token's hash is for a person's action: unique, so once.
    consentTokenHash: `system:${onceKey}`,
  });
  return queued ? id : null;
}
