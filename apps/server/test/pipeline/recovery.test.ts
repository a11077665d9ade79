// Nothing lost, nothing twice: a worker killed mid-run, the chain node stopped
// mid-run, and two workers sharing one PostgreSQL all end with every request
// COMPLETED exactly once.
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestClient, http, parseUnits } from 'viem';
import { ANVIL_DEV_KEYS } from '../../src/config.ts';
import { startAnvil, type AnvilProcess } from '../../src/chain/anvil.ts';
import {
  dropSchema,
  startTestPlatform,
  type TestPlatform,
  makeScratchDir,
} from '../helpers/test-platform.ts';
import { startServerProcess, type ServerProcess } from '../helpers/server-process.ts';
import {
  getsBalance,
  queueTransfers,
  statusCounts,
  waitUntilSettled,
} from '../helpers/accounts.ts';
import {
  expectExactlyOnce,
  expectNoncesWithoutCollision,
  SINK,
  usersWithOneGets,
  workerEnv,
} from '../helpers/pipeline-processes.ts';

const onPostgres = !!process.env.DATABASE_URL;
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!().catch(() => undefined);
});

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

async function apiPlatformOnPostgres() {
  const schema = `recovery_${Date.now().toString(36)}_${Math.floor(Math.random() * 1e6)}`;
  const dataDir = await makeScratchDir('gets-recovery-');
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

// The chain node's restart does not depend on the database: it runs once, in
// the pass on the embedded defaults.
describe.skipIf(onPostgres)('transaction pipeline when the chain node stops', () => {
  let anvil: AnvilProcess | undefined;

  it(
    'Anvil stopped mid-run and started again: each request completes exactly once',
    async () => {
      const dataDir = await makeScratchDir('gets-anvil-stop-');
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
          // A batch mined as Anvil stopped can come back with its nonce filled
          // and no block (the state dump raced the block): settled after this.
          PIPELINE_REPLACE_AFTER_MS: '2000',
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

  it(
    'the node loses blocks that held mined batches: their bytes go again, later batches are not held back',
    async () => {
      const platform = await startTestPlatform({
        PIPELINE_CONFIRMATIONS: '0',
        RELAYER_PRIVATE_KEYS: ANVIL_DEV_KEYS[1],
        PIPELINE_RESEND_AFTER_MS: '300',
      });
      cleanups.push(() => platform.stop());
      const node = createTestClient({ mode: 'anvil', transport: http(platform.ctx.chain.rpcUrl) });
      const users = await usersWithOneGets(platform, 10);
      const sinkBefore = await getsBalance(platform.ctx, SINK);
      const snapshot = await node.snapshot();

      await queueTransfers(platform.ctx, users.slice(0, 5), SINK, '1');
      await waitUntilSettled(platform.ctx, RECOVERY_TIMEOUT_MS / 2);
      // The blocks that held those batches are gone; the database still says MINED.
      await node.revert({ id: snapshot });
      expect(await getsBalance(platform.ctx, SINK)).toBe(sinkBefore);

      await queueTransfers(platform.ctx, users.slice(5), SINK, '1');
      await waitUntilSettled(platform.ctx, RECOVERY_TIMEOUT_MS / 2);
      await waitFor('the lost transfers mined again', platform, async () => {
        return (await getsBalance(platform.ctx, SINK)) === sinkBefore + parseUnits('10', 18);
      });
      await expectExactlyOnce(platform, users, sinkBefore);
    },
    RECOVERY_TIMEOUT_MS,
  );
});
