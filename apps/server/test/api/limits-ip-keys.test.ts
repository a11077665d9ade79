// A host that escapes per-IP limits by changing its address: an IPv6 client
// holds a whole /64, so every counter keyed by IP (the routes' limits in
// @fastify/rate-limit, the per-(account, IP) guesses in the database) counts
// the /64 as one client, and an IPv4 client counts the same whether its
// socket shows it as IPv4 or IPv4-mapped IPv6.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type TestPlatform } from '../helpers/test-platform.ts';

let platform: TestPlatform;

beforeAll(async () => {
  platform = await startTestPlatform({
    // The test is the proxy: X-Forwarded-For says which address each call comes from.
    TRUST_PROXY: '1',
    RATE_LIMIT_IP_MAX: '3',
    RATE_LIMIT_PUBLIC_READ_IP_MAX: '3',
    // Below the route's per-IP limit, so the database's count answers first.
    RATE_LIMIT_ACCOUNT_MAX: '2',
    // The account's count across IPs has its own test (limits-login-ceiling).
    LOGIN_ATTEMPTS_BEFORE_DELAY: '1000',
  });
});
afterAll(async () => {
  await platform?.stop();
});

const send = async (from: string, path: string, body?: unknown) => {
  const response = await platform.request(`/gs-api${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': from },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return response.status;
};

/** A new address in the /64 of `prefix` on every call. */
const rotating = (prefix: string) => {
  let host = 0;
  return () => `${prefix}:${(host += 1).toString(16)}:${(host * 7919).toString(16)}:0:1`;
};

describe('per-IP limits', () => {
  it('count every address of one IPv6 /64 as one client on a limited route', async () => {
    const next = rotating('2001:db8:aaaa:1');
    // Each call names another email, so only the route's per-IP limit can answer 429.
    const login = (i: number) => ({ email: `nobody-${i}@example.org`, password: 'Wrong!pass1' });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1)
      statuses.push(await send(next(), '/metakeep/auth/login', login(i)));
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
    // The neighbouring /64 is another client.
    expect(await send('2001:db8:aaaa:2::1', '/metakeep/auth/login', login(9))).toBe(401);
  });

  it('count the public reads the same way', async () => {
    const next = rotating('2001:db8:bbbb:1');
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) statuses.push(await send(next(), '/platform'));
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    expect(await send('2001:db8:bbbb:2::1', '/platform')).toBe(200);
  });

  it('count an IPv4 client once, as IPv4 or as IPv4-mapped IPv6', async () => {
    const forms = ['198.51.100.20', '::ffff:198.51.100.20', '::ffff:c633:6414', '198.51.100.20'];
    const statuses = [];
    for (const from of forms) statuses.push(await send(from, '/platform'));
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it('count the guesses of one account from one /64 together in the database', async () => {
    const next = rotating('2001:db8:cccc:1');
    const guess = { email: 'target@example.org', password: 'Wrong!pass1' };
    const statuses: number[] = [];
    for (let i = 0; i < 3; i += 1) statuses.push(await send(next(), '/metakeep/auth/login', guess));
    // The third address of the /64 is refused by the account's count, not by the route's (3).
    expect(statuses).toEqual([401, 401, 429]);
    const rows = await platform.ctx.db.query<{ subject: string; attempts: number }>(
      `SELECT subject, attempts FROM auth_attempts WHERE scope = 'login' AND subject LIKE 'target@%'`,
    );
    expect(rows).toEqual([
      { subject: 'target@example.org from 2001:db8:cccc:1::/64', attempts: 3 },
    ]);
    // Another /64 guessing the same account is another client.
    expect(await send('2001:db8:cccc:2::1', '/metakeep/auth/login', guess)).toBe(401);
  });
});
