// COMPLETED means on the chain, whatever the node forgets: settled batches of
// both relayers lost to a rollback, a reorganisation beyond the
// confirmations, or a node killed and restarted from an older state file are
// found, replayed in their first order and settled again; every transfer's
// final status agrees with the chain's Transfer logs, each time, several
// times in a row.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { gunzip } from 'node:zlib';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestClient, http, parseUnits, type Address } from 'viem';
import { ANVIL_DEV_KEYS } from '../../src/config.ts';
import { anvilBinaryPath } from '../../src/chain/anvil.ts';
import { startTestPlatform, makeScratchDir, type TestPlatform } from '../helpers/test-platform.ts';
import {
  createTestUser,
  forwarderNonce,
  fundWithGets,
  getsBalance,
  queueTransfers,
  waitUntilSettled,
  type TestUser,
} from '../helpers/accounts.ts';
import { SINK, usersWithGets } from '../helpers/pipeline-processes.ts';
import { expectTransfersMatchChain } from '../helpers/chain-truth.ts';
import { startTransferLoad } from '../helpers/transfer-load.ts';
import { freePort } from '../helpers/network.ts';

// Replays are about the chain, not the database: they run in the PGlite pass.
const onPostgres = !!process.env.DATABASE_URL;
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!().catch(() => undefined);
});

const TIMEOUT_MS = 180_000;

interface HealthAnswer {
  data: { queue: { status: string; error?: string } };
}

async function waitFor(what: string, predicate: () => Promise<boolean>, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  while (!(await predicate())) {
    if (Date.now() > until) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Batches the node lost at least once, by relayer. */
async function lostByRelayer(platform: TestPlatform) {
  const rows = await platform.ctx.db.query<{ relayer: string; lost: number }>(
    `SELECT relayer, sum(lost_count)::int AS lost FROM relay_batches GROUP BY relayer`,
  );
  return Object.fromEntries(rows.map((r) => [r.relayer.toLowerCase(), r.lost]));
}

/** Every user's forwarder nonce equals the number of their transfers that COMPLETED. */
async function expectNoncesMatchCompleted(platform: TestPlatform, users: TestUser[]) {
  const rows = await platform.ctx.db.query<{ wallet: string; completed: number }>(
    `SELECT wallet_address AS wallet, count(*)::int AS completed FROM chain_transactions
      WHERE status = 'COMPLETED' GROUP BY wallet_address`,
  );
  const completed = new Map(rows.map((r) => [r.wallet.toLowerCase(), r.completed]));
  for (const user of users) {
    expect(await forwarderNonce(platform.ctx, user.address)).toBe(
      BigInt(completed.get(user.address.toLowerCase()) ?? 0),
    );
  }
}

async function lostBatchesSoFar(platform: TestPlatform) {
  const [row] = await platform.ctx.db.query<{ lost: number }>(
    'SELECT COALESCE(sum(lost_count), 0)::int AS lost FROM relay_batches',
  );
  return row!.lost;
}

describe.skipIf(onPostgres)('settled batches the chain node lost', () => {
  it(
    'rolled back three times in a row, with batches of both relayers settled in the lost blocks: each transfer runs exactly once',
    async () => {
      const platform = await startTestPlatform({
        PIPELINE_CONFIRMATIONS: '0',
        PIPELINE_BATCH_SIZE: '3',
        PIPELINE_RESEND_AFTER_MS: '300',
        LOG_LEVEL: process.env.FAULT_LOG ?? 'silent',
      });
      cleanups.push(() => platform.stop());
      const node = createTestClient({ mode: 'anvil', transport: http(platform.ctx.chain.rpcUrl) });
      const users = await usersWithGets(platform, 18, '10');

      for (let round = 1; round <= 3; round++) {
        const lostBefore = await lostBatchesSoFar(platform);
        const snapshot = await node.snapshot();
        await queueTransfers(platform.ctx, users, SINK, '0.01');
        await waitUntilSettled(platform.ctx, 60_000);
        // The blocks that held them are gone; the database says COMPLETED.
        await node.revert({ id: snapshot });
        // People go on: their next transfers must wait for the replay and
        // never be signed with the place of a lost one.
        await queueTransfers(platform.ctx, users, SINK, '0.01');
        await waitFor(
          `round ${round}: the lost batches found`,
          async () => (await lostBatchesSoFar(platform)) > lostBefore,
        );
        await waitUntilSettled(platform.ctx, 60_000);
        const truth = await expectTransfersMatchChain(
          platform.ctx.db,
          platform.ctx.chain.publicClient,
          platform.ctx.contracts.token,
        );
        expect(truth).toMatchObject({ completed: round * 2 * users.length, failed: 0 });
      }
      await expectNoncesMatchCompleted(platform, users);
      // Both relayers had settled batches taken away and replayed.
      const lost = await lostByRelayer(platform);
      expect(Object.values(lost).filter((count) => count > 0)).toHaveLength(2);
      const metrics = await (await platform.request('/gs-api/metrics')).text();
      expect(metrics).toMatch(/gets_pipeline_lost_batches_total [1-9]/);
      expect(metrics).toMatch(
        /gets_pipeline_status_corrections_total\{action="transferTokens",outcome="retaken"\} [1-9]/,
      );
    },
    TIMEOUT_MS,
  );

  it(
    'a reorganisation deeper than the confirmations: the lost batches run again and settle from their new receipts',
    async () => {
      const platform = await startTestPlatform({
        PIPELINE_CONFIRMATIONS: '2',
        PIPELINE_BATCH_SIZE: '4',
        PIPELINE_RESEND_AFTER_MS: '300',
      });
      cleanups.push(() => platform.stop());
      const node = createTestClient({ mode: 'anvil', transport: http(platform.ctx.chain.rpcUrl) });
      const users = await usersWithGets(platform, 12, '10');
      const mineWhileWaiting = setInterval(
        () => void node.mine({ blocks: 1 }).catch(() => {}),
        100,
      );
      cleanups.push(async () => clearInterval(mineWhileWaiting));

      for (const depth of [1, 12]) {
        const head = await platform.ctx.chain.publicClient.getBlockNumber({ cacheTime: 0 });
        await queueTransfers(platform.ctx, users, SINK, '0.01');
        await waitUntilSettled(platform.ctx, 60_000);
        const mined = await platform.ctx.chain.publicClient.getBlockNumber({ cacheTime: 0 });
        // Replace the newest blocks with empty ones: within the confirmations
        // (1 block, likely not settled yet) and far beyond them (12).
        const reorgDepth = depth === 1 ? 1 : Number(mined - head) + 2;
        await node.request({ method: 'anvil_reorg' as never, params: [reorgDepth, []] as never });
        await queueTransfers(platform.ctx, users, SINK, '0.01');
        await waitUntilSettled(platform.ctx, 60_000);
        await expectTransfersMatchChain(
          platform.ctx.db,
          platform.ctx.chain.publicClient,
          platform.ctx.contracts.token,
        );
      }
      clearInterval(mineWhileWaiting);
      await expectNoncesMatchCompleted(platform, users);
      expect(await lostBatchesSoFar(platform)).toBeGreaterThan(0);
    },
    TIMEOUT_MS,
  );

  it(
    'the node killed and restarted from a state saved seconds before, three times under load: nothing COMPLETED is missing from the chain',
    async () => {
      const dataDir = await makeScratchDir('gets-lost-blocks-');
      cleanups.push(() => fs.rm(dataDir, { recursive: true, force: true }));
      const stateFile = path.join(dataDir, 'node-state.json');
      const port = await freePort();
      let node = await startNode(port);
      cleanups.push(async () => node.kill('SIGKILL'));
      const rpcUrl = `http://127.0.0.1:${port}`;
      const platform = await startTestPlatform(
        {
          CHAIN_RPC_URL: rpcUrl,
          PIPELINE_CONFIRMATIONS: '0',
          DEPLOYER_PRIVATE_KEY: ANVIL_DEV_KEYS[0],
          RELAYER_PRIVATE_KEYS: `${ANVIL_DEV_KEYS[1]},${ANVIL_DEV_KEYS[2]}`,
          PIPELINE_BATCH_SIZE: '3',
          PIPELINE_RESEND_AFTER_MS: '300',
          PIPELINE_REPLACE_AFTER_MS: '2000',
          LOG_LEVEL: process.env.FAULT_LOG ?? 'silent',
        },
        { dataDir },
      );
      cleanups.push(() => platform.stop());
      const users = await usersWithGets(platform, 12, '10');
      const load = startTransferLoad({
        baseUrl: () => platform.url,
        users,
        to: SINK,
        amount: '0.01',
      });
      cleanups.push(() => load.stop());

      for (let cycle = 1; cycle <= 3; cycle++) {
        await new Promise((r) => setTimeout(r, 1000));
        await saveNodeState(rpcUrl, stateFile);
        // Read after the save, so every block the file holds is at or below it.
        // (The time a batch is recorded MINED is no measure: a batch mined
        // just before the save can be recorded just after it.)
        const savedHead = await platform.ctx.chain.publicClient.getBlockNumber({ cacheTime: 0 });
        const lostBefore = await lostBatchesSoFar(platform);
        // Batches of both relayers settle after the save: the kill takes them away.
        await waitFor(
          `cycle ${cycle}: batches of both relayers settled after the save`,
          async () => {
            const [row] = await platform.ctx.db.query<{ relayers: number }>(
              `SELECT count(DISTINCT relayer)::int AS relayers FROM relay_batches
              WHERE status = 'MINED' AND block_number > $1`,
              [savedHead.toString()],
            );
            return row!.relayers === 2;
          },
        );
        node.kill('SIGKILL');
        await new Promise((r) => node.once('exit', r));
        node = await startNode(port, stateFile);
        await waitFor(
          `cycle ${cycle}: the lost batches found`,
          async () => (await lostBatchesSoFar(platform)) > lostBefore,
        );
      }
      await load.stop();
      expect(load.queued.length).toBeGreaterThan(30);
      await waitUntilSettled(platform.ctx, 90_000);
      const truth = await expectTransfersMatchChain(
        platform.ctx.db,
        platform.ctx.chain.publicClient,
        platform.ctx.contracts.token,
      );
      expect(truth.failureReasons).toEqual({});
      expect(truth.completed).toBe(load.queued.length);
      await expectNoncesMatchCompleted(platform, users);
      const lost = await lostByRelayer(platform);
      expect(Object.values(lost).filter((count) => count > 0)).toHaveLength(2);
    },
    TIMEOUT_MS,
  );

  it(
    'a retaken transfer shows QUEUED again while its replay waits, health says so, and one that cannot run again fails saying why',
    async () => {
      const platform = await startTestPlatform({
        PIPELINE_CONFIRMATIONS: '0',
        PIPELINE_RESEND_AFTER_MS: '300',
      });
      cleanups.push(() => platform.stop());
      const node = createTestClient({ mode: 'anvil', transport: http(platform.ctx.chain.rpcUrl) });
      const [payer, other] = [
        await createTestUser(platform.ctx),
        await createTestUser(platform.ctx),
      ];
      await fundWithGets(platform.ctx, [payer!.address, other!.address], '5');
      const snapshot = await node.snapshot();
      const [spendAll] = await queueTransfers(platform.ctx, [payer!], SINK, '5');
      const [small] = await queueTransfers(platform.ctx, [other!], SINK, '1');
      await waitUntilSettled(platform.ctx, 60_000);

      // The node forgets both; it mines nothing until the test says so.
      await node.setAutomine(false);
      await node.revert({ id: snapshot });
      const status = (id: string) =>
        platform
          .request('/gs-api/metakeep/transaction', {
            method: 'POST',
            headers: { 'content-type': 'application/json', ...payer!.authorization },
            body: JSON.stringify({ transactionId: id }),
          })
          .then(
            (r) => r.json() as Promise<{ data: { status: string; failureReason: string | null } }>,
          );
      await waitFor('the transfer taken back', async () => {
        return (await status(spendAll!)).data.status === 'QUEUED';
      });
      const health = (await (await platform.request('/gs-api/health')).json()) as HealthAnswer;
      expect(health.data.queue.status).toBe('degraded');
      expect(health.data.queue.error).toMatch(/chain node lost .* being sent again/);

      // Meanwhile the payer's GETS leave their wallet by another way: the
      // replayed transfer can no longer run.
      await node.impersonateAccount({ address: payer!.address });
      await node.setBalance({ address: payer!.address, value: parseUnits('1', 18) });
      await node.request({
        method: 'eth_sendTransaction',
        params: [
          {
            from: payer!.address,
            to: platform.ctx.contracts.token,
            data: transferData(other!.address, parseUnits('5', 18)),
            maxPriorityFeePerGas: '0x3b9aca00000',
            maxFeePerGas: '0x3b9aca00000',
          },
        ],
      } as never);
      await node.mine({ blocks: 1 });
      await node.setAutomine(true);
      await node.mine({ blocks: 1 });
      await waitUntilSettled(platform.ctx, 60_000);

      const failed = (await status(spendAll!)).data;
      expect(failed.status).toBe('FAILED');
      expect(failed.failureReason).toMatch(
        /^The chain lost the block this ran in, and it could not run again: /,
      );
      const again = await platform.request('/gs-api/metakeep/transaction', {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...other!.authorization },
        body: JSON.stringify({ transactionId: small }),
      });
      expect(((await again.json()) as { data: { status: string } }).data.status).toBe('COMPLETED');
      // The failed transfer moved nothing: the payer's 5 GETS went the other way only.
      expect(await getsBalance(platform.ctx, payer!.address)).toBe(0n);
      expect(await getsBalance(platform.ctx, other!.address)).toBe(parseUnits('9', 18));
      const healthAfter = (await (await platform.request('/gs-api/health')).json()) as HealthAnswer;
      expect(healthAfter.data.queue.status).toBe('up');
    },
    TIMEOUT_MS,
  );
});

/** An Anvil of the test's own on `port`, from `stateFile` when given (as a restarted node would be). */
function startNode(port: number, stateFile?: string): Promise<ChildProcess> {
  const args = ['--host', '127.0.0.1', '--port', String(port), '--chain-id', '137'];
  if (stateFile) args.push('--load-state', stateFile);
  const child = spawn(anvilBinaryPath(), args, { stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Listening on')) resolve(child);
    });
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`anvil exited (${code}): ${output}`)));
  });
}

/** The node's state now, as a file a restarted node loads. */
async function saveNodeState(rpcUrl: string, file: string) {
  const response = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'anvil_dumpState', params: [] }),
  });
  const { result } = (await response.json()) as { result: `0x${string}` };
  await fs.writeFile(file, await promisify(gunzip)(Buffer.from(result.slice(2), 'hex')));
}

function transferData(to: Address, amount: bigint): `0x${string}` {
  return `0xa9059cbb${to.slice(2).toLowerCase().padStart(64, '0')}${amount.toString(16).padStart(64, '0')}`;
}
