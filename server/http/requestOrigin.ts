import type { IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';

type Request = Pick<IncomingMessage, 'headers' | 'socket'>;

function firstHeader(value: string | string[] | undefined): string {
  return (Array.isArray(value) ? value[0] : value)?.split(',')[0]?.trim() ?? '';
}

/**
 * The site's public origin for links sent away from the site (a payment's return URL):
 * NEXT_PUBLIC_SITE_URL when the operator set it, else the origin the browser used
 * (X-Forwarded-Proto/Host behind a proxy, else Host).
 */
export function publicOrigin(req: Request, configured = process.env.NEXT_PUBLIC_SITE_URL): string {
  if (configured) return configured.replace(/\/+$/, '');
  const encrypted = Boolean((req.socket as TLSSocket).encrypted);
  const proto = firstHeader(req.headers['x-forwarded-proto']) || (encrypted ? 'https' : 'http');
  const host = firstHeader(req.headers['x-forwarded-host']) || firstHeader(req.headers.host) || 'localhost';
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

/** The buyer's IP address for the payment provider (first X-Forwarded-For entry behind a proxy). */
export function clientIp(req: Request): string {
  return firstHeader(req.headers['x-forwarded-for']) || req.socket.remoteAddress || '127.0.0.1';
}
