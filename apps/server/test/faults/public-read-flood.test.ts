// A flood of the public reads (GET /verify/{id}, POST /verify, /platform,
// /health) from many addresses while people move GETS, against a chain node
// behind a provider's quota (JSON-RPC calls a second; beyond it the provider
// answers 429, as hosted nodes do). The platform answers the flood with 429s
// past the per-IP limits, cached answers, and 503s past its verification
// budget; its public reads spend no more of the quota than their own limit,
// so the provider never refuses a call, and every transfer completes about
// as soon as with no flood at all. It times the platform under a load made in
// this process, so it runs with no other test file beside it (the root
// vitest.config.ts's `server-alone` project).
import http from 'node:http';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANVIL_DEV_KEYS } from '../../src/config.ts';
import { startAnvil, type AnvilProcess } from '../../src/chain/anvil.ts';
import { issueCredential } from '../../src/modules/credentials/service.ts';
import { postTransfer, type TestUser } from '../helpers/accounts.ts';
import { claimedAwardFacts, sampleAwardFacts } from '../helpers/credentials.ts';
import { SINK, usersWithGets } from '../helpers/pipeline-processes.ts';
import { startTestPlatform, type TestPlatform } from '../helpers/test-platform.ts';

/** The provider's quota: JSON-RPC calls a second (a batch counts each call in it). */
const QUOTA_PER_SECOND = 300;
/** The public reads' own limit: well inside the quota, beside what the pipeline needs. */
const PUBLIC_READ_RPC_PER_SECOND = 20;
/** Calls of each public route one address may make in a minute (POST /verify's too). */
const PER_IP_AND_ROUTE = 10;
const PEOPLE = 12;
const CREDENTIALS = 100;
/** The flood's requests a second, sent whether or not earlier ones were answered (as a botnet does). */
const FLOOD_PER_SECOND = 300;
/** Requests of the flood unanswered at once, at most (the test machine's own sockets). */
const FLOOD_OUTSTANDING = 400;
/** Addresses the flood comes from: IPv4 hosts and whole IPv6 /64s. */
const FLOOD_ADDRESSES = [
  ...Array.from({ length: 8 }, (_, i) => `203.0.113.${i + 1}`),
  ...Array.from({ length: 8 }, (_, i) => `2001:db8:f100:${i.toString(16)}::1`),
];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A hosted node's front: forwards JSON-RPC to the node and, once `enforce`
 * is on, answers 429 to a request that would take the calls of the last
 * second past the quota. Counts what it forwarded and what it refused.
 */
async function startProvider(nodeUrl: string) {
  const forwarded: number[] = [];
  const state = { enforce: false, refusedCalls: 0, busiestSecond: 0 };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      let calls = 1;
      try {
        const parsed = JSON.parse(body) as unknown;
        if (Array.isArray(parsed)) calls = parsed.length;
      } catch {
        // Not JSON: the node will say so.
      }
      const now = Date.now();
      while (forwarded.length && forwarded[0]! <= now - 1000) forwarded.shift();
      if (state.enforce && forwarded.length + calls > QUOTA_PER_SECOND) {
        state.refusedCalls += calls;
        response.writeHead(429, { 'content-type': 'application/json' });
        response.end(
          JSON.stringify({
            jsonrpc: '2.0',
            id: null,
            error: { code: -32005, message: 'request limit reached' },
          }),
        );
        return;
      }
      for (let i = 0; i < calls; i += 1) forwarded.push(now);
      state.busiestSecond = Math.max(state.busiestSecond, forwarded.length);
      fetch(nodeUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
        .then(async (answer) => {
          response.writeHead(answer.status, { 'content-type': 'application/json' });
          response.end(await answer.text());
        })
        .catch(() => {
          response.writeHead(502);
          response.end();
        });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let anvil: AnvilProcess;
let provider: Awaited<ReturnType<typeof startProvider>>;
let platform: TestPlatform;
let users: TestUser[];
const credentialIds: string[] = [];
const credentialJwts: string[] = [];

beforeAll(async () => {
  anvil = await startAnvil({ chainId: 137, port: 0 });
  provider = await startProvider(anvil.rpcUrl);
  platform = await startTestPlatform({
    CHAIN_RPC_URL: provider.url,
    // Anvil mines only on demand: no later blocks would ever confirm the last batch.
    PIPELINE_CONFIRMATIONS: '0',
    DEPLOYER_PRIVATE_KEY: ANVIL_DEV_KEYS[0],
    RELAYER_PRIVATE_KEYS: `${ANVIL_DEV_KEYS[1]},${ANVIL_DEV_KEYS[2]}`,
    // The flood comes through the proxy in front: X-Forwarded-For names each client.
    TRUST_PROXY: '1',
    PUBLIC_READ_RPC_PER_SECOND: String(PUBLIC_READ_RPC_PER_SECOND),
    // Per address and route in a minute: the public reads, and POST /verify.
    RATE_LIMIT_PUBLIC_READ_IP_MAX: String(PER_IP_AND_ROUTE),
    RATE_LIMIT_IP_MAX: String(PER_IP_AND_ROUTE),
  });
  users = await usersWithGets(platform, PEOPLE, '10');
  // Many credentials of one real claim: each report the flood asks for is new to the platform.
  const [earner] = await usersWithGets(platform, 1, '1');
  const { facts } = await claimedAwardFacts(platform.ctx, earner!, {
    imageUrl: sampleAwardFacts().badge.imageUrl,
  });
  for (let i = 0; i < CREDENTIALS; i += 1) {
    const { credentialId } = await platform.ctx.db.transaction((tx) =>
      issueCredential(tx, { ...facts, awardId: `${facts.awardId}-${i}` }),
    );
    credentialIds.push(credentialId);
    if (i < 3) {
      credentialJwts.push(
        await (await platform.request(`/gs-api/credentials/${credentialId}/jwt`)).text(),
      );
    }
  }
  provider.state.enforce = true;
}, 120_000);

afterAll(async () => {
  await platform?.stop();
  await provider?.close();
  await anvil?.stop();
});

/**
 * Each person sends one transfer (consent, then submit) at once; answers how
 * long each took from queued to COMPLETED, by the platform's own clock.
 */
async function transferRound(): Promise<number[]> {
  const ids = await Promise.all(
    users.map(async (user) => {
      const body = { to: SINK, amount: '0.01' };
      const consent = (await (await postTransfer(platform, user, body)).json()) as {
        data: { consentToken: string };
      };
      const queued = await postTransfer(platform, user, {
        ...body,
        consentToken: consent.data.consentToken,
      });
      expect(queued.status).toBe(200);
      return ((await queued.json()) as { data: { transactionId: string } }).data.transactionId;
    }),
  );
  const until = Date.now() + 60_000;
  for (;;) {
    const rows = await platform.ctx.db.query<{ status: string; ms: number | string | null }>(
      `SELECT status, EXTRACT(EPOCH FROM (completed_at - created_at)) * 1000 AS ms
         FROM chain_transactions WHERE id = ANY($1::uuid[])`,
      [ids],
    );
    if (rows.every((row) => row.status === 'COMPLETED' || row.status === 'FAILED')) {
      expect(rows.map((row) => row.status)).toEqual(Array<string>(PEOPLE).fill('COMPLETED'));
      return rows.map((row) => Number(row.ms));
    }
    if (Date.now() > until) {
      throw new Error(`transfers not done within 60 s: ${JSON.stringify(rows)}`);
    }
    await sleep(100);
  }
}

/**
 * The public reads called FLOOD_PER_SECOND times a second from the flood's
 * addresses until stopped, answered or not; answers counted by status.
 */
function startFlood() {
  const statuses: Record<number, number> = {};
  const samples: Record<number, string> = {};
  const pending = new Set<Promise<void>>();
  const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)]!;
  const once = async () => {
    const headers = { 'x-forwarded-for': pick(FLOOD_ADDRESSES) };
    // Mostly the calls that cost the node a read and the server little CPU.
    const kind = pick([
      'verify',
      'unknown',
      'platform',
      'platform',
      'platform',
      'health',
      'health',
      'health',
      'post',
    ] as const);
    const path = {
      verify: `/gs-api/verify/${pick(credentialIds)}`,
      unknown: `/gs-api/verify/${randomUUID()}`,
      platform: '/gs-api/platform',
      health: '/gs-api/health',
      post: '/gs-api/verify',
    }[kind];
    const init: RequestInit =
      kind === 'post'
        ? {
            method: 'POST',
            headers: { ...headers, 'content-type': 'application/vc+jwt' },
            body: pick(credentialJwts),
          }
        : { headers };
    try {
      const response = await platform.request(path, {
        ...init,
        signal: AbortSignal.timeout(10_000),
      });
      const text = await response.text();
      statuses[response.status] = (statuses[response.status] ?? 0) + 1;
      samples[response.status] ??= `${path}: ${text.slice(0, 300)}`;
    } catch (error) {
      statuses[0] = (statuses[0] ?? 0) + 1;
      samples[0] ??= `${path}: ${String(error)}`;
    }
  };
  const TICK_MS = 50;
  const timer = setInterval(() => {
    for (let i = 0; i < (FLOOD_PER_SECOND * TICK_MS) / 1000; i += 1) {
      if (pending.size >= FLOOD_OUTSTANDING) break;
      const call = once().finally(() => pending.delete(call));
      pending.add(call);
    }
  }, TICK_MS);
  return {
    statuses,
    samples,
    async stop() {
      clearInterval(timer);
      await Promise.all(pending);
    },
  };
}

describe('a flood of public reads while transfers run', () => {
  it('is answered with 429s, never costs the provider’s quota, and delays no transfer', async () => {
    // Unflooded, twice: the first round warms the relayers and the caches up.
    await transferRound();
    const calm = await transferRound();
    expect(provider.state.refusedCalls).toBe(0);

    const flood = startFlood();
    let flooded: number[];
    try {
      // The flood is at full strength before the transfers start, and outlasts them.
      await sleep(4_000);
      flooded = await transferRound();
      flooded.push(...(await transferRound()));
    } finally {
      await flood.stop();
    }
    const seen = JSON.stringify({
      calm,
      flooded: flooded!,
      flood: flood.statuses,
      samples: flood.samples,
      providerRefused: provider.state.refusedCalls,
      providerBusiestSecond: provider.state.busiestSecond,
    });

    // Every transfer on time: within a few times the slowest calm one (room for
    // a loaded test machine), far from the seconds a refused node call costs.
    const slowestCalm = Math.max(...calm);
    expect(Math.max(...flooded!), seen).toBeLessThanOrEqual(
      Math.max(3 * slowestCalm, slowestCalm + 1_500),
    );
    // The public reads stayed within their own limits: the provider refused nothing.
    expect(provider.state.refusedCalls, seen).toBe(0);
    // The flood was answered, and refused past the per-IP limits (four routes:
    // GET /verify/{id}, POST /verify, /platform, /health), not served without end.
    expect(flood.statuses[0] ?? 0, seen).toBe(0);
    expect(flood.statuses[429] ?? 0, seen).toBeGreaterThan(0);
    const notRefused = Object.entries(flood.statuses)
      .filter(([status]) => status !== '429')
      .reduce((sum, [, count]) => sum + count, 0);
    expect(notRefused, seen).toBeLessThanOrEqual(FLOOD_ADDRESSES.length * 4 * PER_IP_AND_ROUTE);
    // On PostgreSQL the limits count in the database: an address's calls past its limit
    // were refused by the process that knew it, not counted with a statement each (a
    // pool connection each, which queued everyone else's statements behind the flood).
    if (platform.ctx.db.driver === 'postgres') {
      const [counted] = await platform.ctx.db.query<{ most: number }>(
        `SELECT max(attempts) AS most FROM auth_attempts WHERE scope LIKE 'ip %'`,
      );
      expect(counted!.most, seen).toBeGreaterThan(PER_IP_AND_ROUTE);
      expect(counted!.most, seen).toBeLessThanOrEqual(2 * PER_IP_AND_ROUTE);
    }
  }, 120_000);
});
