import { BlockList, isIP } from 'node:net';

/**
 * Which peers may tell us the client's address in X-Forwarded-For (TRUST_PROXY):
 * - none (unset, `0` or `false`): the header is ignored; the client is the connecting address;
 * - a number of hops N: the last N entries of the chain (the socket first) are our own proxies;
 * - a comma-separated list of addresses or CIDR ranges (`loopback` and `private` name the usual
 *   ones): the chain is walked from the socket while the address is one of them.
 */
export type TrustProxy = { kind: 'none' } | { kind: 'hops'; hops: number } | { kind: 'cidrs'; list: BlockList; text: string };

const NAMED_RANGES: Record<string, string[]> = {
  loopback: ['127.0.0.0/8', '::1/128'],
  private: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

/** `::ffff:1.2.3.4` → `1.2.3.4`; brackets and zone ids dropped. */
export function normalizeAddress(address: string): string {
  const trimmed = address.trim().replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(trimmed);
  return (mapped ? mapped[1] : trimmed).toLowerCase();
}

function addRange(list: BlockList, range: string): boolean {
  const [address, prefixText] = range.split('/');
  const normalized = normalizeAddress(address ?? '');
  const family = isIP(normalized);
  if (family === 0) return false;
  const type = family === 4 ? 'ipv4' : 'ipv6';
  if (prefixText === undefined) {
    list.addAddress(normalized, type);
    return true;
  }
  if (!/^\d{1,3}$/.test(prefixText)) return false;
  const prefix = Number(prefixText);
  if (prefix > (family === 4 ? 32 : 128)) return false;
  list.addSubnet(normalized, prefix, type);
  return true;
}

/** Parses TRUST_PROXY; throws with a message for the configuration error. */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = (value ?? '').trim().toLowerCase();
  if (text === '' || text === '0' || text === 'false') return { kind: 'none' };
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops > 10) throw new Error('must be a number of hops from 0 to 10, or a list of addresses/CIDR ranges');
    return { kind: 'hops', hops };
  }
  const list = new BlockList();
  for (const entry of text.split(',').map((part) => part.trim()).filter(Boolean)) {
    const ranges = NAMED_RANGES[entry] ?? [entry];
    for (const range of ranges) {
      if (!addRange(list, range)) throw new Error(`"${entry}" is not an address, a CIDR range, loopback or private`);
    }
  }
  return { kind: 'cidrs', list, text };
}

function isTrusted(trust: TrustProxy & { kind: 'cidrs' }, address: string): boolean {
  const family = isIP(address);
  return family !== 0 && trust.list.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/**
 * The client's address from the connecting address and the X-Forwarded-For chain, believing the
 * chain only as far as TRUST_PROXY says.
 */
export function resolveClientAddress(socketAddress: string | undefined, forwardedFor: string | undefined, trust: TrustProxy): string {
  const peer = normalizeAddress(socketAddress ?? '') || 'unknown';
  if (trust.kind === 'none' || !forwardedFor) return peer;
  const forwarded = forwardedFor
    .split(',')
    .map((entry) => normalizeAddress(entry))
    .filter((entry) => isIP(entry) !== 0);
  // Nearest first: the socket, then the chain from its right end.
  const chain = [peer, ...forwarded.reverse()];
  if (trust.kind === 'hops') return chain[Math.min(trust.hops, chain.length - 1)];
  for (let i = 0; i < chain.length - 1; i += 1) {
    if (!isTrusted(trust, chain[i])) return chain[i];
  }
  return chain[chain.length - 1];
}

/** True when the request came through a proxy we trust (so its X-Forwarded-* describe the client). */
export function peerIsTrustedProxy(socketAddress: string | undefined, trust: TrustProxy): boolean {
  if (trust.kind === 'none') return false;
  if (trust.kind === 'hops') return trust.hops > 0;
  return isTrusted(trust, normalizeAddress(socketAddress ?? ''));
}
