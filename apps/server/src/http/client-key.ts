// What every per-IP limit counts a request's address as. An IPv6 host is
// handed a whole /64 (its privacy addresses rotate inside it, and it may take
// any of 2^64 at will), so a counter per IPv6 address would never fill: the
// /64 is the client. An IPv4 client seen through a dual-stack socket arrives
// as an IPv4-mapped IPv6 address (::ffff:192.0.2.1) and counts as that IPv4.
import { isIPv4, isIPv6 } from 'node:net';

/** The key an address is counted under: IPv4 as it is, IPv6 as its /64 (`2001:db8:1:2::/64`). */
export function clientKey(address: string | undefined): string {
  if (!address) return 'unknown';
  if (isIPv4(address)) return address;
  // A zone (fe80::1%eth0) names the server's interface, not the client.
  const ip = address.replace(/%.*$/, '');
  if (!isIPv6(ip)) return address;
  const groups = ipv6Groups(ip);
  const mapped = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
  if (mapped) {
    const [high = 0, low = 0] = groups.slice(6);
    return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
  }
  return `${canonicalIPv6([...groups.slice(0, 4), 0, 0, 0, 0])}/64`;
}

/**
 * The eight 16-bit groups of an IPv6 address. The WHATWG URL parser checks
 * it and writes it in one form first (lower case, a dotted IPv4 tail as two
 * groups), so only the `::` is left to expand.
 */
export function ipv6Groups(ip: string): number[] {
  const written = new URL(`http://[${ip}]/`).hostname.slice(1, -1);
  const [head = '', tail] = written.split('::');
  const part = (text: string) => (text ? text.split(':').map((group) => parseInt(group, 16)) : []);
  const before = part(head);
  const after = tail === undefined ? [] : part(tail);
  return [...before, ...Array<number>(8 - before.length - after.length).fill(0), ...after];
}

/** RFC 5952's form (the longest run of zero groups as `::`), as the URL parser writes it. */
export function canonicalIPv6(groups: number[]): string {
  return new URL(`http://[${groups.map((group) => group.toString(16)).join(':')}]/`).hostname.slice(
    1,
    -1,
  );
}
