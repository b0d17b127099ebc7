import ipaddr from 'ipaddr.js';

/**
 * The network a per-address limit counts a client under: an IPv4 address as itself (an
 * IPv4-mapped IPv6 address as its IPv4 form), an IPv6 address as its /64, the smallest network
 * handed to one subscriber, so a client cannot escape a limit by changing address within it.
 * Anything that does not parse (it cannot come from a socket) is kept as it is.
 */
export function addressGroup(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  return `${ipaddr.IPv6.networkAddressFromCIDR(`${parsed.toString()}/64`).toString()}/64`;
}
