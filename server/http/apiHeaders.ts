import type { IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';
import { HSTS, PERMISSIONS_POLICY } from './securityHeaders';

/**
 * The security headers of every API answer. Pages get theirs, with the site's full
 * Content-Security-Policy, from the proxy (proxy.ts); API routes are left out of the proxy, which
 * costs about as much per request as a whole simple API answer, and set these fixed ones here.
 * JSON and audio run no script and belong in no frame.
 */
const API_HEADERS: [string, string][] = [
  ['Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'"],
  ['X-Content-Type-Options', 'nosniff'],
  ['Permissions-Policy', PERMISSIONS_POLICY],
];

/** HTTPS reached directly, or through a proxy that said so. */
function overHttps(req: Pick<IncomingMessage, 'headers' | 'socket'>): boolean {
  return Boolean((req.socket as TLSSocket | undefined)?.encrypted) || req.headers['x-forwarded-proto'] === 'https';
}

export function setApiHeaders(req: Pick<IncomingMessage, 'headers' | 'socket'>, res: { setHeader(name: string, value: string): unknown }): void {
  for (const [name, value] of API_HEADERS) res.setHeader(name, value);
  if (overHttps(req)) res.setHeader('Strict-Transport-Security', HSTS);
}
