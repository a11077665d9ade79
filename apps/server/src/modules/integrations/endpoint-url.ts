// A sponsor's webhook endpoint is a URL the server will POST to on its own
// initiative, so it must not become a way to reach what only the server can
// reach (loopback, the private network, the cloud's metadata service). This
// file judges what the URL says; a host name is judged again by the address it
// resolves to when delivering (webhook-sender.ts), since DNS may answer
// differently then.
import ipaddr from 'ipaddr.js';
import { isIP } from 'node:net';
import { INTEGRATION_MESSAGES } from '@gets/schema';
import { AppError } from '../../http/errors.ts';

export interface NetworkPolicy {
  /** Development and tests deliver to local servers, over plain http. */
  allowPrivateNetworks: boolean;
}

/** The parsed URL when a sponsor may register it; an AppError(400) saying why not otherwise. */
export function checkEndpointUrl(raw: string, policy: NetworkPolicy): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new AppError(400, INTEGRATION_MESSAGES.urlInvalid);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new AppError(400, INTEGRATION_MESSAGES.urlNotHttps);
  }
  if (url.username !== '' || url.password !== '') {
    throw new AppError(400, INTEGRATION_MESSAGES.urlCredentials);
  }
  // Judged before the scheme: "must be public" is the useful answer for
  // http://169.254.169.254/, not "must be https".
  if (!policy.allowPrivateNetworks && !isPublicHost(url.hostname)) {
    throw new AppError(400, INTEGRATION_MESSAGES.urlPrivate);
  }
  if (url.protocol === 'http:' && !policy.allowPrivateNetworks) {
    throw new AppError(400, INTEGRATION_MESSAGES.urlNotHttps);
  }
  return url;
}

/** The host as net.connect takes it: an IPv6 literal without its URL brackets. */
export function hostForConnect(url: URL): string {
  return url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
}

/**
 * WHATWG URL has already rewritten every spelling of an IPv4 address
 * (2130706433, 0x7f.1, 127.1) as dotted decimal, so an IP literal is
 * recognised here whatever way it was typed.
 */
function isPublicHost(hostname: string): boolean {
  const host = hostname.startsWith('[') ? hostname.slice(1, -1) : hostname;
  if (isIP(host) !== 0) return isPublicAddress(host);
  // A trailing dot names the same host; *.localhost resolves to loopback by
  // RFC 6761 on many systems without asking DNS.
  const name = host.replace(/\.$/, '').toLowerCase();
  return name !== 'localhost' && !name.endsWith('.localhost');
}

const IPV4_COMPATIBLE = ipaddr.IPv6.parseCIDR('::/96');
const NAT64_WELL_KNOWN = ipaddr.IPv6.parseCIDR('64:ff9b::/96');

/**
 * Whether the server may connect to this address on a sponsor's behalf: only
 * ipaddr's `unicast` range counts, which leaves out loopback, private,
 * link-local (169.254.169.254 among them), unique local (fd00:ec2::254),
 * carrier-grade NAT, multicast, reserved and documentation ranges.
 */
export function isPublicAddress(ip: string): boolean {
  if (!ipaddr.isValid(ip)) return false;
  // process() turns ::ffff:127.0.0.1 into 127.0.0.1, which the kernel dials.
  const address = ipaddr.process(ip);
  if (address.kind() === 'ipv4') return address.range() === 'unicast';
  const v6 = address as ipaddr.IPv6;
  const embedded = embeddedIPv4(v6);
  if (embedded) return embedded.range() === 'unicast';
  // Teredo, local-use NAT64 and the other translation ranges are not
  // `unicast` either: refused whole, as no real endpoint lives there.
  return v6.range() === 'unicast';
}

/**
 * The IPv4 address that 6to4 (2002:AABB:CCDD::), well-known-prefix NAT64
 * (64:ff9b::AABB:CCDD) and deprecated IPv4-compatible (::AABB:CCDD) addresses
 * carry and may end up reaching. NAT64 is judged by it rather than refused,
 * because a server on an IPv6-only network with DNS64 sees every IPv4-only
 * endpoint under that prefix. IPv4-compatible ones are judged so because
 * ipaddr already reads the way Node prints them, ::a.b.c.d, as IPv4-mapped;
 * :: and ::1 fall in 0.0.0.0/8 and stay refused.
 */
function embeddedIPv4(address: ipaddr.IPv6): ipaddr.IPv4 | null {
  const [, high = 0, low = 0, , , , last = 0, lowest = 0] = address.parts;
  if (address.range() === '6to4') return ipv4FromWords(high, low);
  if (address.match(NAT64_WELL_KNOWN) || address.match(IPV4_COMPATIBLE)) {
    return ipv4FromWords(last, lowest);
  }
  return null;
}

function ipv4FromWords(high: number, low: number): ipaddr.IPv4 {
  return new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
}
