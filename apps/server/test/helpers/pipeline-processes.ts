// Helpers of the tests that run the pipeline in several processes on one
// PostgreSQL: workers (and API processes) sharing the test platform's
// database, chain and keys, and the checks that every request ran exactly once.
import { chainActions } from '../../src/actions.ts';
import { expect } from 'vitest';
import { parseUnits, type Address } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { ANVIL_DEV_KEYS } from '../../src/config.ts';
import { pipelineJobs } from '../../src/chain/pipeline/pipeline.ts';
import { startWorker, type Worker } from '../../src/worker/worker.ts';
import { TEST_CUSTODY_KEK, withSchema, type TestPlatform } from './test-platform.ts';
import {
  createTestUser,
  forwarderNonce,
  fundWithGets,
  getsBalance,
  statusCounts,
  type TestUser,
} from './accounts.ts';

const silent = { warn: () => undefined, error: () => undefined, info: () => undefined };

/**
 * The pipeline of a MODE=api test platform, in this process, started when the
 * test wants it (its rows queued first, say), silent.
 */
export async function startPipelineWorker(platform: TestPlatform): Promise<Worker> {
  const { ctx } = platform;
  return startWorker(ctx.db, {
    heartbeatIntervalMs: 200,
    log: silent,
    jobs: await pipelineJobs({
      actions: chainActions,
      log: silent,
      db: ctx.db,
      keystore: ctx.keystore,
      chain: ctx.chain,
      contracts: ctx.contracts,
      config: ctx.config,
    }),
  });
}

/** Where the tests' transfers go: a relayer's address, outside every user's wallet. */
export const SINK = privateKeyToAccount(ANVIL_DEV_KEYS[2]).address;

/**
 * Environment for a process sharing the test platform's database, chain and
 * keys: a worker, or (`mode: 'api'`) another API process.
 */
export function workerEnv(
  platform: TestPlatform,
  schema: string,
  batchSize: number,
  mode: 'worker' | 'api' = 'worker',
): Record<string, string> {
  return {
    MODE: mode,
    LOG_LEVEL: 'warn',
    DATA_DIR: platform.dataDir,
    CUSTODY_KEK: TEST_CUSTODY_KEK,
    DATABASE_URL: withSchema(process.env.DATABASE_URL!, schema),
    CHAIN_RPC_URL: platform.ctx.chain.rpcUrl,
    // Anvil mines only on demand: no later blocks would ever confirm the last batch.
    PIPELINE_CONFIRMATIONS: '0',
    DEPLOYER_PRIVATE_KEY: ANVIL_DEV_KEYS[0],
    RELAYER_PRIVATE_KEYS: `${ANVIL_DEV_KEYS[1]},${ANVIL_DEV_KEYS[2]}`,
    PIPELINE_BATCH_SIZE: String(batchSize),
    PIPELINE_RESEND_AFTER_MS: '1000',
    WORKER_HEARTBEAT_INTERVAL_MS: '500',
  };
}

/** `count` new users, each funded with `gets` GETS from the treasury. */
export async function usersWithGets(
  platform: Pick<TestPlatform, 'ctx'>,
  count: number,
  gets: string,
) {
  const users: TestUser[] = [];
  for (let i = 0; i < count; i++) users.push(await createTestUser(platform.ctx));
  await fundWithGets(
    platform.ctx,
    users.map((u) => u.address),
    gets,
  );
  return users;
}

export const usersWithOneGets = (platform: TestPlatform, count: number) =>
  usersWithGets(platform, count, '1');

/** Every request executed exactly once: the sink got N GETS, each user's forwarder nonce is 1. */
export async function expectExactlyOnce(
  platform: TestPlatform,
  users: TestUser[],
  sinkBefore: bigint,
) {
  const counts = await statusCounts(platform.ctx);
  expect(counts).toMatchObject({ QUEUED: 0, SENT: 0, FAILED: 0 });
  expect(await getsBalance(platform.ctx, SINK)).toBe(
    sinkBefore + parseUnits(String(users.length), 18),
  );
  const nonces = await Promise.all(users.map((u) => forwarderNonce(platform.ctx, u.address)));
  expect(nonces.every((n) => n === 1n)).toBe(true);
}

/** Relayer nonces: per relayer the batches hold 0..n-1 once each, and the chain agrees. */
export async function expectNoncesWithoutCollision(platform: TestPlatform) {
  const batches = await platform.ctx.db.query<{ relayer: Address; nonce: string; status: string }>(
    'SELECT relayer, nonce::text AS nonce, status FROM relay_batches b ORDER BY b.relayer, b.nonce',
  );
  // Every batch's nonce filled: mined, or taken by a transaction the node kept no record of.
  expect(batches.every((b) => b.status === 'MINED' || b.status === 'UNRECORDED')).toBe(true);
  const byRelayer = new Map<Address, typeof batches>();
  for (const b of batches) byRelayer.set(b.relayer, [...(byRelayer.get(b.relayer) ?? []), b]);
  for (const [relayer, list] of byRelayer) {
    const chainNonce = await platform.ctx.chain.publicClient.getTransactionCount({
      address: relayer,
    });
    expect(list.map((b) => Number(b.nonce))).toEqual(
      list.map((_, i) => chainNonce - list.length + i),
    );
  }
}
