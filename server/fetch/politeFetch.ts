import { logger } from '@/server/logger';
import { isCloudflareChallenge } from './blocks';
import type { FetchCache } from './cache';
import type { HttpClient } from './clients/types';
import type { CookieJars } from './cookies';
import { decodeBody } from './decode';
import { FetchError, isTransientFetchError } from './errors';
import { fetchEvent } from './fetchEvents';
import type { HostGate } from './politeness';
import { safeFetch, type SafeFetchOptions, type SafeFetchResult } from './safeFetch';

/** What a page is for; decides how long a cached copy stays good. */
export type FetchPurpose = 'book' | 'toc' | 'chapter';

const MINUTE_MS = 60_000;

/** A chapter's text rarely changes; a book page and its table of contents change with every update. */
export const CACHE_TTL_MS: Readonly<Record<FetchPurpose, number>> = {
  book: 10 * MINUTE_MS,
  toc: 10 * MINUTE_MS,
  chapter: 30 * 24 * 60 * MINUTE_MS,
};

/** What a fetched page turned out to be, as its site's adapter sees it. */
export type PageVerdict =
  | { kind: 'page' }
  /** A check the site lets scripts pass: fetch `solveUrl` (keeping the cookies), then ask again. */
  | { kind: 'challenge'; solveUrl: string }
  /** A wall that only a real browser (or time) gets through. */
  | { kind: 'blocked'; reason: string }
  | { kind: 'not-found' };

export interface PageRequest<T> {
  purpose?: FetchPurpose;
  /** Sent as an application/x-www-form-urlencoded POST. */
  form?: Readonly<Record<string, string>>;
  /** The form's charset: GBK for the sites whose pages are GBK. */
  formCharset?: 'utf-8' | 'gbk';
  /** Reads the page (decoded text) and throws when it is not the page expected. */
  parse: (text: string, url: string) => T;
}

/**
 * Fetches a source page and hands it, decoded, to `parse`; resolves to what `parse` returns.
 * What adapters are given. Only a page that parsed is ever cached.
 */
export type TextFetcher = <T>(url: string, request: PageRequest<T>) => Promise<T>;

/** How the pages of one site are fetched. */
export interface SiteFetchProfile {
  client: HttpClient;
  gate: HostGate;
  cookies: CookieJars;
  /** Recognises the site's challenge, block and not-found pages. */
  inspect?: (text: string, url: string) => PageVerdict;
}

export interface PoliteFetcherOptions {
  /** The hosts a fetch may go to, or a function giving them now (sites whose domain can change). */
  allowHosts: readonly string[] | (() => readonly string[]);
  /** Page cache; null fetches every time (e.g. when checking for new chapters). */
  cache: FetchCache | null;
  profileFor: (url: URL) => SiteFetchProfile;
  ttlMs?: Partial<Record<FetchPurpose, number>>;
  fetchOptions?: Omit<SafeFetchOptions, 'allowHosts' | 'form' | 'formCharset' | 'client' | 'cookies'>;
  fetch?: (url: string, options: SafeFetchOptions) => Promise<SafeFetchResult>;
  /** Attempts in all for timeouts, 429 and 5xx, the first included. */
  tries?: number;
  /** Delay before the second attempt after a timeout or 5xx; doubled before each further one. */
  retryDelayMs?: number;
  /** Challenge rounds solved for one page before giving up. */
  maxChallenges?: number;
}

function cacheKey(url: string, form: Readonly<Record<string, string>> | undefined): string {
  return form ? `POST ${url} ${new URLSearchParams(form).toString()}` : url;
}

function parseTarget(url: string): URL {
  try {
    return new URL(url);
  } catch {
    throw new FetchError('BAD_URL', `not a URL: ${url.slice(0, 200)}`);
  }
}

function judge(text: string, url: string, profile: SiteFetchProfile): PageVerdict {
  if (isCloudflareChallenge({}, text)) return { kind: 'blocked', reason: 'Cloudflare check' };
  return profile.inspect?.(text, url) ?? { kind: 'page' };
}

/** The page parsed, a failure counted against its host (the console's parse errors). */
function parseCounted<T>(request: PageRequest<T>, page: { text: string; url: string }): T {
  try {
    return request.parse(page.text, page.url);
  } catch (error) {
    fetchEvent(parseTarget(page.url).host.toLowerCase(), 'parseError');
    throw error;
  }
}

/**
 * safeFetch with manners: per-host turns, spacing, jitter and back-off (HostGate), the site's
 * client and cookie jar, retries for 429/5xx/timeouts, challenge solving, charset decoding, and
 * a page cache that only ever holds pages that parsed (a cached page that no longer parses is
 * dropped and fetched again).
 */
export function createPoliteFetcher(options: PoliteFetcherOptions): TextFetcher {
  const doFetch = options.fetch ?? safeFetch;
  const ttl = { ...CACHE_TTL_MS, ...options.ttlMs };
  const tries = options.tries ?? 3;
  const retryDelayMs = options.retryDelayMs ?? 1000;
  const maxChallenges = options.maxChallenges ?? 2;

  async function fetchPolitely(url: string, form: PageRequest<unknown>['form'], profile: SiteFetchProfile, formCharset?: PageRequest<unknown>['formCharset']) {
    const host = parseTarget(url).host.toLowerCase();
    const { gate } = profile;
    for (let attempt = 1; ; attempt++) {
      let pause = 0;
      const release = await gate.acquire(host);
      try {
        fetchEvent(host, 'fetch');
        const result = await doFetch(url, {
          ...options.fetchOptions,
          allowHosts: typeof options.allowHosts === 'function' ? options.allowHosts() : options.allowHosts,
          form,
          formCharset,
          client: profile.client,
          cookies: profile.cookies.forHost(host),
        });
        gate.succeeded(host);
        return result;
      } catch (error) {
        if (!(error instanceof FetchError)) throw error;
        const refusal = error.code === 'SOURCE_BLOCKED' || error.status === 503;
        if (refusal) {
          fetchEvent(host, 'block');
          const wait = gate.backOff(host, error.retryAfterMs);
          const mayRetry = (error.status === 429 || error.status === 503) && wait <= gate.politeness.maxWaitMs;
          if (!mayRetry || attempt >= tries) throw error;
          // The next turn waits out the cool-down.
        } else if (isTransientFetchError(error) && attempt < tries) {
          pause = retryDelayMs * 2 ** (attempt - 1);
        } else {
          throw error;
        }
      } finally {
        release();
      }
      if (pause > 0) await gate.clock.sleep(pause);
    }
  }

  async function remember(key: string, text: string, finalUrl: string, url: string, form: unknown) {
    if (!options.cache) return;
    try {
      await options.cache.set(key, text);
      if (!form && finalUrl !== url) await options.cache.set(finalUrl, text);
    } catch (err) {
      // A cache that cannot be written only costs a later refetch.
      logger.warn({ err, url }, 'fetch cache write failed');
    }
  }

  async function fromCache<T>(key: string, url: string, request: PageRequest<T>, profile: SiteFetchProfile) {
    const cache = options.cache;
    if (!cache) return { hit: false as const };
    const cached = await cache.get(key, ttl[request.purpose ?? 'book']);
    if (cached == null) return { hit: false as const };
    if (judge(cached, url, profile).kind === 'page') {
      try {
        return { hit: true as const, value: request.parse(cached, url) };
      } catch (err) {
        logger.warn({ err, url }, 'cached source page no longer parses; fetching it again');
      }
    }
    await cache.delete(key).catch((err: unknown) => logger.warn({ err, url }, 'fetch cache delete failed'));
    return { hit: false as const };
  }

  /** The page itself, past challenges, checked; shared by callers asking for the same page at once. */
  const inFlight = new Map<string, Promise<{ text: string; url: string }>>();
  async function download(url: string, form: PageRequest<unknown>['form'], profile: SiteFetchProfile, formCharset?: PageRequest<unknown>['formCharset']) {
    for (let challenges = 0; ; challenges++) {
      const response = await fetchPolitely(url, form, profile, formCharset);
      const text = decodeBody(response.body, response.contentType);
      const verdict = judge(text, response.url, profile);
      const host = parseTarget(response.url).host.toLowerCase();
      if (verdict.kind === 'challenge') {
        fetchEvent(host, 'challenge');
        if (challenges >= maxChallenges) {
          profile.gate.backOff(host);
          throw new FetchError('SOURCE_BLOCKED', `${url}: challenge still there after ${challenges} answers`);
        }
        // The answer is not needed: the cookie it sets is what lets the next request through.
        await fetchPolitely(verdict.solveUrl, undefined, profile);
        continue;
      }
      if (verdict.kind === 'blocked') {
        fetchEvent(host, 'block');
        const wait = profile.gate.backOff(host);
        throw new FetchError('SOURCE_BLOCKED', `${url}: ${verdict.reason}`, { retryAfterMs: wait });
      }
      if (verdict.kind === 'not-found') throw new FetchError('SOURCE_NOT_FOUND', `${url}: the site says it does not exist`);
      return { text, url: response.url };
    }
  }

  return async <T>(url: string, request: PageRequest<T>): Promise<T> => {
    const key = cacheKey(url, request.form);
    const profile = options.profileFor(parseTarget(url));
    const cached = await fromCache(key, url, request, profile);
    if (cached.hit) return cached.value;

    let pending = inFlight.get(key);
    if (!pending) {
      pending = download(url, request.form, profile, request.formCharset).finally(() => inFlight.delete(key));
      inFlight.set(key, pending);
    }
    const page = await pending;
    const value = parseCounted(request, page);
    await remember(key, page.text, page.url, url, request.form);
    return value;
  };
}
