// Reads at scale: seeds 1k, 10k and 100k badges (with applications and
// awards) and drives the list calls of the public pages, the earner's and the
// sponsor's dashboards and the admin console with autocannon, beside a bare
// Fastify hello world measured the same way in the same run. Every call is
// checked to answer 200 before it is measured.
//
// Usage: npm run bench:lists [-- 1000 10000 100000] [-- --duration 5] [-- --profile[=<call>]]
// DATABASE_URL set: the platform runs on that PostgreSQL (a fresh schema per
// size). Without it, on the embedded PGlite.
// With 10000 among the sizes, the query plans (EXPLAIN ANALYZE) of every
// statement each call runs at that size are written to docs/list-queries.md,
// and with --profile the recent list's run there (or --profile=<call>'s) is
// CPU-profiled into bench/profiles/.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import * as prettier from 'prettier';
import Fastify from 'fastify';
import { ACTIVE_SPONSORS_MAX_PAGE, ACTIVE_SPONSORS_PAGE_SIZE } from '@gets/schema';
import {
  statementText,
  type PreparedStatement,
  type Queryable,
} from '../apps/server/src/db/database.ts';
import { startTestPlatform, type TestPlatform } from '../apps/server/test/helpers/test-platform.ts';
import { createTestUser } from '../apps/server/test/helpers/accounts.ts';
import { adminCaller } from '../apps/server/test/helpers/badges.ts';
import { walletBalancesOf } from '../apps/server/src/modules/staking/balances.ts';
import type { AppContext } from '../apps/server/src/context.ts';
import { profiled } from './lib/profile.ts';
import { SEARCH_WORDS, seedLists } from './lib/seed-lists.ts';

const args = process.argv.slice(2);
const durationFlag = args.indexOf('--duration');
const DURATION_S = durationFlag >= 0 ? Number(args[durationFlag + 1]) : 5;
const SIZES = args.filter((a, i) => /^\d+$/.test(a) && args[i - 1] !== '--duration').map(Number);
if (SIZES.length === 0) SIZES.push(1_000, 10_000, 100_000);
const profileFlag = args.findIndex((a) => a === '--profile' || a.startsWith('--profile='));
const PROFILE_DIR = profileFlag >= 0 ? new URL('./profiles/', import.meta.url).pathname : undefined;
/**
 * With --profile: the call whose run at EXPLAIN_SIZE is CPU-profiled
 * (autocannon shares the process); --profile=<words> picks the calls whose
 * names have these words.
 */
const PROFILED_CALL = args[profileFlag]?.split('=')[1] ?? 'GET /badge/list/recent';
const slug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
const CONNECTIONS = 10;
const EXPLAIN_SIZE = 10_000;
const EXPLAIN_FILE = path.resolve(import.meta.dirname, '..', 'docs', 'list-queries.md');

interface Call {
  name: string;
  path: string;
  headers?: Record<string, string>;
}

interface Measured {
  /** Answers other than 2xx, and errors (timeouts included), during the run. */
  failed: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  bytes: number;
}

async function measure(url: string, headers: Record<string, string> = {}): Promise<Measured> {
  const probe = await fetch(url, { headers });
  const body = await probe.arrayBuffer();
  if (probe.status !== 200) {
    throw new Error(
      `${url} answered ${probe.status}: ${Buffer.from(body).toString().slice(0, 300)}`,
    );
  }
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: DURATION_S });
  return {
    failed: result.non2xx + result.errors,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    bytes: body.byteLength,
  };
}

/** Bare Fastify answering GET / with `answer`, measured like every call. */
async function bareFastify(answer: () => Promise<unknown>): Promise<Measured> {
  const app = Fastify();
  app.get('/', answer);
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    return await measure(address);
  } finally {
    await app.close();
  }
}

const helloWorld = () => bareFastify(async () => ({ hello: 'world' }));

/**
 * The floor for a call that reads the database: bare Fastify running
 * `statements` times `SELECT 1` over the platform's own database connection.
 * No list call can go faster than the floor of its statement count.
 */
const statementFloor = (db: Queryable, statements: number) =>
  bareFastify(async () => {
    let row: unknown;
    for (let i = 0; i < statements; i += 1) [row] = await db.query('SELECT 1 AS one');
    return row;
  });

/**
 * The floors of a See more page of Active sponsors: bare Fastify reading a
 * full page's wallet balances (ACTIVE_SPONSORS_MAX_PAGE) the way the page
 * does, and nothing else. Once with wallets never read before, as after a
 * new block, when every balance is read from the chain; once with the same
 * wallets every time, at a block where they have been read already.
 */
const randomWallets = () =>
  Array.from(
    { length: ACTIVE_SPONSORS_MAX_PAGE },
    () => `0x${randomBytes(20).toString('hex')}` as `0x${string}`,
  );
const balancesFloor = (ctx: AppContext, known: boolean) => {
  const wallets = randomWallets();
  return bareFastify(
    async () => (await walletBalancesOf(ctx, known ? wallets : randomWallets())).length,
  );
};

/** The last sponsor on the Active sponsors screen's first page, where See more goes on from. */
async function twelfthActiveSponsor(platform: TestPlatform, headers: Record<string, string>) {
  const response = await fetch(
    new URL(`/gs-api/admin/sponsors/verified?limit=${ACTIVE_SPONSORS_PAGE_SIZE}`, platform.url),
    { headers },
  );
  const body = (await response.json()) as { data?: { _id: string }[] };
  const last = body.data?.[ACTIVE_SPONSORS_PAGE_SIZE - 1];
  if (!last) throw new Error(`fewer than ${ACTIVE_SPONSORS_PAGE_SIZE} active sponsors were seeded`);
  return last._id;
}

/** One measured call, against hello world's rate in the same run. */
const line = (name: string, m: Measured, hello: Measured) =>
  `  ${name.padEnd(52)} ${m.requestsPerSecond.toFixed(0).padStart(6)} req/s ` +
  `(${((100 * m.requestsPerSecond) / hello.requestsPerSecond).toFixed(0).padStart(3)}% of hello) ` +
  `p50 ${String(m.p50).padStart(3)} ms, p99 ${String(m.p99).padStart(3)} ms, ${m.bytes} bytes` +
  (m.failed ? `, ${m.failed} failed or timed out` : '');

/** Each statement a call runs, with its parameters, as the database saw it. */
async function statementsOf(platform: TestPlatform, call: Call) {
  const db = platform.ctx.db as Queryable;
  const original = db.query.bind(db);
  const seen: { sql: string; params: unknown[] }[] = [];
  db.query = (async (sql: string | PreparedStatement, params?: unknown[]) => {
    // A prepared statement (the session read) is written down by its text.
    seen.push({ sql: statementText(sql), params: params ?? [] });
    return original(sql, params);
  }) as Queryable['query'];
  try {
    await platform.request(call.path, { headers: call.headers });
  } finally {
    db.query = original;
  }
  return seen;
}

async function explain(db: Queryable, statement: { sql: string; params: unknown[] }) {
  const rows = await db.query<{ 'QUERY PLAN': string }>(
    `EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${statement.sql}`,
    statement.params,
  );
  return rows.map((row) => row['QUERY PLAN']).join('\n');
}

const database = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
console.log(
  `${os.cpus().length} cores (${os.cpus()[0]?.model.trim()}), node ${process.version}, ${database}; ` +
    `autocannon ${CONNECTIONS} connections, ${DURATION_S} s per call`,
);

const hello = await helloWorld();
console.log(
  `bare Fastify hello world: ${hello.requestsPerSecond.toFixed(0)} req/s, p99 ${hello.p99} ms`,
);

const results = new Map<number, Map<string, Measured>>();
for (const size of SIZES) {
  const platform = await startTestPlatform({ MODE: 'api', RATE_LIMIT_IP_MAX: '1000000000' });
  try {
    const { ctx } = platform;
    const sponsor = await createTestUser(ctx, { userType: 'SPONSOR' });
    const earner = await createTestUser(ctx);
    const admin = await adminCaller(ctx);
    const seedStarted = performance.now();
    const seeded = await seedLists(ctx.db, size, {
      sponsorId: sponsor.id,
      earnerId: earner.id,
      earnerAddress: earner.address,
    });
    console.log(
      `\n${size} badges: seeded ${seeded.badges} badges and ${seeded.applications} applications ` +
        `in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`,
    );
    const calls: Call[] = [
      { name: 'GET /badge/list/recent', path: '/gs-api/badge/list/recent' },
      { name: 'GET /badge/list/popular', path: '/gs-api/badge/list/popular' },
      {
        name: 'search /badge/list/recent?name=',
        path: `/gs-api/badge/list/recent?name=${SEARCH_WORDS[6]}`,
      },
      { name: 'GET /badge/details/{id}', path: `/gs-api/badge/details/${seeded.sampleBadgeId}` },
      { name: 'GET /badge/earners/{id}', path: `/gs-api/badge/earners/${seeded.sampleBadgeId}` },
      {
        name: 'earner: GET /badge/applied/earner',
        path: `/gs-api/badge/applied/earner?account=${earner.address}`,
        headers: earner.authorization,
      },
      {
        name: 'earner: GET /badge/assigned/{account}',
        path: `/gs-api/badge/assigned/${earner.address}`,
        headers: earner.authorization,
      },
      {
        name: 'sponsor: GET /badge/allBadge/list',
        path: '/gs-api/badge/allBadge/list',
        headers: sponsor.authorization,
      },
      {
        name: 'sponsor: GET /badge/applications/list',
        path: `/gs-api/badge/applications/list?badgeId=${seeded.sampleBadgeId}`,
        headers: sponsor.authorization,
      },
      {
        name: 'sponsor: GET /user/sponsor/all-earners/{account}',
        path: `/gs-api/user/sponsor/all-earners/${sponsor.address}`,
        headers: sponsor.authorization,
      },
      {
        name: 'sponsor: GET /user/sponsor/total-awards/{account}',
        path: `/gs-api/user/sponsor/total-awards/${sponsor.address}`,
        headers: sponsor.authorization,
      },
      {
        name: 'admin: GET /admin/badge',
        path: '/gs-api/admin/badge?page=1&limit=10',
        headers: admin.authorization,
      },
      {
        name: 'admin: GET /admin/badge?status=UNDER_VERIFICATION',
        path: '/gs-api/admin/badge?page=1&limit=10&status=UNDER_VERIFICATION',
        headers: admin.authorization,
      },
      {
        name: 'admin: GET /admin/badge?name=',
        path: `/gs-api/admin/badge?page=1&limit=10&name=${SEARCH_WORDS[6]}`,
        headers: admin.authorization,
      },
      {
        name: 'admin: GET /badge/published/admin',
        path: `/gs-api/badge/published/admin?account=${sponsor.address}`,
        headers: admin.authorization,
      },
      {
        name: 'admin: GET /admin/sponsors/verified?limit=12',
        path: '/gs-api/admin/sponsors/verified?limit=12',
        headers: admin.authorization,
      },
      {
        name: 'admin: GET /admin/sponsors/verified?limit=0',
        path: '/gs-api/admin/sponsors/verified?limit=0',
        headers: admin.authorization,
      },
      {
        // See more: the next page after the screen's first 12, each balance read from the chain.
        name: `admin: GET /admin/sponsors/verified?after= (See more)`,
        path: `/gs-api/admin/sponsors/verified?after=${await twelfthActiveSponsor(platform, admin.authorization)}`,
        headers: admin.authorization,
      },
    ];
    if (size === SIZES[0]) {
      for (const statements of [1, 2, 3]) {
        const floor = await statementFloor(ctx.db, statements);
        console.log(line(`floor: bare Fastify + ${statements} x SELECT 1`, floor, hello));
      }
      for (const known of [false, true]) {
        const balances = await balancesFloor(ctx, known);
        console.log(
          line(
            `floor: bare Fastify + ${ACTIVE_SPONSORS_MAX_PAGE} balances ${known ? 'read already at this block' : 'from the chain'}`,
            balances,
            hello,
          ),
        );
      }
    }
    const measured = new Map<string, Measured>();
    for (const call of calls) {
      const run = () => measure(new URL(call.path, platform.url).href, call.headers);
      const m =
        call.name.includes(PROFILED_CALL) && size === EXPLAIN_SIZE
          ? await profiled(`lists-${slug(call.name)}-${size}`, PROFILE_DIR, run)
          : await run();
      measured.set(call.name, m);
      console.log(line(call.name, m, hello));
    }
    results.set(size, measured);

    if (size === EXPLAIN_SIZE) {
      // autocannon returns when its time is up, not when the last answers are
      // sent: let requests still running finish, so no statement of theirs is
      // written down as the next call's.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const sections: string[] = [];
      for (const call of calls) {
        const statements = await statementsOf(platform, call);
        const plans: string[] = [];
        for (const statement of statements) {
          if (!/^\s*(SELECT|WITH)\b/i.test(statement.sql)) continue;
          plans.push(
            `\`\`\`sql\n${statement.sql.trim()}\n\`\`\`\n\n\`\`\`\n${await explain(ctx.db, statement)}\n\`\`\``,
          );
        }
        sections.push(`## ${call.name}\n\n${plans.join('\n\n') || '(no SELECT)'}`);
      }
      // Written as the repository's formatter would, so lint passes on the result.
      const markdown =
        `# The list calls' queries and their plans\n\n` +
        `Written by \`npm run bench:lists\` on ${database} with ${size} badges ` +
        `(${seeded.applications} applications): every SELECT each call runs, in order, with ` +
        `\`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF)\`. Timings are of one run on the machine that wrote it.\n\n` +
        `${sections.join('\n\n')}\n`;
      await fs.writeFile(
        EXPLAIN_FILE,
        await prettier.format(markdown, {
          ...(await prettier.resolveConfig(EXPLAIN_FILE)),
          filepath: EXPLAIN_FILE,
        }),
      );
      console.log(`  query plans written to ${path.relative(process.cwd(), EXPLAIN_FILE)}`);
    }
  } finally {
    await platform.stop();
  }
}

if (SIZES.length > 1) {
  const smallest = SIZES[0]!;
  const largest = SIZES[SIZES.length - 1]!;
  console.log(
    `\ncost from ${smallest} to ${largest} badges (req/s at ${smallest} / req/s at ${largest}):`,
  );
  for (const [name, small] of results.get(smallest)!) {
    const large = results.get(largest)!.get(name);
    if (!large) continue;
    console.log(
      `  ${name.padEnd(52)} ${(small.requestsPerSecond / large.requestsPerSecond).toFixed(2)}x`,
    );
  }
}
