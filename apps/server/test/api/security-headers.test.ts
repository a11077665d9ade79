// What every answer tells the browser (Content-Security-Policy without inline
// scripts, no sniffing, no framing), HSTS only behind a proxy that ends HTTPS,
// and bodies above the limit refused before they are read.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type TestPlatform } from '../helpers/test-platform.ts';
import { JSON_BODY_LIMIT_BYTES } from '../../src/app.ts';
import { callFrom } from '../helpers/account-flows.ts';

describe('security headers', () => {
  let platform: TestPlatform;
  beforeAll(async () => {
    platform = await startTestPlatform({ MODE: 'api' });
  });
  afterAll(async () => {
    await platform?.stop();
  });

  it('the web app and the API come with a strict script policy, nosniff and no framing by others', async () => {
    for (const path of ['/', '/badge/1', '/gs-api/health']) {
      const response = await platform.request(path);
      const csp = response.headers.get('content-security-policy') ?? '';
      const scriptSrc = /script-src ([^;]+)/.exec(csp)?.[1];
      expect(scriptSrc, path).toBe("'self'");
      expect(csp).toContain("frame-ancestors 'self'");
      expect(csp).toContain("object-src 'self'");
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('strict-transport-security')).toBeNull();
    }
  });

  it('the API docs page has its own policy, also without inline scripts, and keeps the other headers', async () => {
    const response = await platform.request('/gs-api/docs/static/index.html');
    expect(response.status).toBe(200);
    const policies = response.headers.get('content-security-policy') ?? '';
    const scriptSrc = /script-src ([^;]+)/.exec(policies)?.[1] ?? '';
    expect(scriptSrc.trim()).toBe("'self'");
    expect(policies).toContain('validator.swagger.io');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('refuses a JSON body above the limit with 413 in the { message, data } shape', async () => {
    const response = await platform.request('/gs-api/metakeep/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(JSON_BODY_LIMIT_BYTES) }),
    });
    expect(response.status).toBe(413);
    const body = (await response.json()) as { message: string; data: unknown };
    expect(body.message).toMatch(/too large/i);
    expect(body.data).toBeNull();
  });
});

describe('behind a proxy that ends HTTPS (TRUST_PROXY)', () => {
  let platform: TestPlatform;
  beforeAll(async () => {
    platform = await startTestPlatform({ MODE: 'api', TRUST_PROXY: '1' });
  });
  afterAll(async () => {
    await platform?.stop();
  });

  it('sends HSTS', async () => {
    const response = await platform.request('/gs-api/health');
    expect(response.headers.get('strict-transport-security')).toBe(
      'max-age=31536000; includeSubDomains',
    );
  });
});

/**
 * Login calls (limited per IP: 2 a minute here) with another X-Forwarded-For
 * each time: what a client writes there must not make it a new address.
 */
describe.each([
  { trust: 'the proxy address', TRUST_PROXY: '127.0.0.2', byAddress: true },
  { trust: 'a range holding it', TRUST_PROXY: '127.0.0.0/30', byAddress: true },
  { trust: 'one hop', TRUST_PROXY: '1', byAddress: false },
])('per-IP limits with TRUST_PROXY set to $trust', ({ TRUST_PROXY, byAddress }) => {
  let platform: TestPlatform;
  beforeAll(async () => {
    platform = await startTestPlatform({
      MODE: 'api',
      TRUST_PROXY,
      RATE_LIMIT_IP_MAX: '2',
      RATE_LIMIT_ACCOUNT_MAX: '1000',
    });
  });
  afterAll(async () => {
    await platform?.stop();
  });

  /** Three logins, one after another, from the socket address `from`; their statuses. */
  const threeLoginsFrom = async (from: string, forwardedFor: () => string) => {
    const statuses: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const answer = await callFrom(
        platform,
        from,
        '/metakeep/auth/login',
        { email: 'nobody@example.com', password: 'Wrong!pass1' },
        { 'x-forwarded-for': forwardedFor() },
      );
      statuses.push(answer.status);
    }
    return statuses;
  };

  it('counts a client behind the proxy by the address the proxy saw, whatever the client put before it', async () => {
    // The proxy (127.0.0.2) appends the address it saw to what the client sent.
    expect(
      await threeLoginsFrom('127.0.0.2', () => `${nextIp()}, ${nextIp()}, 198.51.100.7`),
    ).toEqual([401, 401, 429]);
    // Another client behind the same proxy has calls of its own.
    expect((await threeLoginsFrom('127.0.0.2', () => '198.51.100.8'))[0]).toBe(401);
  });

  // A hop count believes the last hop of whoever connects: the server must be
  // reachable only through the proxy (README, TRUST_PROXY).
  if (byAddress) {
    it('believes no X-Forwarded-For from a client that reaches the server past the proxy', async () => {
      expect(await threeLoginsFrom('127.0.0.9', nextIp)).toEqual([401, 401, 429]);
    });
  }
});

/** Addresses a client might claim (RFC 5737 documentation range), each once. */
let claimed = 0;
const nextIp = () => `203.0.113.${(claimed += 1)}`;
