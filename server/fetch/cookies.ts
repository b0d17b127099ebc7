/**
 * Cookies of source sites, kept the way a browser keeps them for one visitor: a jar per host,
 * host-only or domain cookies, paths, Max-Age/Expires. Sites such as ixdzs8 set a cookie once a
 * challenge is solved and expect it back on every later request.
 */
interface StoredCookie {
  name: string;
  value: string;
  /** Lower case, without a leading dot. */
  domain: string;
  hostOnly: boolean;
  path: string;
  secure: boolean;
  /** Epoch ms; undefined for a session cookie. */
  expiresAt?: number;
}

export interface CookieJar {
  /** Stores the Set-Cookie headers of an answer from `url`. */
  store(url: URL, setCookies: readonly string[]): void;
  /** The Cookie header to send to `url`, or '' when none applies. */
  header(url: URL): string;
  size(): number;
}

function defaultPath(url: URL): string {
  const path = url.pathname;
  if (!path.startsWith('/') || path === '/') return '/';
  const last = path.lastIndexOf('/');
  return last <= 0 ? '/' : path.slice(0, last);
}

function domainMatches(host: string, domain: string): boolean {
  return host === domain || (host.endsWith(`.${domain}`) && !/^[\d.]+$/.test(host));
}

function pathMatches(requestPath: string, cookiePath: string): boolean {
  if (requestPath === cookiePath) return true;
  if (!requestPath.startsWith(cookiePath)) return false;
  return cookiePath.endsWith('/') || requestPath[cookiePath.length] === '/';
}

function parseSetCookie(line: string, url: URL, now: number): StoredCookie | null {
  const [pair, ...attributes] = line.split(';');
  const eq = pair.indexOf('=');
  if (eq <= 0) return null;
  const name = pair.slice(0, eq).trim();
  const value = pair.slice(eq + 1).trim();
  if (!name) return null;
  const host = url.hostname.toLowerCase();
  const cookie: StoredCookie = { name, value, domain: host, hostOnly: true, path: defaultPath(url), secure: false };
  let maxAge: number | undefined;
  for (const attribute of attributes) {
    const [rawKey, ...rest] = attribute.split('=');
    const key = rawKey.trim().toLowerCase();
    const attrValue = rest.join('=').trim();
    if (key === 'domain' && attrValue) {
      const domain = attrValue.replace(/^\./, '').toLowerCase();
      // A cookie for another site, or for a bare suffix such as "com", is refused as browsers do.
      if (!domain.includes('.') || !domainMatches(host, domain)) return null;
      cookie.domain = domain;
      cookie.hostOnly = false;
    } else if (key === 'path' && attrValue.startsWith('/')) {
      cookie.path = attrValue;
    } else if (key === 'secure') {
      cookie.secure = true;
    } else if (key === 'max-age' && /^-?\d+$/.test(attrValue)) {
      maxAge = Number(attrValue);
    } else if (key === 'expires') {
      const at = Date.parse(attrValue);
      if (!Number.isNaN(at)) cookie.expiresAt = at;
    }
  }
  if (maxAge !== undefined) cookie.expiresAt = now + maxAge * 1000;
  return cookie;
}

export function createCookieJar(now: () => number = Date.now): CookieJar {
  const cookies = new Map<string, StoredCookie>();
  const keyOf = (c: StoredCookie) => `${c.domain};${c.path};${c.name}`;
  const live = () => {
    const at = now();
    for (const [key, cookie] of cookies) if (cookie.expiresAt !== undefined && cookie.expiresAt <= at) cookies.delete(key);
    return [...cookies.values()];
  };
  return {
    store(url, setCookies) {
      for (const line of setCookies) {
        const cookie = parseSetCookie(line, url, now());
        if (!cookie) continue;
        if (cookie.expiresAt !== undefined && cookie.expiresAt <= now()) cookies.delete(keyOf(cookie));
        else cookies.set(keyOf(cookie), cookie);
      }
    },
    header(url) {
      const host = url.hostname.toLowerCase();
      return live()
        .filter((c) => (c.hostOnly ? c.domain === host : domainMatches(host, c.domain)))
        .filter((c) => pathMatches(url.pathname || '/', c.path) && (!c.secure || url.protocol === 'https:'))
        .sort((a, b) => b.path.length - a.path.length)
        .map((c) => `${c.name}=${c.value}`)
        .join('; ');
    },
    size: () => live().length,
  };
}

/** One jar per host, dropped after `idleMs` without use: a site session ends like a browser tab's. */
export interface CookieJars {
  forHost(host: string): CookieJar;
}

export const COOKIE_SESSION_IDLE_MS = 30 * 60_000;

export function createCookieJars(options: { idleMs?: number; now?: () => number } = {}): CookieJars {
  const now = options.now ?? Date.now;
  const idleMs = options.idleMs ?? COOKIE_SESSION_IDLE_MS;
  const jars = new Map<string, { jar: CookieJar; usedAt: number }>();
  return {
    forHost(host) {
      const at = now();
      for (const [key, entry] of jars) if (at - entry.usedAt > idleMs) jars.delete(key);
      const key = host.toLowerCase();
      const entry = jars.get(key) ?? { jar: createCookieJar(now), usedAt: at };
      entry.usedAt = at;
      jars.set(key, entry);
      return entry.jar;
    },
  };
}
