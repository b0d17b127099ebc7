import type { IncomingMessage } from 'node:http';
import { env, type ServerEnv } from '../env';
import type { Claimant } from '../http/workLimiter';
import { addressGroup } from './addressGroup';
import { deviceIdOf } from './deviceCookie';
import { clientIp } from './requestOrigin';

/**
 * Whom a limit counts: a signed-in reader by account (the uid of a verified token, never an id
 * the client names), an anonymous one by its signed device cookie (server/http/deviceCookie.ts),
 * and requests without a valid cookie together as their address's cookieless requests. Anonymous
 * readers are also counted under their address (as TRUST_PROXY resolves it), which counts as at
 * most ADDRESS_READERS readers, so one address cannot take everything by minting device ids.
 * An IPv6 address counts as its /64 (addressGroup.ts) in every limit and fair queue.
 */
export interface Reader {
  /** `user:<uid>`, `device:<id>` or `ip:<address>`. */
  key: string;
  kind: 'account' | 'device' | 'address';
  /** The client's address group: an IPv4 address, or an IPv6 /64 (`2001:db8:1:2::/64`). */
  address: string;
}

type ClientRequest = Pick<IncomingMessage, 'headers'> & { socket?: Pick<IncomingMessage['socket'], 'remoteAddress'> };

export function readerOf(req: ClientRequest, userId?: string | null, config: Pick<ServerEnv, 'DEVICE_COOKIE_SECRET' | 'TRUST_PROXY'> = env()): Reader {
  const address = addressGroup(clientIp(req, config.TRUST_PROXY));
  if (userId) return { key: `user:${userId}`, kind: 'account', address };
  const device = deviceIdOf(req, config.DEVICE_COOKIE_SECRET);
  return device ? { key: `device:${device}`, kind: 'device', address } : { key: `ip:${address}`, kind: 'address', address };
}

let oneOff = 0;

/**
 * The reader as the in-process fair queues count it (server/http/workLimiter.ts). A request
 * without a valid device cookie (a first visit: its cookie comes with this answer) is a reader of
 * its own there, within its address's ceiling, so a crowd of new visitors behind one address is
 * not served as one reader; the windows in PostgreSQL count such requests together by address.
 */
export function claimantOf(reader: Reader): Claimant {
  if (reader.kind === 'account') return { reader: reader.key, group: reader.key };
  const key = reader.kind === 'device' ? reader.key : `first:${reader.address}:${(oneOff = (oneOff + 1) % Number.MAX_SAFE_INTEGER)}`;
  return { reader: key, group: `ip:${reader.address}` };
}

/** The claimant of a request before its token is read (the site gate, the API admission). */
export function requestClaimant(req: ClientRequest, config?: Pick<ServerEnv, 'DEVICE_COOKIE_SECRET' | 'TRUST_PROXY'>): Claimant {
  return claimantOf(readerOf(req, null, config));
}
