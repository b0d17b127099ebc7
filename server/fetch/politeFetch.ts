import { logger } from '@/server/logger';
import type { FetchCache } from './cache';
import { decodeBody } from './decode';
import { FetchError } from './errors';
import { createHostRateLimiter, type HostRateLimiter } from './rateLimiter';
import { withRetry, type RetryOptions } from './retry';
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

export interface TextRequest {
  purpose?: FetchPurpose;
  /** Sent as an application/x-www-form-urlencoded POST. */
  form?: Readonly<Record<string, string>>;
}

/** Fetches a source page and returns it decoded to text. What adapters are given. */
export type TextFetcher = (url: string, request?: TextRequest) => Promise<string>;

export interface PoliteFetcherOptions {
  allowHosts: readonly string[];
  /** Page cache; null fetches every time (e.g. when checking for new chapters). */
  cache: FetchCache | null;
  limiter?: HostRateLimiter;
  retry?: RetryOptions;
  ttlMs?: Partial<Record<FetchPurpose, number>>;
  fetchOptions?: Omit<SafeFetchOptions, 'allowHosts' | 'form'>;
  fetch?: (url: string, options: SafeFetchOptions) => Promise<SafeFetchResult>;
}

/** Two requests per second per host, four back to back. */
export const DEFAULT_RATE = { ratePerSecond: 2, burst: 4 } as const;

function cacheKey(url: string, form: Readonly<Record<string, string>> | undefined): string {
  return form ? `POST ${url} ${new URLSearchParams(form).toString()}` : url;
}

function hostOf(url: string): string {
  try {
    return new URL(url).host.toLowerCase();
  } catch {
    throw new FetchError('BAD_URL', `not a URL: ${url.slice(0, 200)}`);
  }
}

/**
 * safeFetch with manners: a per-host rate limit, retries with backoff for 429/5xx/timeouts,
 * a page cache keyed by URL, and charset decoding (GBK family → GB18030, UTF-8 otherwise).
 */
export function createPoliteFetcher(options: PoliteFetcherOptions): TextFetcher {
  const limiter = options.limiter ?? createHostRateLimiter(DEFAULT_RATE);
  const doFetch = options.fetch ?? safeFetch;
  const ttl = { ...CACHE_TTL_MS, ...options.ttlMs };

  return async (url, request = {}) => {
    const purpose = request.purpose ?? 'book';
    const key = cacheKey(url, request.form);
    const cached = await options.cache?.get(key, ttl[purpose]);
    if (cached != null) return cached;

    const host = hostOf(url);
    const response = await withRetry(async () => {
      await limiter.acquire(host);
      return doFetch(url, { ...options.fetchOptions, allowHosts: options.allowHosts, form: request.form });
    }, options.retry);
    const text = decodeBody(response.body, response.contentType);

    if (options.cache) {
      try {
        await options.cache.set(key, text);
        if (!request.form && response.url !== url) await options.cache.set(response.url, text);
      } catch (err) {
        // A cache that cannot be written only costs a later refetch.
        logger.warn({ err, url }, 'fetch cache write failed');
      }
    }
    return text;
  };
}
