// What every answer tells the browser (Content-Security-Policy without inline
// scripts, no sniffing, no framing), HSTS only behind a proxy that ends HTTPS,
// and bodies above the limit refused before they are read.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type TestPlatform } from '../helpers/test-platform.ts';
import { JSON_BODY_LIMIT_BYTES } from '../../src/app.ts';

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
    platform = await startTestPlatform({ MODE: 'api', TRUST_PROXY: 'true' });
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
