import { describe, expect, it } from 'vitest';
import { METRICS_MESSAGES, metricsAccess } from './metrics-access.ts';

const TOKEN = 'scrape-token-0123456789abcdef';
const from = (remoteAddress: string, headers: Record<string, string> = {}) => ({
  socket: { remoteAddress },
  headers,
});

describe('who may read the metrics', () => {
  it('a client on this machine, by its socket address (IPv4, IPv6, IPv4 in IPv6)', () => {
    for (const address of ['127.0.0.1', '127.0.0.2', '::1', '::ffff:127.0.0.1']) {
      expect(metricsAccess(from(address), undefined), address).toEqual({ allowed: true });
      expect(metricsAccess(from(address), TOKEN), address).toEqual({ allowed: true });
    }
  });

  it('nobody else without METRICS_TOKEN, whatever the headers say', () => {
    const refused = { allowed: false, status: 403, message: METRICS_MESSAGES.loopbackOnly };
    for (const address of ['192.0.2.10', '::ffff:192.0.2.10', '2001:db8::1', '128.0.0.1']) {
      expect(metricsAccess(from(address), undefined), address).toEqual(refused);
    }
    expect(
      metricsAccess(
        from('192.0.2.10', { 'x-forwarded-for': '127.0.0.1', authorization: `Bearer ${TOKEN}` }),
        undefined,
      ),
    ).toEqual(refused);
  });

  it('not a request a proxy on this machine forwarded for someone else', () => {
    for (const header of ['forwarded', 'x-forwarded-for', 'x-real-ip']) {
      expect(metricsAccess(from('127.0.0.1', { [header]: '203.0.113.9' }), undefined)).toEqual({
        allowed: false,
        status: 403,
        message: METRICS_MESSAGES.loopbackOnly,
      });
    }
  });

  it('anyone with the bearer token when METRICS_TOKEN is set; 401 without it or with another', () => {
    expect(metricsAccess(from('192.0.2.10', { authorization: `Bearer ${TOKEN}` }), TOKEN)).toEqual({
      allowed: true,
    });
    expect(metricsAccess(from('192.0.2.10', { authorization: `bearer ${TOKEN}` }), TOKEN)).toEqual({
      allowed: true,
    });
    expect(metricsAccess(from('192.0.2.10'), TOKEN)).toEqual({
      allowed: false,
      status: 401,
      message: METRICS_MESSAGES.tokenRequired,
    });
    for (const wrong of [`${TOKEN}x`, TOKEN.slice(1), 'x', TOKEN.toUpperCase()]) {
      for (const address of ['192.0.2.10', '127.0.0.1']) {
        expect(
          metricsAccess(from(address, { authorization: `Bearer ${wrong}` }), TOKEN),
          `${wrong} from ${address}`,
        ).toEqual({ allowed: false, status: 401, message: METRICS_MESSAGES.wrongToken });
      }
    }
    expect(
      metricsAccess(from('192.0.2.10', { authorization: `Basic ${TOKEN}` }), TOKEN),
    ).toMatchObject({ allowed: false, status: 401 });
  });

  it('behind a proxy (TRUST_PROXY), opens to the token only: loopback alone is anyone the proxy forwards', () => {
    const behindProxy = { behindProxy: true };
    expect(metricsAccess(from('127.0.0.1'), undefined, behindProxy)).toEqual({
      allowed: false,
      status: 403,
      message: METRICS_MESSAGES.behindProxy,
    });
    expect(metricsAccess(from('127.0.0.1'), TOKEN, behindProxy)).toMatchObject({
      allowed: false,
      status: 401,
    });
    expect(
      metricsAccess(from('127.0.0.1', { authorization: `Bearer ${TOKEN}` }), TOKEN, behindProxy),
    ).toEqual({ allowed: true });
  });
});
