import { Cookie, CookieJar as ToughCookieJar } from 'tough-cookie';

/**
 * Cookies of source sites, kept the way a browser keeps them for one visitor: a jar per host
 * (RFC 6265 by npm "tough-cookie": host-only and domain cookies checked against the public
 * suffix list, paths, Max-Age and Expires read with the RFC's date algorithm, Secure). Sites
 * such as ixdzs8 set a cookie once a challenge is solved and expect it back on every later request.
 */
export interface CookieJar {
  /** Stores the Set-Cookie headers of an answer from `url`; a cookie the RFC refuses is dropped. */
  store(url: URL, setCookies: readonly string[]): void;
  /** The Cookie header to send to `url`, or '' when none applies. */
  header(url: URL): string;
  size(): number;
}

/** Parses one Set-Cookie line (RFC 6265 section 5.2), or undefined when it is not a cookie. */
export function parseSetCookie(line: string): Cookie | undefined {
  return Cookie.parse(line) ?? undefined;
}

/**
 * A jar on `now`'s clock: cookies are stamped with it when stored and expire by it when read, so
 * tests can move time. The library's own expiry (on the system clock) is left to this filter.
 * A jar lives as long as a site session (createCookieJars), and a cookie stored again replaces
 * the one of the same name, domain and path, so expired ones do not pile up.
 */
export function createCookieJar(now: () => number = Date.now): CookieJar {
  const jar = new ToughCookieJar(undefined, { rejectPublicSuffixes: true });
  const live = (cookies: Cookie[]) => {
    const at = now();
    return cookies.filter((cookie) => {
      const expires = cookie.expiryTime();
      return expires === undefined || expires > at;
    });
  };
  return {
    store(url, setCookies) {
      for (const line of setCookies) {
        const cookie = parseSetCookie(line);
        if (!cookie) continue;
        // Max-Age counts from receipt (RFC 6265 5.2.2); the library counts it from the last use.
        if (typeof cookie.maxAge === 'number') {
          cookie.expires = new Date(cookie.maxAge <= 0 ? 0 : now() + cookie.maxAge * 1000);
          cookie.maxAge = null;
        }
        jar.setCookieSync(cookie, url.href, { now: new Date(now()), ignoreError: true });
      }
    },
    header(url) {
      return live(jar.getCookiesSync(url.href, { expire: false, sort: true }))
        .map((cookie) => cookie.cookieString())
        .join('; ');
    },
    size: () => live(jar.serializeSync()?.cookies.map((stored) => Cookie.fromJSON(stored)).filter((c): c is Cookie => c !== null) ?? []).length,
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
