import type { LookupAddress } from 'node:dns';
import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { EgressRefused } from '../../ports/egress';

/**
 * Ranges a caller-supplied URL must not reach: the service's own network, its cloud metadata endpoint, anything
 * not routed on the public internet (RFC 6890 special-purpose registries, RFC 6598 CGNAT).
 */
const NON_PUBLIC = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], // "this network", unspecified
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // CGNAT (RFC 6598)
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata (169.254.169.254)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  NON_PUBLIC.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 96], // unspecified, loopback, deprecated IPv4-compatible
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const) {
  NON_PUBLIC.addSubnet(net, prefix, 'ipv6');
}

/**
 * Whether an IP address (v4 or v6 text) is routable on the public internet. IPv6 forms that carry an IPv4 address
 * (mapped `::ffff:a.b.c.d`, translated `::ffff:0:a.b.c.d`, NAT64 `64:ff9b::/96`, 6to4 `2002::/16`) are judged by
 * that address. Anything that is not an IP address is not public.
 */
export function isPublicAddress(ip: string): boolean {
  const family = isIP(ip);
  if (family === 4) return !NON_PUBLIC.check(ip, 'ipv4');
  if (family !== 6) return false;
  const groups = ipv6Groups(ip);
  if (!groups) return false;
  const embedded = embeddedIpv4(groups);
  if (embedded) return isPublicAddress(embedded);
  return !NON_PUBLIC.check(groups.map((g) => g.toString(16)).join(':'), 'ipv6');
}

/** The eight 16-bit groups of an IPv6 address; the URL parser validates it and turns dotted tails into hex. */
function ipv6Groups(ip: string): number[] | null {
  let host: string;
  try {
    host = new URL(`http://[${ip.split('%')[0]}]/`).hostname.slice(1, -1);
  } catch {
    return null;
  }
  const [head = '', tail] = host.split('::');
  const parse = (s: string | undefined) => (s ? s.split(':').map((g) => Number.parseInt(g, 16)) : []);
  const h = parse(head);
  const t = parse(tail);
  return [...h, ...new Array<number>(8 - h.length - t.length).fill(0), ...t];
}

function embeddedIpv4(g: number[]): string | null {
  const zeros = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  const dotted = (hi: number, lo: number) => `${hi >> 8}.${hi & 0xff}.${lo >> 8}.${lo & 0xff}`;
  if (zeros(0, 5) && g[5] === 0xffff) return dotted(g[6]!, g[7]!); // ::ffff:a.b.c.d
  if (zeros(0, 4) && g[4] === 0xffff && g[5] === 0) return dotted(g[6]!, g[7]!); // ::ffff:0:a.b.c.d
  if (g[0] === 0x64 && g[1] === 0xff9b && zeros(2, 6)) return dotted(g[6]!, g[7]!); // NAT64
  if (g[0] === 0x2002) return dotted(g[1]!, g[2]!); // 6to4
  return null;
}

/** The host of a URL as a resolver takes it: IPv6 literals without their brackets. */
export function bareHost(hostname: string): string {
  return hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
}

/**
 * Whether the allow list (`HDS_EGRESS_ALLOW_HOSTS`, formerly `HDS_MCP_ALLOW_HOSTS`) lets this URL reach a non-public
 * address. An entry is a host name or IP (any port)
 * or `host:port`; IPv6 entries may be bracketed (`[::1]:8931`).
 */
export function isAllowedHost(url: URL, allow: readonly string[]): boolean {
  const host = bareHost(url.hostname).toLowerCase();
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  return allow.some((entry) => {
    const e = entry.trim().toLowerCase();
    const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(e);
    if (bracketed) return bracketed[1] === host && (!bracketed[2] || bracketed[2] === port);
    const colons = e.split(':').length - 1;
    if (colons === 1) return e === `${host}:${port}`;
    return e === host;
  });
}

/**
 * The refusal remote MCP servers have always answered with (its text is part of the 400 a caller sees); an
 * `EgressRefused` so a caller of the egress port reads it like any other refusal.
 */
export class NonPublicAddressError extends EgressRefused {
  constructor() {
    super('non_public_address', 'mcp server host resolves to a non-public address');
    this.name = 'NonPublicAddressError';
  }
}

export type Resolver = (host: string) => Promise<LookupAddress[]>;

/** Every address of a name, in the resolver's order (`verbatim`), so each one can be checked. */
export const systemResolver: Resolver = (host) => dnsLookup(host, { all: true, verbatim: true });

/**
 * The addresses a server URL's host resolves to, refused with `NonPublicAddressError` if ANY of them is not public
 * (a name with one public and one private record would otherwise be a coin toss), unless the host is allow-listed.
 * A literal IP host is its own address.
 */
export async function resolvePublicAddresses(
  url: URL,
  allow: readonly string[],
  resolve: Resolver = systemResolver,
): Promise<LookupAddress[]> {
  const host = bareHost(url.hostname);
  const family = isIP(host);
  const addresses = family ? [{ address: host, family }] : await resolve(host);
  if (addresses.length === 0) throw Object.assign(new Error(`no address for ${host}`), { code: 'ENOTFOUND' });
  if (!isAllowedHost(url, allow) && addresses.some((a) => !isPublicAddress(a.address))) {
    throw new NonPublicAddressError();
  }
  return addresses;
}
