// A crash of the embedded default under load, as a person's machine meets it:
// the server's entry point on PGlite and its own Anvil, one process in its own
// process group, people moving GETS through the API, then SIGKILL of the whole
// group right after a save of the chain's state (the blocks mined since are
// lost), the same command again on the same data, and what the platform says
// held against what the chain holds. Shared by the crash test
// (apps/server/test/faults/embedded-crash.test.ts) and `npm run bench:crash`.
import fs from 'node:fs/promises';
import path from 'node:path';
import { createPublicClient, http, parseUnits, type Address, type PublicClient } from 'viem';
import { startAnvil } from '../../src/chain/anvil.ts';
import { openDatabase, type Queryable } from '../../src/db/database.ts';
import { createTestUser, fundWithGets, getsBalance, type TestUser } from './accounts.ts';
import { SINK } from './pipeline-processes.ts';
import { startServerProcess, type ServerProcess } from './server-process.ts';
import { makeScratchDir, startTestPlatform } from './test-platform.ts';
import { startTransferLoad } from './transfer-load.ts';
import { compareWithChain } from './chain-agreement.ts';
import { freePort } from './network.ts';

const CHAIN_ID = 137;
const GETS_PER_USER = '10000';
const TRANSFER_GETS = '1';
const SETTLE_TIMEOUT_MS = 120_000;

export interface CrashScene {
  dataDir: string;
  users: TestUser[];
  token: Address;
  /** GETS SINK held before any transfer, in wei. */
  sinkBefore: bigint;
  /** The environment of the process under test: the embedded defaults on dataDir. */
  env: Record<string, string>;
  rpcUrl: string;
  stateFile: string;
  remove(): Promise<void>;
}

/**
 * A fresh data directory made by the platform in this process (the chain,
 * the database, `userCount` users holding GETS), stopped before the process
 * under test opens it: PGlite is one process's at a time.
 */
export async function prepareCrashScene(userCount = 12): Promise<CrashScene> {
  const dataDir = await makeScratchDir('gets-crash-');
  const anvilPort = await freePort();
  const users: TestUser[] = [];
  let token: Address;
  let sinkBefore: bigint;
  let webDistDir: string;
  try {
    const platform = await startTestPlatform({ ANVIL_PORT: String(anvilPort) }, { dataDir });
    try {
      for (let i = 0; i < userCount; i++) users.push(await createTestUser(platform.ctx));
      await fundWithGets(
        platform.ctx,
        users.map((user) => user.address),
        GETS_PER_USER,
      );
      sinkBefore = await getsBalance(platform.ctx, SINK);
      token = platform.ctx.contracts.token;
      webDistDir = platform.webDistDir;
    } finally {
      await platform.stop();
    }
  } catch (error) {
    await fs.rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    dataDir,
    users,
    token,
    sinkBefore,
    env: {
      DATA_DIR: dataDir,
      PORT: '0',
      // A known port, so the harness reads the head right before the kill.
      ANVIL_PORT: String(anvilPort),
      LOG_LEVEL: 'warn',
      LOG_FORMAT: 'json',
      WEB_DIST_DIR: webDistDir,
      // The load is the point: no person's daily gas allowance ends it.
      ACCOUNT_DAILY_GAS: String(10n ** 15n),
    },
    rpcUrl: `http://127.0.0.1:${anvilPort}`,
    // Where config.ts keeps the embedded chain's state in DATA_DIR.
    stateFile: path.join(dataDir, 'anvil', 'state.json'),
    remove: () => fs.rm(dataDir, { recursive: true, force: true }),
  };
}

export interface CycleReport {
  cycle: number;
  /** Transfers the API answered QUEUED during this cycle's load. */
  queued: number;
  /** All transfers so far, as the database ends them after the restart settled. */
  completed: number;
  /** Of those, COMPLETED from forwarder nonces with no hash (the state dump held no block for them). */
  settledWithoutRecord: number;
  failed: number;
  failureReasons: Record<string, number>;
  headBeforeKill: bigint;
  /** The head the restart loaded from the state file. */
  headAfterRestart: bigint;
  blocksLost: bigint;
  /** Batches the database held as settled (MINED) in the blocks the kill took. */
  settledBatchesLost: number;
  /** Their COMPLETED transfers, which the chain no longer held. */
  completedTransfersLost: number;
  /** Blocks a clean stop (SIGINT to the group, as Ctrl-C) lost: none, when the stop saves. */
  blocksLostByCleanStop: bigint;
  restartMs: number;
  settleMs: number;
  /** Each disagreement between the database and the chain, in words. */
  mismatches: string[];
}

export interface CycleOptions {
  /** How long people move GETS before the harness waits for a save to kill after. */
  loadMs?: number;
  /** The longest random wait after a save before the kill. */
  maxKillDelayMs?: number;
  /** More checks, given the database and the chain after the cycle (both closed after it). */
  inspect?: (db: Queryable, publicClient: PublicClient, report: CycleReport) => Promise<void>;
}

/**
 * One cycle: start the server, load it, kill its group right after a state
 * save, start it again, let it settle, stop it cleanly, then compare.
 */
export async function crashCycle(
  scene: CrashScene,
  cycle: number,
  options: CycleOptions = {},
): Promise<CycleReport> {
  const started: ServerProcess[] = [];
  try {
    return await runCycle(scene, cycle, options, started);
  } finally {
    // A cycle that failed half way leaves no server behind.
    for (const server of started) {
      if (server.child.exitCode !== null || server.child.signalCode !== null) continue;
      try {
        process.kill(-server.child.pid!, 'SIGKILL');
      } catch {
        // Its group ended meanwhile.
      }
    }
  }
}

async function runCycle(
  scene: CrashScene,
  cycle: number,
  options: CycleOptions,
  started: ServerProcess[],
): Promise<CycleReport> {
  const server = await startServer(scene, `cycle ${cycle}: the start before the load`, started);
  const load = startTransferLoad({
    baseUrl: () => server.url,
    users: scene.users,
    to: SINK,
    amount: TRANSFER_GETS,
  });
  let headBeforeKill: bigint;
  try {
    await new Promise((r) => setTimeout(r, options.loadMs ?? 4000));
    await nextStateSave(scene.stateFile);
    await new Promise((r) => setTimeout(r, Math.random() * (options.maxKillDelayMs ?? 900)));
    headBeforeKill = await headOf(scene.rpcUrl);
    await killGroup(server, scene);
  } finally {
    await load.stop();
  }

  // What the restart starts from, and what the database had settled beyond it.
  const headAfterRestart = await blockInStateFile(scene.stateFile);
  const lost = await withDatabase(scene, async (db) => {
    const [row] = await db.query<{ batches: number; transfers: number }>(
      `SELECT count(DISTINCT b.id)::int AS batches, count(t.id)::int AS transfers
         FROM relay_batches b
         LEFT JOIN chain_transactions t ON t.batch_id = b.id AND t.status = 'COMPLETED'
        WHERE b.status = 'MINED' AND b.block_number > $1`,
      [headAfterRestart.toString()],
    );
    return row!;
  });

  const restartStarted = performance.now();
  const restarted = await startServer(scene, `cycle ${cycle}: the start after the kill`, started);
  const restartMs = performance.now() - restartStarted;
  const settleStarted = performance.now();
  await waitUntilSettled(restarted);
  const settleMs = performance.now() - settleStarted;
  const headAtCleanStop = await headOf(scene.rpcUrl);
  const code = await restarted.stop('SIGINT');
  if (code !== 0) {
    throw new Error(`cycle ${cycle}: the clean stop exited ${code}:\n${restarted.output()}`);
  }

  const report: CycleReport = {
    cycle,
    queued: load.queued.length,
    completed: 0,
    settledWithoutRecord: 0,
    failed: 0,
    failureReasons: {},
    headBeforeKill,
    headAfterRestart,
    blocksLost: headBeforeKill - headAfterRestart,
    settledBatchesLost: lost.batches,
    completedTransfersLost: lost.transfers,
    blocksLostByCleanStop: 0n,
    restartMs,
    settleMs,
    mismatches: [],
  };
  await withDatabaseAndChain(scene, async (db, publicClient) => {
    report.blocksLostByCleanStop = headAtCleanStop - (await publicClient.getBlockNumber());
    const agreement = await compareWithChain(
      {
        token: scene.token,
        wallets: scene.users.map((user) => user.address),
        funded: parseUnits(GETS_PER_USER, 18),
        sink: SINK,
        amount: parseUnits(TRANSFER_GETS, 18),
        sinkBefore: scene.sinkBefore,
      },
      db,
      publicClient,
    );
    Object.assign(report, agreement);
    await options.inspect?.(db, publicClient, report);
  });
  return report;
}

/** The cycle in words, for a failure message or a bench line. */
export function describeCycle(report: CycleReport): string {
  return `cycle ${report.cycle}: killed at block ${report.headBeforeKill}, restarted at ${report.headAfterRestart} (${report.blocksLost} blocks lost, holding ${report.settledBatchesLost} settled batches with ${report.completedTransfersLost} COMPLETED transfers); ${report.completed} transfers COMPLETED (${report.settledWithoutRecord} settled from forwarder nonces, without a hash), ${report.failed} FAILED in all`;
}

async function startServer(
  scene: CrashScene,
  what: string,
  started: ServerProcess[],
): Promise<ServerProcess> {
  try {
    const server = await startServerProcess(scene.env, 120_000, { detached: true });
    started.push(server);
    return server;
  } catch (error) {
    throw new Error(`${what} failed: ${(error as Error).message}`, { cause: error });
  }
}

/** Waits until the state file is replaced by the next save. */
async function nextStateSave(stateFile: string) {
  const identity = async () => {
    const stat = await fs.stat(stateFile).catch(() => undefined);
    return stat ? `${stat.ino}:${stat.mtimeMs}` : '';
  };
  const before = await identity();
  const until = Date.now() + 30_000;
  while ((await identity()) === before) {
    if (Date.now() > until) throw new Error(`no save of ${stateFile} within 30 s`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

/** SIGKILL to the server's group and its Anvil at once, as a power loss or an OOM kill of the group. */
async function killGroup(server: ServerProcess, scene: CrashScene) {
  const anvilPid = Number(
    await fs.readFile(path.join(path.dirname(scene.stateFile), 'anvil.pid'), 'utf8'),
  );
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  process.kill(-server.child.pid!, 'SIGKILL');
  try {
    // Where Anvil has a group of its own it dies with its parent; this is where it does not.
    process.kill(anvilPid, 'SIGKILL');
  } catch {
    // Gone already.
  }
  await exited;
  // Its port is the next start's.
  const until = Date.now() + 15_000;
  while (await isRunning(anvilPid)) {
    if (Date.now() > until) throw new Error(`Anvil ${anvilPid} still runs 15 s after SIGKILL`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** A zombie (killed, its parent gone, not reaped yet) does not run. */
async function isRunning(pid: number) {
  const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  return stat !== '' && !/^\d+ \(.*\) Z /.test(stat);
}

async function headOf(rpcUrl: string): Promise<bigint> {
  const response = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_blockNumber', params: [] }),
  });
  return BigInt(((await response.json()) as { result: string }).result);
}

async function blockInStateFile(stateFile: string): Promise<bigint> {
  const state = JSON.parse(await fs.readFile(stateFile, 'utf8')) as {
    best_block_number: string | number;
  };
  return BigInt(state.best_block_number);
}

interface HealthAnswer {
  data: { queue: { queued: number | null; sent: number | null } };
}

/** Nothing QUEUED or SENT for a second on end (a replay may put rows back to SENT). */
async function waitUntilSettled(server: ServerProcess) {
  const until = Date.now() + SETTLE_TIMEOUT_MS;
  let quietSince: number | undefined;
  let last = '';
  for (;;) {
    const health = await fetch(`${server.url}/gs-api/health`)
      .then((r) => r.json() as Promise<HealthAnswer>)
      .catch(() => undefined);
    const queue = health?.data.queue;
    last = JSON.stringify(queue);
    if (queue?.queued === 0 && queue.sent === 0) {
      quietSince ??= Date.now();
      if (Date.now() - quietSince >= 1000) return;
    } else {
      quietSince = undefined;
    }
    if (Date.now() > until) {
      throw new Error(`not settled within ${SETTLE_TIMEOUT_MS} ms after the restart: ${last}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function withDatabase<T>(scene: CrashScene, use: (db: Queryable) => Promise<T>) {
  const db = await openDatabase({ kind: 'pglite', dataDir: path.join(scene.dataDir, 'pglite') });
  try {
    return await use(db);
  } finally {
    await db.close();
  }
}

/** The database and the chain as the process left them; the chain on a port of its own. */
async function withDatabaseAndChain<T>(
  scene: CrashScene,
  use: (db: Queryable, publicClient: PublicClient) => Promise<T>,
) {
  const anvil = await startAnvil({ chainId: CHAIN_ID, port: 0, stateFile: scene.stateFile });
  try {
    const publicClient = createPublicClient({ transport: http(anvil.rpcUrl), cacheTime: 0 });
    return await withDatabase(scene, (db) => use(db, publicClient));
  } finally {
    await anvil.stop();
  }
}
