import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { cookieValue } from '@/lib/cookieHeader';

/**
 * The device cookie: a random id the server gives a browser on its first page or API answer,
 * signed with DEVICE_COOKIE_SECRET (HMAC-SHA256), HttpOnly, SameSite=Lax, Secure on a public
 * site. Anonymous readers are counted by it (server/http/reader.ts), so readers behind one
 * address (a carrier's NAT) each get a share; a cookie whose signature does not match is ignored.
 */
export const DEVICE_COOKIE = 'ta_device';

/** A year: the id only names a browser for fairness, it grants nothing. */
const MAX_AGE_S = 365 * 24 * 3600;
const ID_PATTERN = /^[A-Za-z0-9_-]{16}$/;
const SIGNATURE_LENGTH = 22;

function signatureOf(id: string, secret: string): string {
  return createHmac('sha256', secret).update(`device:${id}`).digest('base64url').slice(0, SIGNATURE_LENGTH);
}

/** The cookie's value for a device id. */
export function signDeviceId(id: string, secret: string): string {
  return `${id}.${signatureOf(id, secret)}`;
}

/** The device id a cookie value names, or null when it is malformed or not signed with `secret`. */
export function verifyDeviceCookie(value: string | undefined, secret: string): string | null {
  if (!value) return null;
  const [id, signature, extra] = value.split('.');
  if (extra !== undefined || !id || !signature || !ID_PATTERN.test(id) || signature.length !== SIGNATURE_LENGTH) return null;
  const expected = Buffer.from(signatureOf(id, secret));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
}

/** A new random device id (96 bits). */
export function newDeviceId(): string {
  return randomBytes(12).toString('base64url');
}

/** Cookies are Secure on a public site (production outside demo mode, which serves loopback over http). */
export function secureCookies(config: { NODE_ENV: string; demoMode: boolean }): boolean {
  return config.NODE_ENV === 'production' && !config.demoMode;
}

export function deviceCookieHeader(value: string, secure: boolean): string {
  return `${DEVICE_COOKIE}=${value}; Path=/; Max-Age=${MAX_AGE_S}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** The verified device id of a request, or null. */
export function deviceIdOf(req: Pick<IncomingMessage, 'headers'>, secret: string): string | null {
  return verifyDeviceCookie(cookieValue(req.headers.cookie, DEVICE_COOKIE), secret);
}

/** Build assets and files (icons, the manifest, the service worker) get no cookie: caches keep them. */
function namesAFile(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  return path.startsWith('/_next/static/') || path.startsWith('/_next/image') || /\/[^/]+\.[A-Za-z0-9]{1,8}$/.test(path);
}

const GIVEN = Symbol.for('truyen-audio.deviceCookieGiven');

/**
 * Gives a device cookie to a page or API request that has no valid one (once per response). The
 * request itself is still counted as its address's cookieless requests; the id counts from the
 * browser's next request.
 */
export function giveDeviceCookie(req: Pick<IncomingMessage, 'headers' | 'url'>, res: ServerResponse, secret: string, secure: boolean): void {
  const marked = res as ServerResponse & { [GIVEN]?: boolean };
  if (marked[GIVEN] || res.headersSent || namesAFile(req.url ?? '/') || deviceIdOf(req, secret)) return;
  marked[GIVEN] = true;
  res.appendHeader('Set-Cookie', deviceCookieHeader(signDeviceId(newDeviceId(), secret), secure));
}

/** Whether a Set-Cookie line is the device cookie (a shared page copy leaves it out). */
export function isDeviceCookie(setCookie: string): boolean {
  return setCookie.trimStart().startsWith(`${DEVICE_COOKIE}=`);
}
