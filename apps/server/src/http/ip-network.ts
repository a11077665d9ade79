// What a person's list of sessions and a new-sign-in mail say of where a
// sign-in came from: its network, never its address. An IPv4 /24 or an IPv6
// /48 (a site's prefix) is enough to tell home from elsewhere and not enough
// to point at one household or device.
import { isIPv4, isIPv6 } from 'node:net';
import { canonicalIPv6, ipv6Groups } from './client-key.ts';

/** "203.0.113.0/24" for 203.0.113.7, "2001:db8:1::/48" for 2001:db8:1:2::9; "unknown" without an address. */
export function ipNetwork(address: string | undefined): string {
  if (!address) return 'unknown';
  // A zone (fe80::1%eth0) names the server's interface, not the client.
  const ip = address.replace(/%.*$/, '');
  if (isIPv4(ip)) return ipv4Network(ip);
  if (!isIPv6(ip)) return 'unknown';
  const groups = ipv6Groups(ip);
  // An IPv4 client seen through a dual-stack socket (::ffff:192.0.2.1) is that IPv4 client.
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    const [high = 0, low = 0] = groups.slice(6);
    return ipv4Network([high >> 8, high & 0xff, low >> 8, low & 0xff].join('.'));
  }
  return `${canonicalIPv6([...groups.slice(0, 3), 0, 0, 0, 0, 0])}/48`;
}

function ipv4Network(ip: string): string {
  const [a, b, c] = ip.split('.');
  return `${a}.${b}.${c}.0/24`;
}
