// Bad input on every route: each /gs-api route of the OpenAPI document gets
// generated bad bodies, path parameters and queries (wrong types, missing
// fields, huge strings, negative and 19-decimal amounts, unicode,
// prototype-pollution keys, SQL and HTML fragments), from every kind of
// caller. Each answer is a 4xx with a message (or a success for what happens
// to be valid), never a 5xx; and where every answer was a refusal, nothing in
// the database changed but rate-limit counters, and the chain has no new block.
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../src/modules/accounts/sessions.ts';
import { insertUser, setUserAccount } from '../../src/modules/accounts/user-repository.ts';
import { startTestPlatform, type TestPlatform } from '../helpers/test-platform.ts';
import { adminSession } from '../helpers/admin-factor.ts';

/** Tables every request may write (counters, heartbeats), left out of the comparison. */
const MOVING_TABLES = new Set(['auth_attempts', 'worker_heartbeats']);
/** Generated requests per route and caller; the seed makes a failure repeatable. */
const RUNS = 10;
const SEED = 20261123;
/** How many tests the sweep is cut into. */
const PARTS = 4;

const nasty = fc.constantFrom(
  "' OR 1=1 --",
  "'; DROP TABLE users; --",
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '../../../../etc/passwd',
  '%00',
  '\u0000',
  '🦄🦄🦄',
  'ＧＥＴＳ',
  '\u202eevil',
  '-1',
  '-0.5',
  '0',
  '1.0000000000000000001',
  '1e308',
  '0x10',
  'NaN',
  `1${'0'.repeat(80)}`,
  'x'.repeat(20_000),
);
const scalar = fc.oneof(
  nasty,
  fc.string({ unit: 'binary', maxLength: 64 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
);
const value: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small' }, scalar, tie('array'), tie('object')),
  array: fc.array(tie('value'), { maxLength: 3 }),
  object: fc.dictionary(
    fc.oneof(
      fc.constantFrom('__proto__', 'constructor', 'prototype', 'email', 'amount', 'id', 'to'),
      fc.string({ maxLength: 12 }),
    ),
    tie('value'),
    { maxKeys: 5 },
  ),
})).value;
/** A body as raw text: JSON of anything, or text that is not JSON at all. */
const body = fc.oneof(
  value.map((v) => JSON.stringify(v) ?? 'null'),
  fc.constantFrom(
    '{"__proto__":{"polluted":true}}',
    '{"constructor":{"prototype":{"polluted":true}}}',
  ),
  fc.constantFrom('{', '[1,2', 'not json', '', '{"a":'),
);
/** Bodies every route gets, besides the generated ones. */
const CANONICAL_BODIES = [
  'null',
  '[]',
  '{}',
  '""',
  '0',
  'true',
  '{"__proto__":{"polluted":true}}',
  '{"a":{"b":{"c":{"d":{"e":{"f":[[[[[]]]]]}}}}}}',
  JSON.stringify({ amount: '-1', email: 'x'.repeat(10_000), id: "' OR 1=1 --" }),
  '{',
  '',
];
const segment = fc.oneof(nasty, fc.string({ maxLength: 40 }), fc.integer().map(String));
const query = fc.dictionary(fc.string({ minLength: 1, maxLength: 10 }), segment, { maxKeys: 4 });

describe('bad input on every route', () => {
  let platform: TestPlatform;
  let routes: { method: string; path: string }[];
  /** Each caller signs in afresh for each route: a route may be a logout. */
  const callers: { name: string; signIn: () => Promise<string | null> }[] = [];

  beforeAll(async () => {
    platform = await startTestPlatform({ RATE_LIMIT_IP_MAX: '1000000' });
    const { db, keystore } = platform.ctx;
    const user = async (userType: 'EARNER' | 'SPONSOR') => {
      const id = randomUUID();
      await insertUser(db, {
        id,
        email: `${id.slice(0, 8)}@sweep.test`,
        passwordHash: 'unused',
        fullName: 'Sweep',
        userName: `sweep_${id.slice(0, 8)}`,
        userType,
        status: 'APPROVED',
        emailVerified: true,
        profilePic: null,
      });
      await setUserAccount(db, id, await keystore.createWallet(db, { kind: 'user', id }));
      return async () => (await createSession(db, { kind: 'user', id }, 3_600_000)).token;
    };
    const [admin] = await db.query<{ id: string }>('SELECT id FROM admins LIMIT 1');
    callers.push(
      { name: 'visitor', signIn: async () => null },
      { name: 'earner', signIn: await user('EARNER') },
      { name: 'sponsor', signIn: await user('SPONSOR') },
      {
        name: 'admin',
        signIn: async () => (await adminSession(db, admin!.id)).token,
      },
    );
    const document = (await (await platform.request('/gs-api/docs/json')).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    routes = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations)
        .filter((method) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
        .map((method) => ({ method: method.toUpperCase(), path })),
    );
  });
  afterAll(async () => {
    await platform?.stop();
  });

  /** Row counts of every table but the moving ones, and the chain's height. */
  async function state() {
    const { db, chain } = platform.ctx;
    const tables = await db.query<{ table_name: string }>(
      `SELECT table_name FROM information_schema.tables
        WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name`,
    );
    const counts: Record<string, number> = {};
    for (const { table_name } of tables) {
      if (MOVING_TABLES.has(table_name)) continue;
      const [row] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM "${table_name}"`);
      counts[table_name] = Number(row!.n);
    }
    return { counts, block: await chain.publicClient.getBlockNumber({ cacheTime: 0 }) };
  }

  // The sweep is cut in parts (every PARTS-th route) so that each part stays
  // well inside the test timeout as the API grows.
  it.for(Array.from({ length: PARTS }, (_, part) => part))(
    'answers 4xx with a message (never 5xx) and a refusal changes nothing (part %i)',
    async (part) => {
      const failures: string[] = [];
      const apiRoutes = routes.filter((r) => r.path.startsWith('/gs-api/'));
      for (const route of apiRoutes.filter((_, index) => index % PARTS === part)) {
        // A stream stays open on success: its input is only its session.
        if (route.path.endsWith('/stream')) continue;
        const tokens = await Promise.all(callers.map((caller) => caller.signIn()));
        const before = await state();
        let accepted = false;
        for (const [index, caller] of callers.entries()) {
          const token = tokens[index];
          await fc.assert(
            fc.asyncProperty(
              fc.array(segment, { minLength: 4, maxLength: 4 }),
              query,
              body,
              async (params, queryValues, text) => {
                let i = 0;
                const path = route.path.replace(/\{[^}]+\}/g, () =>
                  encodeURIComponent(params[i++ % params.length]!),
                );
                const search = new URLSearchParams(queryValues).toString();
                const url = `${path}${search ? `?${search}` : ''}`;
                const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
                const response = await platform.request(url, {
                  method: route.method,
                  headers: {
                    ...(token ? { authorization: `Bearer ${token}` } : {}),
                    ...(hasBody ? { 'content-type': 'application/json' } : {}),
                  },
                  ...(hasBody ? { body: text } : {}),
                });
                const answer = (await response.json().catch(() => null)) as {
                  message?: unknown;
                } | null;
                const where = `${route.method} ${url.slice(0, 120)} as ${caller.name}`;
                if (response.status < 400) accepted = true;
                if (response.status >= 500) failures.push(`${where}: ${response.status}`);
                if (response.status >= 400 && typeof answer?.message !== 'string') {
                  failures.push(`${where}: ${response.status} without a message`);
                }
              },
            ),
            {
              numRuns: RUNS,
              seed: SEED,
              examples: CANONICAL_BODIES.map((text) => [['1', '0', '-1', 'x'], {}, text]),
            },
          );
        }
        // Refusals only: not a row written, not a block mined.
        if (!accepted) {
          const after = await state();
          if (JSON.stringify(after.counts) !== JSON.stringify(before.counts)) {
            failures.push(`${route.method} ${route.path} refused everything yet changed rows`);
          }
          if (after.block !== before.block) failures.push(`${route.method} ${route.path} mined`);
        }
      }
      expect(failures).toEqual([]);
      // Nothing polluted the prototypes of this process (the server runs in it).
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    },
  );
});
