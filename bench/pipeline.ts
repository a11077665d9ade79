// Pushes N token transfers from N distinct users through consent and the
// transaction pipeline (HTTP consent, HTTP submit, worker, relayer batches,
// receipts), and measures, in the same run and on the same Anvil, the rate at
// which Anvil confirms pre-signed transfers sent directly from one account.
//
// Usage: npm run bench:pipeline [-- N] [-- --profile]   (default N = 1000)
// DATABASE_URL set: the pipeline runs on that PostgreSQL (a fresh schema), and
// a third phase runs the end to end again with the worker in a process of its
// own, as a deployment runs it (docs/deploy.md).
// Throughout, one user who sends nothing keeps their status stream open (the
// live status a page watches), as someone on a live platform always does.
// --profile: CPU profiles of the end-to-end, queueing and drain phases into
// bench/profiles/, and a summary of where their time went. Every phase also
// prints the CPU each program on the machine used meanwhile.
import { fork } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  createWalletClient,
  encodeFunctionData,
  http,
  keccak256,
  parseUnits,
  type Hex,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { getsTokenAbi } from '@gets/contracts';
import { ANVIL_DEV_KEYS } from '../apps/server/src/config.ts';
import {
  dropSchema,
  startTestPlatform,
  type TestPlatform,
} from '../apps/server/test/helpers/test-platform.ts';
import {
  createTestUser,
  statusCounts,
  waitUntilSettled,
  type TestUser,
} from '../apps/server/test/helpers/accounts.ts';
import { pipelineJobs } from '../apps/server/src/chain/pipeline/pipeline.ts';
import { startWorker } from '../apps/server/src/worker/worker.ts';
import { JSON_RPC_BATCH_SIZE } from '../apps/server/src/chain/chain.ts';
import { startServerProcess } from '../apps/server/test/helpers/server-process.ts';
import { workerEnv } from '../apps/server/test/helpers/pipeline-processes.ts';
import { describeCpuUse, withCpuUse, type CpuUse } from './lib/cpu-by-program.ts';
import { profiled } from './lib/profile.ts';

const args = process.argv.slice(2);
const N = Number(args.find((a) => /^\d+$/.test(a)) ?? 1000);
const PROFILE_DIR = args.includes('--profile')
  ? new URL('./profiles/', import.meta.url).pathname
  : undefined;
const CONCURRENCY = 32;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;

/** Signs `count` transfers from one funded account, sends them in JSON-RPC batches, waits for the last receipt. */
async function directTransfers(platform: TestPlatform, privateKey: Hex, count: number) {
  const account = privateKeyToAccount(privateKey);
  const { publicClient } = platform.ctx.chain;
  const nonce = await publicClient.getTransactionCount({
    address: account.address,
    blockTag: 'pending',
  });
  const fees = await publicClient.estimateFeesPerGas();
  const data = encodeFunctionData({
    abi: getsTokenAbi,
    functionName: 'transfer',
    args: [privateKeyToAccount(ANVIL_DEV_KEYS[2]).address, 1n],
  });
  const started = performance.now();
  const raws: Hex[] = [];
  for (let i = 0; i < count; i++) {
    raws.push(
      await account.signTransaction({
        chainId: platform.ctx.chain.chain.id,
        type: 'eip1559',
        to: platform.ctx.contracts.token,
        data,
        gas: 60_000n,
        nonce: nonce + i,
        maxFeePerGas: fees.maxFeePerGas,
        maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
      }),
    );
  }
  const signed = performance.now();
  // One JSON-RPC batch at a time, in nonce order: Anvil's automine can leave
  // a transaction unmined for good when a later nonce arrives first
  // (foundry-rs/foundry#10122), which two batches in flight at once allow.
  for (let from = 0; from < raws.length; from += JSON_RPC_BATCH_SIZE) {
    await Promise.all(
      raws
        .slice(from, from + JSON_RPC_BATCH_SIZE)
        .map((raw) => publicClient.request({ method: 'eth_sendRawTransaction', params: [raw] })),
    );
  }
  await publicClient.waitForTransactionReceipt({
    hash: keccak256(raws.at(-1)!),
    pollingInterval: 20,
  });
  const done = performance.now();
  return {
    perSecond: count / ((done - started) / 1000),
    submitOnlyPerSecond: count / ((done - signed) / 1000),
  };
}

/**
 * The HTTP client, started once and kept for both phases, so that its CPU
 * shows in each phase's figures (a process that ended would not).
 */
function startLoadClient() {
  // Without the TypeScript loader the parent runs under (tsx), which the client does not need.
  const client = fork(new URL('./load-client.mjs', import.meta.url), { execArgv: [] });
  return {
    /** Sends consent + submit for every user; resolves when all are queued. */
    submitAll(platform: TestPlatform, users: TestUser[], to: string) {
      const finished = new Promise<void>((resolve, reject) => {
        const exited = (code: number | null) =>
          reject(new Error(`the load client exited (${code}) before it was done`));
        client.once('exit', exited);
        client.once('message', (answer: { done?: true; error?: string }) => {
          client.off('exit', exited);
          if (answer.done) resolve();
          else reject(new Error(answer.error));
        });
      });
      client.send({
        baseUrl: platform.url,
        to,
        concurrency: CONCURRENCY,
        users: users.map((u) => ({ email: u.email, token: u.token })),
      });
      return finished;
    },
    stop: () => client.kill(),
  };
}

function startPipelineWorker(platform: TestPlatform) {
  const { ctx } = platform;
  return pipelineJobs({
    actions: ctx.actions,
    log: { warn: () => undefined },
    db: ctx.db,
    keystore: ctx.keystore,
    chain: ctx.chain,
    contracts: ctx.contracts,
    config: ctx.config,
  }).then((jobs) =>
    startWorker(ctx.db, {
      heartbeatIntervalMs: 1000,
      jobs,
      log: { error: (o, m) => console.error(m, o) },
    }),
  );
}

async function latencyFigures(platform: TestPlatform, since: Date) {
  const latencies = (
    await platform.ctx.db.query<{ ms: string | number }>(
      `SELECT EXTRACT(EPOCH FROM (completed_at - created_at)) * 1000 AS ms FROM chain_transactions
        WHERE status = 'COMPLETED' AND created_at >= $1`,
      [since.toISOString()],
    )
  )
    .map((r) => Number(r.ms))
    .sort((a, b) => a - b);
  const batches = await platform.ctx.db.query<{ n: string | number; avg: string | number }>(
    `SELECT count(*) AS n, avg(c) AS avg FROM
       (SELECT count(*) AS c FROM chain_transactions
         WHERE batch_id IS NOT NULL AND created_at >= $1 GROUP BY batch_id) s`,
    [since.toISOString()],
  );
  return {
    p50: percentile(latencies, 0.5),
    p95: percentile(latencies, 0.95),
    batches: Number(batches[0]!.n),
    averageBatch: Number(batches[0]!.avg),
  };
}

/**
 * The users consent and submit while a worker runs, timed until every request
 * has settled; what completed counts only this phase's requests.
 */
async function submitAndSettle(platform: TestPlatform, users: TestUser[], to: string) {
  const before = await statusCounts(platform.ctx);
  const started = performance.now();
  await loadClient.submitAll(platform, users, to);
  const submitted = performance.now();
  const counts = await waitUntilSettled(platform.ctx, 600_000, 20);
  const done = performance.now();
  const completed = counts.COMPLETED - before.COMPLETED;
  return {
    completed,
    failed: counts.FAILED - before.FAILED,
    perSecond: completed / ((done - started) / 1000),
    submitSeconds: (submitted - started) / 1000,
    totalSeconds: (done - started) / 1000,
  };
}

/** End to end: the worker runs in the API's process while the users consent and submit. */
async function endToEnd(platform: TestPlatform, users: TestUser[], to: string) {
  const since = new Date();
  const worker = await startPipelineWorker(platform);
  const timed = await submitAndSettle(platform, users, to);
  await worker.stop();
  return { ...timed, ...(await latencyFigures(platform, since)) };
}

/**
 * End to end with the worker in a process of its own (MODE=worker, the
 * production layout of docs/deploy.md): PostgreSQL only, since an embedded
 * PGlite opens in one process. The worker is started before, and stopped
 * after, what is timed; the profile is of the API's process alone.
 */
async function endToEndWorkerProcess(
  platform: TestPlatform,
  schema: string,
  users: TestUser[],
  to: string,
) {
  const since = new Date();
  const worker = await startServerProcess(
    workerEnv(platform, schema, platform.ctx.config.pipeline.maxBatchSize),
  );
  try {
    const [timed, cpu] = await withCpuUse(() =>
      profiled('end-to-end-worker-process', PROFILE_DIR, () =>
        submitAndSettle(platform, users, to),
      ),
    );
    return { ...timed, cpu, ...(await latencyFigures(platform, since)) };
  } finally {
    await worker.stop();
  }
}

/** Queue drain: N requests already queued; the worker signs, batches, sends and confirms them. */
async function drain(platform: TestPlatform, users: TestUser[], to: string) {
  const since = new Date();
  // Queueing alone, with no worker running: the API's own rate.
  const [, queueing] = await withCpuUse(() =>
    profiled('queueing', PROFILE_DIR, () => loadClient.submitAll(platform, users, to)),
  );
  const started = performance.now();
  const [{ counts, done }, cpu] = await withCpuUse(() =>
    profiled('drain', PROFILE_DIR, async () => {
      const worker = await startPipelineWorker(platform);
      const counts = await waitUntilSettled(platform.ctx, 600_000, 20);
      const done = performance.now();
      await worker.stop();
      return { counts, done };
    }),
  );
  return {
    counts,
    cpu,
    queueing,
    perSecond: users.length / ((done - started) / 1000),
    ...(await latencyFigures(platform, since)),
  };
}

/**
 * A bystander's status stream, open until `close`: someone on the platform
 * with a page watching their own transactions, none of which this bench
 * makes. Everything it receives is counted; it should receive nothing.
 */
async function openBystanderStream(platform: TestPlatform, bystander: TestUser) {
  const controller = new AbortController();
  const response = await platform.request('/gs-api/metakeep/transaction/stream', {
    headers: bystander.authorization,
    signal: controller.signal,
  });
  if (response.status !== 200) throw new Error(`status stream: HTTP ${response.status}`);
  let statusEvents = 0;
  const reading = (async () => {
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      statusEvents += value.split('event: status').length - 1;
    }
  })().catch(() => undefined);
  return {
    close: async () => {
      controller.abort();
      await reading;
      return statusEvents;
    },
  };
}

// MODE=api: the bench starts and stops the pipeline worker itself, per phase.
// PGlite on disk, where a deployment keeps it (test platforms default to a tmpfs).
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'gets-bench-'));
const schema = process.env.DATABASE_URL ? `bench_${Date.now().toString(36)}` : undefined;
const platform = await startTestPlatform({ LOG_LEVEL: 'warn', MODE: 'api' }, { dataDir, schema });
const phases = schema ? 3 : 2;
const loadClient = startLoadClient();
try {
  console.log(`setting up ${phases * N} users with custodial wallets and 1 GETS each...`);
  const users: TestUser[] = [];
  for (let i = 0; i < phases * N; i++) users.push(await createTestUser(platform.ctx));
  const treasury = createWalletClient({
    account: privateKeyToAccount(ANVIL_DEV_KEYS[0]),
    chain: platform.ctx.chain.chain,
    transport: http(platform.ctx.chain.rpcUrl),
  });
  let last: Hex | undefined;
  for (const user of users) {
    last = await treasury.writeContract({
      address: platform.ctx.contracts.token,
      abi: getsTokenAbi,
      functionName: 'transfer',
      args: [user.address, parseUnits('1', 18)],
    });
  }
  await platform.ctx.chain.publicClient.waitForTransactionReceipt({ hash: last! });
  const bystander = await openBystanderStream(platform, await createTestUser(platform.ctx));

  const [direct, directCpu] = await withCpuUse(() =>
    directTransfers(platform, ANVIL_DEV_KEYS[0], N),
  );
  const sink = privateKeyToAccount(ANVIL_DEV_KEYS[2]).address;
  const [pipeline, pipelineCpu] = await withCpuUse(() =>
    profiled('end-to-end', PROFILE_DIR, () => endToEnd(platform, users.slice(0, N), sink)),
  );
  const drained = await drain(platform, users.slice(N, 2 * N), sink);
  const separate =
    schema && (await endToEndWorkerProcess(platform, schema, users.slice(2 * N), sink));
  const bystanderEvents = await bystander.close();
  const cpuLine = (use: CpuUse) =>
    `  CPU: ${describeCpuUse(use)}; ${((1000 * use.totalSeconds) / N).toFixed(2)} CPU ms per transfer`;
  const printEndToEnd = (what: string, e2e: Awaited<ReturnType<typeof endToEnd>>, cpu: CpuUse) => {
    console.log(
      `pipeline, ${what}: ${e2e.perSecond.toFixed(0)} confirmed/s end to end ` +
        `(${e2e.completed} COMPLETED, ${e2e.failed} FAILED, ` +
        `${e2e.batches} batches of ${e2e.averageBatch.toFixed(1)} on average)`,
    );
    console.log(
      `  submit to COMPLETED: p50 ${e2e.p50.toFixed(0)} ms, p95 ${e2e.p95.toFixed(0)} ms; ` +
        `all ${N} consents + submits took ${e2e.submitSeconds.toFixed(2)} s, everything ${e2e.totalSeconds.toFixed(2)} s`,
    );
    console.log(cpuLine(cpu));
  };

  const db = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
  console.log(
    `\n${N} transfers, ${os.cpus().length} cores, node ${process.version}, ${db}, Anvil (automine)`,
  );
  console.log(
    `direct, pre-signed from one account:  ${direct.perSecond.toFixed(0)} confirmed/s incl. signing ` +
      `(${direct.submitOnlyPerSecond.toFixed(0)}/s submit+confirm alone)`,
  );
  console.log(cpuLine(directCpu));
  printEndToEnd('N users via consent + queue', pipeline, pipelineCpu);
  console.log(
    `pipeline, draining ${N} queued requests: ${drained.perSecond.toFixed(0)} confirmed/s ` +
      `(sign + batch + send + confirm; ${drained.counts.COMPLETED - pipeline.completed} COMPLETED, ` +
      `${drained.batches} batches of ${drained.averageBatch.toFixed(1)} on average)`,
  );
  console.log(cpuLine(drained.cpu));
  console.log(
    `API alone, queueing those ${N} (consent + submit, no worker): ` +
      `${(N / drained.queueing.wallSeconds).toFixed(0)} pairs/s`,
  );
  console.log(cpuLine(drained.queueing));
  if (separate) printEndToEnd('worker in its own process', separate, separate.cpu);
  console.log(
    `a bystander's status stream was open throughout and received ${bystanderEvents} status events`,
  );
} finally {
  loadClient.stop();
  await platform.stop();
  if (schema) await dropSchema(process.env.DATABASE_URL!, schema);
  await fs.rm(dataDir, { recursive: true, force: true });
}
