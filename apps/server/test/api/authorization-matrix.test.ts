// Every /gs-api route of the OpenAPI document, called as every kind of caller:
// each answer is the one its policy gives that caller. A route added without
// a policy in helpers/route-policies.ts fails this test, so no call ships without a decision on who
// may make it. Allowed callers are only checked to get past authorization
// (their requests are empty, so most answer 400) and never to meet a 500.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession, revokeSession } from '../../src/modules/accounts/sessions.ts';
import { adminSession } from '../helpers/admin-factor.ts';
import { insertUser, setUserAccount } from '../../src/modules/accounts/user-repository.ts';
import { apiRoutes, keyOf, POLICIES, type Policy } from '../helpers/route-policies.ts';
import { startTestPlatform, type TestPlatform } from '../helpers/test-platform.ts';
import { randomUUID } from 'node:crypto';

type Role =
  | 'visitor'
  | 'earner'
  | 'sponsorPending'
  | 'sponsorApproved'
  | 'bannedUser'
  | 'admin'
  | 'expiredToken'
  | 'revokedToken';
const ROLES: Role[] = [
  'visitor',
  'earner',
  'sponsorPending',
  'sponsorApproved',
  'bannedUser',
  'admin',
  'expiredToken',
  'revokedToken',
];

/** The answer a role gets from a policy: 401, 403, or 'allowed' (past authorization). */
function expected(policy: Policy, role: Role): 401 | 403 | 'allowed' {
  // The matrix calls from this machine, where a 'local' route answers everyone.
  if (policy === 'public' || policy === 'local') return 'allowed';
  if (role === 'visitor' || role === 'expiredToken' || role === 'revokedToken') return 401;
  // A ban ends the sessions; one that lives on is refused everywhere.
  if (role === 'bannedUser') return 403;
  if (policy === 'actor') return 'allowed';
  const isAdmin = role === 'admin';
  if (policy === 'admin') return isAdmin ? 'allowed' : 403;
  if (policy === 'approvedSponsor') return role === 'sponsorApproved' ? 'allowed' : 403;
  if (policy === 'sponsor')
    return role === 'sponsorPending' || role === 'sponsorApproved' ? 'allowed' : 403;
  if (policy === 'earner') return role === 'earner' ? 'allowed' : 403;
  return isAdmin ? 403 : 'allowed';
}

describe('authorization matrix', () => {
  let platform: TestPlatform;
  let routes: { method: string; path: string }[];
  /** A fresh token of the role for each call (a call may be a logout). */
  const tokens = new Map<Role, () => Promise<string | null>>();

  beforeAll(async () => {
    platform = await startTestPlatform({ RATE_LIMIT_IP_MAX: '100000' });
    const { db } = platform.ctx;
    const user = async (userType: 'EARNER' | 'SPONSOR', status: 'APPROVED' | 'PENDING') => {
      const id = randomUUID();
      await insertUser(db, {
        id,
        email: `${id.slice(0, 8)}@matrix.test`,
        passwordHash: 'unused',
        fullName: 'Matrix',
        userName: `matrix_${id.slice(0, 8)}`,
        userType,
        status,
        emailVerified: true,
        profilePic: null,
      });
      await setUserAccount(
        db,
        id,
        await platform.ctx.keystore.createWallet(db, { kind: 'user', id }),
      );
      return id;
    };
    const session = async (kind: 'user' | 'admin', id: string, ttlMs = 3_600_000) =>
      kind === 'admin'
        ? (await adminSession(db, id, ttlMs)).token
        : (await createSession(db, { kind, id }, ttlMs)).token;
    const [admin] = await db.query<{ id: string }>('SELECT id FROM admins LIMIT 1');
    const earner = await user('EARNER', 'APPROVED');
    const sponsorPending = await user('SPONSOR', 'PENDING');
    const sponsorApproved = await user('SPONSOR', 'APPROVED');
    const banned = await user('SPONSOR', 'APPROVED');
    // Banned after the session was made: the session lives on, the ban holds.
    const bannedToken = await session('user', banned);
    await db.query('UPDATE users SET banned_at = now() WHERE id = $1', [banned]);
    const expired = await session('user', earner, 1);
    const revoked = await session('user', earner);
    await revokeSession(db, revoked);
    tokens.set('visitor', async () => null);
    tokens.set('earner', () => session('user', earner));
    tokens.set('sponsorPending', () => session('user', sponsorPending));
    tokens.set('sponsorApproved', () => session('user', sponsorApproved));
    tokens.set('bannedUser', async () => bannedToken);
    tokens.set('admin', () => session('admin', admin!.id));
    tokens.set('expiredToken', async () => expired);
    tokens.set('revokedToken', async () => revoked);

    routes = await apiRoutes(platform);
  });
  afterAll(async () => {
    await platform?.stop();
  });

  it('has a policy for every API route, and no policy for a route that does not exist', () => {
    const listed = routes.filter((r) => r.path.startsWith('/gs-api/')).map(keyOf);
    const withoutPolicy = listed.filter((key) => !(key in POLICIES));
    expect(withoutPolicy, 'routes without a policy in POLICIES').toEqual([]);
    expect(Object.keys(POLICIES).filter((key) => !listed.includes(key))).toEqual([]);
  });

  it('answers every route as its policy says, for every kind of caller, and never 5xx', async () => {
    const violations: string[] = [];
    for (const route of routes.filter((r) => keyOf(r) in POLICIES)) {
      const policy = POLICIES[keyOf(route)]!;
      for (const role of ROLES) {
        const { status, serverError } = await callAs(route, await tokens.get(role)!());
        const want = expected(policy, role);
        // The health check answers 503 while a part of the platform is down (on a busy machine,
        // the test worker's heartbeat, due every 200 ms, can be a second late): its own answer
        // about the platform, not a failure of the route, whose authorization is what this checks.
        const healthDown = keyOf(route) === 'GET /gs-api/health' && isHealthDown(serverError);
        const ok =
          (status < 500 || healthDown) &&
          (want === 'allowed' ? status !== 401 && status !== 403 : status === want);
        if (!ok) {
          violations.push(
            `${keyOf(route)} as ${role}: ${status}, expected ${want}${serverError ? ` (${serverError.slice(0, 300)})` : ''}`,
          );
        }
      }
    }
    expect(violations).toEqual([]);
  });

  /** Calls the route with placeholder path parameters and an empty body; answers the status. */
  async function callAs(route: { method: string; path: string }, token: string | null) {
    const path = route.path.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000');
    const controller = new AbortController();
    const response = await platform.request(path, {
      method: route.method,
      signal: controller.signal,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(route.method === 'GET' ? {} : { 'content-type': 'application/json' }),
      },
      ...(route.method === 'GET' ? {} : { body: '{}' }),
    });
    // A 5xx says why in its body; a stream answers its headers and stays open.
    const serverError = response.status >= 500 ? await response.text() : null;
    controller.abort();
    return { status: response.status, serverError };
  }

  function isHealthDown(body: string | null): boolean {
    if (!body) return false;
    const parsed = JSON.parse(body) as { data?: { status?: string } };
    return parsed.data?.status === 'down';
  }
});
