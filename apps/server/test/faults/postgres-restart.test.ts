// PostgreSQL stopped the hard way (`pg_ctl stop -m immediate`, what a crash
// or a failover looks like to its clients) while 12 people move GETS, and
// started again 10 s later: the platform process lives through it, answers
// 503 meanwhile (health naming the database, requests with Retry-After), and
// resumes by itself once the database is back, with every transfer's final
// status agreeing with the chain's Transfer logs.
//
// It runs a private PostgreSQL (a shared one must never be stopped), so it
// runs once, in the pass on the embedded defaults, where PostgreSQL is
// installed.
import fs from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { createPublicClient, http } from 'viem';
import { healthResponseSchema } from '@gets/schema';
import { ANVIL_DEV_KEYS } from '../../src/config.ts';
import { startAnvil } from '../../src/chain/anvil.ts';
import { countByStatus, queueStats } from '../../src/chain/pipeline/transaction-repository.ts';
import { openDatabase, type Database, type Queryable } from '../../src/db/database.ts';
import {
  DATABASE_RETRY_AFTER_SECONDS,
  DATABASE_UNAVAILABLE_MESSAGE,
} from '../../src/http/errors.ts';
import { expectTransfersMatchChain } from '../helpers/chain-truth.ts';
import { SINK, usersWithGets } from '../helpers/pipeline-processes.ts';
import { postgresBinDir, startPrivatePostgres } from '../helpers/private-postgres.ts';
import { isAlive, startServerProcess } from '../helpers/server-process.ts';
import { readSse } from '../helpers/sse.ts';
import { makeScratchDir, startTestPlatform, TEST_CUSTODY_KEK } from '../helpers/test-platform.ts';
import { startTransferLoad } from '../helpers/transfer-load.ts';

const onSharedPostgres = !!process.env.DATABASE_URL;
const postgresInstalled = postgresBinDir() !== undefined;

const PEOPLE = 12;
/** Load before the stop, so the stop finds transactions in every state. */
const LOAD_BEFORE_STOP_MS = 4_000;
const OUTAGE_MS = 10_000;
/** Load after the restart, so new transfers are queued on the restarted database. */
const LOAD_AFTER_RESTART_MS = 5_000;
/** "Within seconds": the worker backs off at most 5 s, the LISTEN retry at most 5 s. */
const RESUME_WITHIN_MS = 15_000;
const SETTLE_WITHIN_MS = 30_000;

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!().catch(() => undefined);
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Polls until `check` answers something other than undefined; throws, naming
 * `what` and the last error `check` threw, after `timeoutMs`.
 */
async function pollFor<T>(
  what: string,
  timeoutMs: number,
  check: () => Promise<T | undefined>,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    const found = await check().catch((error: unknown) => {
      lastError = error;
      return undefined;
    });
    if (found !== undefined) return found;
    if (Date.now() > until) {
      throw new Error(`${what}: not within ${timeoutMs} ms; last error: ${String(lastError)}`);
    }
    await sleep(200);
  }
}

/** What the private database holds once nothing is QUEUED or SENT any more. */
function settled(db: Queryable) {
  return pollFor('every transfer COMPLETED or FAILED', SETTLE_WITHIN_MS, async () => {
    const { queued, sent } = await queueStats(db);
    return queued === 0 && sent === 0 ? countByStatus(db) : undefined;
  });
}

/**
 * Users with GETS, made by an in-process platform on the private database
 * (it migrates it and deploys the contracts), stopped before the platform
 * under test starts on the same database, data directory and chain.
 */
async function prepareUsers(env: Record<string, string>, dataDir: string, databaseUrl: string) {
  const setup = await startTestPlatform({ MODE: 'api', ...env }, { dataDir, databaseUrl });
  try {
    const users = await usersWithGets(setup, PEOPLE, '1000');
    return { users, token: setup.ctx.contracts.token };
  } finally {
    await setup.stop();
  }
}

describe.runIf(postgresInstalled && !onSharedPostgres)(
  'PostgreSQL stopped with -m immediate under load and started again',
  () => {
    it('the platform process lives through it, answers 503 meanwhile and resumes by itself, nothing lost or done twice', async () => {
      const anvil = await startAnvil({ chainId: 137, port: 0 });
      cleanups.push(() => anvil.stop());
      const postgres = await startPrivatePostgres();
      cleanups.push(() => postgres.remove());
      const dataDir = await makeScratchDir('gets-postgres-restart-');
      cleanups.push(() => fs.rm(dataDir, { recursive: true, force: true }));
      const chainEnv = {
        CHAIN_RPC_URL: anvil.rpcUrl,
        // Anvil mines only on demand: no later blocks would ever confirm the last batch.
        PIPELINE_CONFIRMATIONS: '0',
        DEPLOYER_PRIVATE_KEY: ANVIL_DEV_KEYS[0],
        RELAYER_PRIVATE_KEYS: `${ANVIL_DEV_KEYS[1]},${ANVIL_DEV_KEYS[2]}`,
      };
      const { users, token } = await prepareUsers(chainEnv, dataDir, postgres.url);

      const server = await startServerProcess({
        ...chainEnv,
        LOG_LEVEL: 'warn',
        DATA_DIR: dataDir,
        CUSTODY_KEK: TEST_CUSTODY_KEK,
        DATABASE_URL: postgres.url,
        HOST: '127.0.0.1',
        PORT: '0',
        WORKER_HEARTBEAT_INTERVAL_MS: '500',
        // A batch signed and committed just before the drop, whose bytes
        // never left, goes out this soon after.
        PIPELINE_RESEND_AFTER_MS: '1000',
      });
      cleanups.push(() => server.stop('SIGTERM'));
      const pid = server.child.pid!;
      const ended = () =>
        `the platform process ended (${server.child.exitCode ?? server.child.signalCode}):\n${server.output().slice(-3000)}`;
      const expectAlive = () => {
        expect(server.child.exitCode, ended()).toBeNull();
        expect(server.child.signalCode, ended()).toBeNull();
        expect(isAlive(pid)).toBe(true);
      };

      const db: Database = await openDatabase({ kind: 'postgres', url: postgres.url });
      cleanups.push(() => db.close());
      const health = async () => {
        // A process that died answers nothing: say so rather than "fetch failed".
        if (server.child.exitCode !== null || server.child.signalCode) throw new Error(ended());
        const response = await fetch(`${server.url}/gs-api/health`, {
          signal: AbortSignal.timeout(10_000),
        });
        return { status: response.status, body: healthResponseSchema.parse(await response.json()) };
      };

      const load = startTransferLoad({ baseUrl: () => server.url, users, to: SINK, amount: '1' });
      cleanups.push(() => load.stop());
      const loadStartedAt = Date.now();
      await pollFor('a first transfer COMPLETED', RESUME_WITHIN_MS, async () =>
        (await countByStatus(db)).COMPLETED > 0 ? true : undefined,
      );
      await sleep(LOAD_BEFORE_STOP_MS - (Date.now() - loadStartedAt));

      await postgres.stopImmediately();
      const stoppedAt = Date.now();

      // While it is away: health names the database, within its own bound.
      const down = await pollFor('health answering 503 for the database', 8_000, async () => {
        const answer = await health();
        return answer.status === 503 && answer.body.data.database.status === 'down'
          ? answer
          : undefined;
      });
      expect(down.body.message).toMatch(/^Some systems are down: database \(unreachable: /);
      // A transfer request answers 503, readable, with when to try again.
      await pollFor('a transfer answered 503', 8_000, async () =>
        load.samples[503] ? true : undefined,
      );
      expect(load.samples[503]!.retryAfter).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
      expect(JSON.parse(load.samples[503]!.body)).toMatchObject({
        message: DATABASE_UNAVAILABLE_MESSAGE,
      });
      expectAlive();

      await sleep(OUTAGE_MS - (Date.now() - stoppedAt));
      expectAlive();
      await postgres.start();
      const restartedAt = Date.now();
      const queuedAtRestart = load.queued.length;
      // A COMMIT the drop cut may have landed: count from what the restarted database holds.
      const completedAtRestart = (await countByStatus(db)).COMPLETED;

      // The pipeline and the live status feed come back each on its own
      // schedule (the worker's backoff, the LISTEN retry): timed side by side.
      const firstCompleted = pollFor(
        'a transfer COMPLETED after the restart',
        RESUME_WITHIN_MS,
        async () =>
          (await countByStatus(db)).COMPLETED > completedAtRestart
            ? Date.now() - restartedAt
            : undefined,
      );
      // Awaited below; caught here too, so it is not reported as unhandled when the test fails first.
      firstCompleted.catch(() => undefined);
      // The feed listens again (a stream is refused with 503 until it does)
      // and pushes what completes after the stream opened.
      const stream = await pollFor('a status stream opened again', RESUME_WITHIN_MS, async () => {
        const response = await fetch(`${server.url}/gs-api/metakeep/transaction/stream`, {
          headers: users[0]!.authorization,
        });
        if (response.ok) return { response, queuedAtOpen: load.queued.length };
        await response.body?.cancel();
        return undefined;
      });
      const streamOpenAfterMs = Date.now() - restartedAt;
      const events = readSse(stream.response);
      cleanups.push(() => events.close());
      const firstCompletedAfterMs = await firstCompleted;
      const queuedAfterOpen = () => new Set(load.queued.slice(stream.queuedAtOpen));
      await events.readUntil(
        (reader) =>
          reader.statusEvents.some(
            (e) => e.status === 'COMPLETED' && queuedAfterOpen().has(e.transactionId),
          ),
        RESUME_WITHIN_MS,
      );
      const healthy = await pollFor('health naming the database up', RESUME_WITHIN_MS, async () => {
        const answer = await health();
        return answer.body.data.database.status === 'up' ? answer : undefined;
      });
      expect(healthy.body.data.database).toMatchObject({ status: 'up', driver: 'postgres' });

      await sleep(LOAD_AFTER_RESTART_MS - (Date.now() - restartedAt));
      await load.stop();
      const final = await settled(db);
      const truth = await expectTransfersMatchChain(
        db,
        createPublicClient({ transport: http(anvil.rpcUrl) }),
        token,
      );

      expect(load.queued.length, 'transfers queued after the restart').toBeGreaterThan(
        queuedAtRestart,
      );
      // Every refusal was the database's absence, said as such (none a 500),
      // or fair use: a person with ACCOUNT_MAX_IN_FLIGHT transfers waiting.
      expect(
        Object.keys(load.refused).filter((status) => status !== '503' && status !== '429'),
      ).toEqual([]);
      expectAlive();
      expect(server.child.pid).toBe(pid);

      console.info(
        'postgres-restart figures',
        JSON.stringify({
          queued: load.queued.length,
          queuedAfterRestart: load.queued.length - queuedAtRestart,
          completed: truth.completed,
          failed: truth.failed,
          failureReasons: truth.failureReasons,
          statuses: final,
          refusedByStatus: load.refused,
          refusalSamples: Object.fromEntries(
            Object.entries(load.samples).map(([status, sample]) => [
              status,
              sample.body.slice(0, 160),
            ]),
          ),
          firstCompletedAfterRestartMs: firstCompletedAfterMs,
          statusStreamOpenAfterRestartMs: streamOpenAfterMs,
        }),
      );
    }, 120_000);
  },
);
