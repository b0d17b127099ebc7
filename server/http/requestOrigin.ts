import type { IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';
import { env } from '../env';
import { peerIsTrustedProxy, resolveClientAddress, type TrustProxy } from '../config/trustProxy';

type Request = Pick<IncomingMessage, 'headers' | 'socket'>;

function firstHeader(value: string | string[] | undefined): string {
  return (Array.isArray(value) ? value[0] : value)?.split(',')[0]?.trim() ?? '';
}

function allHeader(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(',') : value;
}

/**
 * The site's public origin for links sent away from the site (a payment's return URL):
 * NEXT_PUBLIC_SITE_URL when the operator set it (required in production), else the origin the
 * browser used: X-Forwarded-Proto/Host only from a trusted proxy (TRUST_PROXY), else Host.
 */
export function publicOrigin(req: Request, config = env()): string {
  if (config.siteUrlConfigured) return config.SITE_URL;
  const encrypted = Boolean((req.socket as TLSSocket).encrypted);
  const proxied = peerIsTrustedProxy(req.socket.remoteAddress, config.TRUST_PROXY);
  const proto = (proxied && firstHeader(req.headers['x-forwarded-proto'])) || (encrypted ? 'https' : 'http');
  const host = (proxied && firstHeader(req.headers['x-forwarded-host'])) || firstHeader(req.headers.host) || 'localhost';
  return `${proto === 'https' ? 'https' : 'http'}://${host}`;
}

/**
 * The address this server accepted the request on, as an origin: the way for the server to call
 * one of its own routes. Taken from the socket, never from a header, so a forged Host cannot aim
 * the call at another machine.
 */
export function selfOrigin(req: Request): string {
  const address = (req.socket.localAddress ?? '127.0.0.1').replace(/^::ffff:/i, '');
  const host = address.includes(':') ? `[${address}]` : address;
  const scheme = (req.socket as TLSSocket).encrypted ? 'https' : 'http';
  return `${scheme}://${host}:${req.socket.localPort ?? 80}`;
}

/**
 * The client's IP address: the connecting address, or the X-Forwarded-For entry that TRUST_PROXY
 * says our own proxies vouch for. Rate limits and the payment provider use it.
 */
export function clientIp(req: Pick<IncomingMessage, 'headers'> & { socket?: Pick<IncomingMessage['socket'], 'remoteAddress'> }, trust: TrustProxy = env().TRUST_PROXY): string {
  return resolveClientAddress(req.socket?.remoteAddress, allHeader(req.headers['x-forwarded-for']), trust);
}
