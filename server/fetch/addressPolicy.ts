import { BlockList, isIP, isIPv4 } from 'node:net';

/**
 * Which resolved addresses a source fetch may connect to. Everything that is not a public
 * unicast address is refused, so a pasted link can never reach the server's own network.
 */

const blockedV4 = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network", unspecified
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  blockedV4.addSubnet(network, prefix, 'ipv4');
}

const blockedV6 = new BlockList();
for (const [network, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const) {
  blockedV6.addSubnet(network, prefix, 'ipv6');
}

const loopbackV4 = new BlockList();
loopbackV4.addSubnet('127.0.0.0', 8, 'ipv4');

/** The eight 16-bit groups of an IPv6 address, or null when it does not parse. */
export function parseIPv6Groups(address: string): number[] | null {
  let text = address.split('%')[0].toLowerCase();
  const dotted = text.match(/:(\d+\.\d+\.\d+\.\d+)$/);
  if (dotted) {
    // Rewrite a trailing dotted quad (::ffff:1.2.3.4) as two hex groups.
    if (!isIPv4(dotted[1])) return null;
    const [a, b, c, d] = dotted[1].split('.').map(Number);
    const hex = `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
    text = text.slice(0, -dotted[1].length) + hex;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const toGroups = (part: string) => (part === '' ? [] : part.split(':').map((g) => (/^[0-9a-f]{1,4}$/.test(g) ? parseInt(g, 16) : NaN)));
  const head = toGroups(halves[0]);
  let groups = head;
  if (halves.length === 2) {
    const rest = toGroups(halves[1]);
    const fill = 8 - head.length - rest.length;
    if (fill < 1) return null;
    groups = [...head, ...new Array<number>(fill).fill(0), ...rest];
  }
  if (groups.length !== 8 || groups.some((g) => Number.isNaN(g))) return null;
  return groups;
}

/** The IPv4 address carried inside an IPv6 one (mapped, compatible, NAT64, 6to4), if any. */
export function embeddedIPv4(address: string): string | null {
  const g = parseIPv6Groups(address);
  if (!g) return null;
  const quad = (hi: number, lo: number) => `${hi >> 8}.${hi & 0xff}.${lo >> 8}.${lo & 0xff}`;
  const zeros = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  if (zeros(0, 5) && g[5] === 0xffff) return quad(g[6], g[7]); // ::ffff:a.b.c.d
  if (zeros(0, 6)) return quad(g[6], g[7]); // ::a.b.c.d (deprecated compatible form)
  if (g[0] === 0x64 && g[1] === 0xff9b && zeros(2, 6)) return quad(g[6], g[7]); // NAT64
  if (g[0] === 0x2002) return quad(g[1], g[2]); // 6to4
  return null;
}

export function isLoopbackAddress(address: string): boolean {
  if (isIPv4(address)) return loopbackV4.check(address, 'ipv4');
  if (isIP(address) !== 6) return false;
  const groups = parseIPv6Groups(address);
  if (groups && groups.slice(0, 7).every((x) => x === 0) && groups[7] === 1) return true;
  const inner = embeddedIPv4(address);
  return inner !== null && loopbackV4.check(inner, 'ipv4');
}

/** True when a connection to this address must be refused. Unparseable input is refused. */
export function isBlockedAddress(address: string, options: { allowLoopback?: boolean } = {}): boolean {
  if (options.allowLoopback && isLoopbackAddress(address)) return false;
  const family = isIP(address);
  if (family === 4) return blockedV4.check(address, 'ipv4');
  if (family !== 6) return true;
  const bare = address.split('%')[0];
  const inner = embeddedIPv4(bare);
  if (inner !== null && blockedV4.check(inner, 'ipv4')) return true;
  return blockedV6.check(bare, 'ipv6');
}
