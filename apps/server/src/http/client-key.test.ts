// The key per-IP limits count an address under: every address of one IPv6 /64
// is one client, an IPv4 client is the same whichever way its socket shows it.
import { randomBytes } from 'node:crypto';
import { BlockList } from 'node:net';
import { describe, expect, it } from 'vitest';
import { clientKey } from './client-key.ts';

/** A random address inside the /64 of `prefix` (its first four groups). */
function addressIn(prefix: string): string {
  const host = randomBytes(8).toString('hex').match(/.{4}/g)!;
  return `${prefix}:${host.join(':')}`;
}

describe('clientKey', () => {
  it('keeps an IPv4 address as it is', () => {
    expect(clientKey('192.0.2.7')).toBe('192.0.2.7');
    expect(clientKey('127.0.0.1')).toBe('127.0.0.1');
  });

  it('counts an IPv4-mapped IPv6 address as its IPv4 address, in either spelling', () => {
    expect(clientKey('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(clientKey('::FFFF:c000:0207')).toBe('192.0.2.7');
    expect(clientKey('0:0:0:0:0:ffff:192.0.2.7')).toBe('192.0.2.7');
  });

  it('counts every address of one /64 under the same key, whatever its spelling', () => {
    const key = '2001:db8:1:2::/64';
    for (const address of [
      '2001:db8:1:2::1',
      '2001:0DB8:0001:0002:0000:0000:0000:0001',
      '2001:db8:1:2:ffff:ffff:ffff:ffff',
      '2001:db8:1:2:a:b:c:d',
      '2001:db8:1:2::192.0.2.1',
      '2001:db8:1:2::9%eth0',
    ]) {
      expect(clientKey(address), address).toBe(key);
    }
  });

  it('keys random addresses of a /64 to a prefix that Node’s BlockList says holds them', () => {
    for (const prefix of ['2001:db8:aa:bb', '2a00:1450:4001:82f', 'fd00:0:0:1', '2001:db8:0:0']) {
      const keys = new Set<string>();
      for (let i = 0; i < 50; i++) {
        const address = addressIn(prefix);
        const key = clientKey(address);
        keys.add(key);
        const [network = '', length] = key.split('/');
        expect(length).toBe('64');
        const range = new BlockList();
        range.addSubnet(network, 64, 'ipv6');
        expect(range.check(address, 'ipv6'), `${address} in ${key}`).toBe(true);
      }
      expect(keys.size, prefix).toBe(1);
    }
  });

  it('tells neighbouring /64s apart, and writes the prefix in its short form', () => {
    expect(clientKey('2001:db8:1:2::1')).not.toBe(clientKey('2001:db8:1:3::1'));
    expect(clientKey('2001:db8:0:0:1::1')).toBe('2001:db8::/64');
    expect(clientKey('::1')).toBe('::/64');
    expect(clientKey('fe80::1%eth0')).toBe('fe80::/64');
  });

  it('answers something countable when there is no address (a socket already gone)', () => {
    expect(clientKey(undefined)).toBe('unknown');
    expect(clientKey('')).toBe('unknown');
  });
});
