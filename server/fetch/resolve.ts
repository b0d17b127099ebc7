import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { isBlockedAddress } from './addressPolicy';
import { FetchError } from './errors';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Resolves a host name to every address it has; injectable so tests need no DNS. */
export type HostLookup = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemLookup: HostLookup = async (hostname) => {
  const answers = await lookup(hostname, { all: true, verbatim: true });
  return answers.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
};

/**
 * Resolves `hostname` and refuses it when any of its addresses is not public: a host with one
 * public and one private address could otherwise be steered to the private one.
 */
export async function resolveVetted(
  hostname: string,
  options: { lookup: HostLookup; allowLoopback: boolean },
): Promise<ResolvedAddress> {
  const literal = isIP(hostname);
  let addresses: ResolvedAddress[];
  if (literal) {
    addresses = [{ address: hostname, family: literal === 6 ? 6 : 4 }];
  } else {
    try {
      addresses = await options.lookup(hostname);
    } catch (cause) {
      throw new FetchError('DNS_FAILED', `cannot resolve ${hostname}`, { cause });
    }
  }
  if (addresses.length === 0) throw new FetchError('DNS_FAILED', `no address for ${hostname}`);
  const blocked = addresses.find((a) => isBlockedAddress(a.address, { allowLoopback: options.allowLoopback }));
  if (blocked) throw new FetchError('BLOCKED_ADDRESS', `${hostname} resolves to ${blocked.address}`);
  return addresses[0];
}
