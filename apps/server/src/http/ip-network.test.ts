// The network shown for a sign-in: an IPv4 /24 or IPv6 /48, never the address.
import { randomBytes } from 'node:crypto';
import { BlockList } from 'node:net';
import { describe, expect, it } from 'vitest';
import { ipNetwork } from './ip-network.ts';

describe('ipNetwork', () => {
  it('shows an IPv4 address as its /24', () => {
    expect(ipNetwork('203.0.113.7')).toBe('203.0.113.0/24');
    expect(ipNetwork('127.0.0.1')).toBe('127.0.0.0/24');
  });

  it('shows an IPv4-mapped IPv6 address as the IPv4 /24, in either spelling', () => {
    expect(ipNetwork('::ffff:203.0.113.7')).toBe('203.0.113.0/24');
    expect(ipNetwork('::FFFF:cb00:7107')).toBe('203.0.113.0/24');
  });

  it('shows an IPv6 address as its /48 in the short form, whatever its spelling', () => {
    for (const address of [
      '2001:db8:1:2::9',
      '2001:0DB8:0001:ffff:0000:0000:0000:0001',
      '2001:db8:1::',
      '2001:db8:1:2::9%eth0',
    ]) {
      expect(ipNetwork(address), address).toBe('2001:db8:1::/48');
    }
    expect(ipNetwork('::1')).toBe('::/48');
    expect(ipNetwork('2a00:1450:4001:82f::200e')).toBe('2a00:1450:4001::/48');
  });

  it('answers a network that holds the address and leaves its host part out', () => {
    for (let i = 0; i < 50; i++) {
      const groups = randomBytes(16).toString('hex').match(/.{4}/g)!;
      const address = groups.join(':');
      const network = ipNetwork(address);
      const [base = '', length] = network.split('/');
      expect(length).toBe('48');
      const range = new BlockList();
      range.addSubnet(base, 48, 'ipv6');
      expect(range.check(address, 'ipv6'), `${address} in ${network}`).toBe(true);
      // Any other host of the same /48 shows the same network: nothing of the host is in it.
      const neighbour = [...groups.slice(0, 3), ...randomBytes(10).toString('hex').match(/.{4}/g)!];
      expect(ipNetwork(neighbour.join(':'))).toBe(network);
    }
    expect(ipNetwork('198.51.100.200')).toBe(ipNetwork('198.51.100.1'));
  });

  it('answers "unknown" for no address or something that is not one', () => {
    expect(ipNetwork(undefined)).toBe('unknown');
    expect(ipNetwork('')).toBe('unknown');
    expect(ipNetwork('not-an-ip')).toBe('unknown');
  });
});
