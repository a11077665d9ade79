// Scale-out: two API processes and two worker processes on one PostgreSQL and
// one chain. Users consent and submit through both APIs while both workers
// relay; one worker is killed mid-run. Every request ends COMPLETED exactly
// once, both APIs took requests, and both workers sent batches.
import fs from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { dropSchema, startTestPlatform, makeScratchDir } from '../helpers/test-platform.ts';
import { startServerProcess, type ServerProcess } from '../helpers/server-process.ts';
import { getsBalance, statusCounts, waitUntilSettled, type TestUser } from '../helpers/accounts.ts';
import {
  expectExactlyOnce,
  expectNoncesWithoutCollision,
  SINK,
  usersWithOneGets,
  workerEnv,
} from '../helpers/pipeline-processes.ts';

const onPostgres = !!process.env.DATABASE_URL;
const TIMEOUT_MS = 240_000;
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!().catch(() => undefined);
});

/** Consent then submit for each user through one API, a few at a time, as the web app does. */
async function giveThrough(apiUrl: string, users: TestUser[], concurrency = 8) {
  const post = async (user: TestUser, body: Record<string, unknown>) => {
    const response = await fetch(`${apiUrl}/gs-api/token/transfer-token/metakeep`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...user.authorization },
      body: JSON.stringify({ email: user.email, to: SINK, amount: '1', ...body }),
    });
    if (response.status !== 200) throw new Error(`${response.status}: ${await response.text()}`);
    return ((await response.json()) as { data: { consentToken?: string } }).data;
  };
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < users.length) {
        const user = users[next++]!;
        const { consentToken } = await post(user, {});
        await post(user, { consentToken });
      }
    }),
  );
}

describe.runIf(onPostgres)('two APIs and two workers on one PostgreSQL', () => {
  it(
    'take requests through both APIs; a worker killed mid-run loses nothing and doubles nothing',
    async () => {
      const schema = `scale_${Date.now().toString(36)}`;
      const dataDir = await makeScratchDir('gets-scale-');
      cleanups.push(() => fs.rm(dataDir, { recursive: true, force: true }));
      cleanups.push(() => dropSchema(process.env.DATABASE_URL!, schema));
      // The first API process is this test's own (it owns the chain); the rest are processes.
      const first = await startTestPlatform({ MODE: 'api' }, { dataDir, schema });
      cleanups.push(() => first.stop());
      const second: ServerProcess = await startServerProcess({
        ...workerEnv(first, schema, 20, 'api'),
        PORT: '0',
        HOST: '127.0.0.1',
      });
      cleanups.push(() => second.stop('SIGTERM'));
      const workers = await Promise.all([
        startServerProcess(workerEnv(first, schema, 20)),
        startServerProcess(workerEnv(first, schema, 20)),
      ]);
      cleanups.push(...workers.map((w) => () => w.stop('SIGTERM')));

      const users = await usersWithOneGets(first, 240);
      const sinkBefore = await getsBalance(first.ctx, SINK);
      const half = users.length / 2;
      const submitted = Promise.all([
        giveThrough(first.url, users.slice(0, half)),
        giveThrough(second.url, users.slice(half)),
      ]);
      // Mid-run: some requests done, many still to go.
      const until = Date.now() + TIMEOUT_MS / 2;
      while ((await statusCounts(first.ctx)).COMPLETED < users.length / 5) {
        if (Date.now() > until) throw new Error('no progress before the kill');
        await new Promise((r) => setTimeout(r, 25));
      }
      await workers[0]!.stop('SIGKILL');
      await submitted;
      const atKill = await statusCounts(first.ctx);
      expect(atKill.COMPLETED).toBeLessThan(users.length);

      await waitUntilSettled(first.ctx, TIMEOUT_MS / 2);
      await expectExactlyOnce(first, users, sinkBefore);
      await expectNoncesWithoutCollision(first);
      // Each API took its half: every consent was used, by the users of each half.
      const consents = await first.ctx.db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM consents WHERE used_at IS NOT NULL',
      );
      expect(consents[0]!.n).toBe(users.length);
      const senders = await first.ctx.db.query<{ sender: string }>(
        'SELECT DISTINCT sender FROM relay_batches',
      );
      expect(senders.length).toBe(2);
    },
    TIMEOUT_MS,
  );
});
