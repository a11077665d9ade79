// Per-IP limits hold across API processes: counted in PostgreSQL when that is
// the database, or in Redis when REDIS_URL is set, so calls spread over two
// API processes are counted together.
import net from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { call, latestOtp, uniqueEmail } from '../helpers/account-flows.ts';
import {
  startTestPlatform,
  TEST_CUSTODY_KEK,
  type TestPlatform,
} from '../helpers/test-platform.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const redisUp = await new Promise<boolean>((resolve) => {
  const url = new URL(REDIS_URL);
  const socket = net.connect(Number(url.port || 6379), url.hostname);
  socket.once('connect', () => {
    socket.destroy();
    resolve(true);
  });
  socket.once('error', () => resolve(false));
});

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  while (cleanups.length) await cleanups.pop()!().catch(() => undefined);
});

/** Two API processes of one deployment: the second on the first's chain and database. */
async function twoApis(extra: Record<string, string>) {
  const schema = `limits_${Date.now().toString(36)}`;
  const limits = { RATE_LIMIT_IP_MAX: '3', RATE_LIMIT_IP_WINDOW_SECONDS: '60', ...extra };
  const first = await startTestPlatform({ MODE: 'api', ...limits }, { schema });
  cleanups.push(() => first.stop());
  const second: TestPlatform = await startTestPlatform(
    {
      MODE: 'api',
      CUSTODY_KEK: TEST_CUSTODY_KEK,
      CHAIN_RPC_URL: first.ctx.chain.rpcUrl,
      CONTRACT_ADDRESSES: JSON.stringify(first.ctx.contracts),
      RELAYER_PRIVATE_KEYS: first.ctx.config.relayerPrivateKeys.join(','),
      ...limits,
    },
    { schema },
  );
  cleanups.push(() => second.stop());
  return [first, second] as const;
}

const login = (platform: TestPlatform) =>
  call(platform, 'POST', '/metakeep/auth/login', {
    email: 'nobody@example.org',
    password: 'Wrong!pass1',
  });

describe.runIf(!!process.env.DATABASE_URL)('per-IP limits on a shared PostgreSQL', () => {
  it('count the calls of both API processes together', async () => {
    const [first, second] = await twoApis({});
    expect((await login(first)).status).toBe(401);
    expect((await login(second)).status).toBe(401);
    expect((await login(first)).status).toBe(401);
    const fourth = await login(second);
    expect(fourth.status).toBe(429);
    expect(fourth.message).toMatch(/^Too many attempts\. Please try again in \d+ seconds?$/);
  });

  it('count the wrong one-time codes of an email made to both API processes together', async () => {
    const [first, second] = await twoApis({
      RATE_LIMIT_IP_MAX: '1000',
      OTP_GUESSES_PER_ACCOUNT_PER_HOUR: '4',
    });
    const email = uniqueEmail();
    expect(
      (await call(first, 'POST', '/admin-auth/send-verification-email', { email })).status,
    ).toBe(200);
    const right = await latestOtp(first, email);
    const wrong = right === '000000' ? '111111' : '000000';
    const verify = (platform: TestPlatform, otp: string) =>
      call(platform, 'POST', '/admin-auth/verify-otp', { email, otp });
    const statuses: number[] = [];
    for (const platform of [first, second, first, second]) {
      statuses.push((await verify(platform, wrong)).status);
    }
    expect(statuses).toEqual([400, 400, 400, 400]);
    const fifth = await verify(second, right);
    expect(fifth.status).toBe(429);
    expect(fifth.message).toMatch(/^Too many wrong codes for this email\. Please try again in/);
  });
});

// Several API processes share one PostgreSQL (one deployment); PGlite serves one process.
describe.runIf(redisUp && !!process.env.DATABASE_URL)('per-IP limits in Redis (REDIS_URL)', () => {
  it('count the calls of both API processes together', async () => {
    const [first, second] = await twoApis({ REDIS_URL });
    expect((await login(first)).status).toBe(401);
    expect((await login(second)).status).toBe(401);
    expect((await login(second)).status).toBe(401);
    expect((await login(first)).status).toBe(429);
  });
});
