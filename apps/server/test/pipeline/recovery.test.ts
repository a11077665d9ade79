// Nothing lost, nothing twice: a worker killed mid-run, the chain node stopped
// mid-run, and two workers sharing one PostgreSQL all end with every request
// COMPLETED exactly once.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseUnits, type Address } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { ANVIL_DEV_KEYS } from '../../src/config.ts';
import { startAnvil, type AnvilProcess } from '../../src/chain/anvil.ts';
import {
  dropSchema,
  startTestPlatform,
  withSchema,
  type TestPlatform,
} from '../helpers/test-platform.ts';
import { startServerProcess, type ServerProcess } from '../helpers/server-process.ts';
import {
  createTestUser,
  forwarderNonce,
  fundWithGets,
  getsBalance,
  queueTransfers,
  statusCounts,
  waitUntilSettled,
  type TestUser,
} from '../helpers/accounts.ts';

const SINK = privateKeyToAccount(ANVIL_DEV_KEYS[2]).address;
const onPostgres = !!process.env.DATABASE_URL;
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!().catch(() => undefined);
});

async function usersWithOneGets(platform: TestPlatform, count: number) {
  const users: TestUser[] = [];
  for (let i = 0; i < count; i++) users.push(await createTestUser(platform.ctx));
  await fundWithGets(
    platform.ctx,
    users.map((u) => u.address),
    '1',
  );
  return users;
}

/** Every request executed exactly once: the sink got N GETS, each user's forwarder nonce is 1. */
async function expectExactlyOnce(platform: TestPlatform, users: TestUser[], sinkBefore: bigint) {
  const counts = await statusCounts(platform.ctx);
  expect(counts).toMatchObject({ QUEUED: 0, SENT: 0, FAILED: 0 });
  expect(await getsBalance(platform.ctx, SINK)).toBe(
    sinkBefore + parseUnits(String(users.length), 18),
  );
  const nonces = await Promise.all(users.map((u) => forwarderNonce(platform.ctx, u.address)));
  expect(nonces.every((n) => n === 1n)).toBe(true);
}

/** Relayer nonces: per relayer the batches hold 0..n-1 once each, and the chain agrees. */
async function expectNoncesWithoutCollision(platform: TestPlatform) {
  const batches = await platform.ctx.db.query<{ relayer: Address; nonce: string; status: string }>(
    'SELECT relayer, nonce::text AS nonce, status FROM relay_batches b ORDER BY b.relayer, b.nonce',
  );
  expect(batches.every((b) => b.status === 'MINED')).toBe(true);
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

/** These tests prove correctness, not speed: generous bounds for a loaded CI machine. */
const RECOVERY_TIMEOUT_MS = 240_000;

async function waitFor(what: string, platform: TestPlatform, predicate: () => Promise<boolean>) {
  const until = Date.now() + RECOVERY_TIMEOUT_MS / 2;
  while (!(await predicate())) {
    if (Date.now() > until) {
      throw new Error(
        `${what} not reached; transactions: ${JSON.stringify(await statusCounts(platform.ctx))}`,
      );
    }
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Environment for a worker process sharing the test platform's database, chain and keys. */
function workerEnv(
  platform: TestPlatform,
  schema: string,
  batchSize: number,
): Record<string, string> {
  return {
    MODE: 'worker',
    LOG_LEVEL: 'warn',
    DATA_DIR: platform.dataDir,
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

async function apiPlatformOnPostgres() {
  const schema = `recovery_${Date.now().toString(36)}_${Math.floor(Math.random() * 1e6)}`;
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'gets-recovery-'));
  const platform = await startTestPlatform({ MODE: 'api' }, { dataDir, schema });
  cleanups.push(() => fs.rm(dataDir, { recursive: true, force: true }));
  cleanups.push(() => dropSchema(process.env.DATABASE_URL!, schema));
  cleanups.push(() => platform.stop());
  return { platform, schema };
}

describe.runIf(onPostgres)('transaction pipeline recovery on PostgreSQL', () => {
  it(
    'SIGKILL of the worker with 200 requests in flight: each completes exactly once after a restart',
    async () => {
      const { platform, schema } = await apiPlatformOnPostgres();
      const users = await usersWithOneGets(platform, 200);
      const sinkBefore = await getsBalance(platform.ctx, SINK);
      await queueTransfers(platform.ctx, users, SINK, '1');

      let worker: ServerProcess = await startServerProcess(workerEnv(platform, schema, 10));
      cleanups.push(() => worker.stop('SIGKILL'));
      await waitFor(
        'a first COMPLETED',
        platform,
        async () => (await statusCounts(platform.ctx)).COMPLETED > 0,
      );
      await worker.stop('SIGKILL');
      const atKill = await statusCounts(platform.ctx);
      expect(atKill.QUEUED + atKill.SENT).toBeGreaterThan(0);

      worker = await startServerProcess(workerEnv(platform, schema, 10));
      cleanups.push(() => worker.stop('SIGTERM'));
      await waitUntilSettled(platform.ctx, RECOVERY_TIMEOUT_MS / 2);
      await expectExactlyOnce(platform, users, sinkBefore);
      await expectNoncesWithoutCollision(platform);
    },
    RECOVERY_TIMEOUT_MS,
  );

  it(
    'two worker processes on one database: nothing processed twice, relayer nonces never collide',
    async () => {
      const { platform, schema } = await apiPlatformOnPostgres();
      const users = await usersWithOneGets(platform, 300);
      const sinkBefore = await getsBalance(platform.ctx, SINK);
      const [first, second] = await Promise.all([
        startServerProcess(workerEnv(platform, schema, 15)),
        startServerProcess(workerEnv(platform, schema, 15)),
      ]);
      cleanups.push(
        () => first!.stop('SIGTERM'),
        () => second!.stop('SIGTERM'),
      );
      await queueTransfers(platform.ctx, users, SINK, '1');
      await waitUntilSettled(platform.ctx, RECOVERY_TIMEOUT_MS / 2);
      await expectExactlyOnce(platform, users, sinkBefore);
      await expectNoncesWithoutCollision(platform);
      const senders = await platform.ctx.db.query<{ sender: string }>(
        'SELECT DISTINCT sender FROM relay_batches',
      );
      expect(senders).toHaveLength(2);
    },
    RECOVERY_TIMEOUT_MS,
  );
});

describe('transaction pipeline when the chain node stops', () => {
  let anvil: AnvilProcess | undefined;

  it(
    'Anvil stopped mid-run and started again: each request completes exactly once',
    async () => {
      const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'gets-anvil-stop-'));
      cleanups.push(() => fs.rm(dataDir, { recursive: true, force: true }));
      const stateFile = path.join(dataDir, 'chain', 'state.json');
      anvil = await startAnvil({ chainId: 137, port: 0, stateFile });
      const port = new URL(anvil.rpcUrl).port;
      cleanups.push(() => anvil!.stop());

      const platform = await startTestPlatform(
        {
          CHAIN_RPC_URL: anvil.rpcUrl,
          PIPELINE_CONFIRMATIONS: '0',
          DEPLOYER_PRIVATE_KEY: ANVIL_DEV_KEYS[0],
          RELAYER_PRIVATE_KEYS: `${ANVIL_DEV_KEYS[1]},${ANVIL_DEV_KEYS[2]}`,
          PIPELINE_BATCH_SIZE: '10',
          PIPELINE_RESEND_AFTER_MS: '500',
        },
        { dataDir },
      );
      cleanups.push(() => platform.stop());
      const users = await usersWithOneGets(platform, 200);
      const sinkBefore = await getsBalance(platform.ctx, SINK);
      await queueTransfers(platform.ctx, users, SINK, '1');

      await waitFor(
        'a first COMPLETED',
        platform,
        async () => (await statusCounts(platform.ctx)).COMPLETED > 0,
      );
      await anvil.stop();
      const atStop = await statusCounts(platform.ctx);
      expect(atStop.QUEUED + atStop.SENT).toBeGreaterThan(0);
      await new Promise((r) => setTimeout(r, 1500));
      anvil = await startAnvil({ chainId: 137, port: Number(port), stateFile });

      await waitUntilSettled(platform.ctx, RECOVERY_TIMEOUT_MS / 2);
      await expectExactlyOnce(platform, users, sinkBefore);
      await expectNoncesWithoutCollision(platform);
    },
    RECOVERY_TIMEOUT_MS,
  );
});
