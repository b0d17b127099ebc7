/** @jest-environment node */
import iconv from 'iconv-lite';
import { memoryFetchCache } from '@/server/fetch/cache';
import { FetchError } from '@/server/fetch/errors';
import { CACHE_TTL_MS, createPoliteFetcher } from '@/server/fetch/politeFetch';
import { createHostRateLimiter } from '@/server/fetch/rateLimiter';
import { withRetry } from '@/server/fetch/retry';
import type { SafeFetchOptions, SafeFetchResult } from '@/server/fetch/safeFetch';

/** A clock that only moves when told to (or when something sleeps on it). */
function fakeClock() {
  let now = 1_000_000;
  const sleeps: number[] = [];
  return {
    now: () => now,
    advance: (ms: number) => (now += ms),
    sleeps,
    sleep: async (ms: number) => {
      sleeps.push(ms);
      now += ms;
    },
  };
}

const ok = (url: string, body: string | Buffer, contentType = 'text/html; charset=utf-8'): SafeFetchResult => ({
  url,
  status: 200,
  contentType,
  body: typeof body === 'string' ? Buffer.from(body) : body,
});

describe('createHostRateLimiter', () => {
  it('lets a burst through, then spaces requests per host', async () => {
    const clock = fakeClock();
    const limiter = createHostRateLimiter({ ratePerSecond: 2, burst: 2, now: clock.now, sleep: clock.sleep });
    for (let i = 0; i < 4; i++) await limiter.acquire('a.example');
    expect(clock.sleeps).toEqual([500, 500]);
    await limiter.acquire('b.example');
    expect(clock.sleeps).toHaveLength(2);
    clock.advance(5_000);
    await limiter.acquire('a.example');
    await limiter.acquire('a.example');
    expect(clock.sleeps).toHaveLength(2);
  });

  it('keeps real requests apart in time', async () => {
    const limiter = createHostRateLimiter({ ratePerSecond: 20, burst: 1 });
    const started = Date.now();
    for (let i = 0; i < 4; i++) await limiter.acquire('c.example');
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
  });
});

describe('withRetry', () => {
  it('backs off exponentially on transient failures and gives up after three tries', async () => {
    const clock = fakeClock();
    const work = jest.fn(async () => {
      throw new FetchError('HTTP_STATUS', 'busy', { status: 503 });
    });
    await expect(withRetry(work, { sleep: clock.sleep })).rejects.toMatchObject({ status: 503 });
    expect(work).toHaveBeenCalledTimes(3);
    expect(clock.sleeps).toEqual([500, 1000]);
  });

  it('does not retry a refusal or a 404', async () => {
    for (const error of [new FetchError('BLOCKED_ADDRESS', 'x'), new FetchError('HTTP_STATUS', 'x', { status: 404 })]) {
      const work = jest.fn(async () => {
        throw error;
      });
      await expect(withRetry(work, { sleep: async () => undefined })).rejects.toBe(error);
      expect(work).toHaveBeenCalledTimes(1);
    }
  });
});

describe('createPoliteFetcher', () => {
  function setup(answer: (url: string, options: SafeFetchOptions) => Promise<SafeFetchResult>) {
    const clock = fakeClock();
    const cache = memoryFetchCache(clock.now);
    const fetch = jest.fn(answer);
    const fetcher = createPoliteFetcher({
      allowHosts: ['www.69shuba.com', 'ixdzs8.com'],
      cache,
      fetch,
      limiter: createHostRateLimiter({ ratePerSecond: 1000, burst: 100, now: clock.now, sleep: clock.sleep }),
      retry: { sleep: clock.sleep },
    });
    return { clock, cache, fetch, fetcher };
  }

  it('decodes GBK pages and passes the allow-list', async () => {
    const { fetch, fetcher } = setup(async (url) => ok(url, iconv.encode('<h1>青云问道录</h1>', 'gbk'), 'text/html; charset=gbk'));
    expect(await fetcher('https://www.69shuba.com/book/1.htm')).toBe('<h1>青云问道录</h1>');
    expect(fetch.mock.calls[0][1].allowHosts).toEqual(['www.69shuba.com', 'ixdzs8.com']);
  });

  it('serves from the cache until the purpose TTL runs out', async () => {
    const { clock, fetch, fetcher } = setup(async (url) => ok(url, `v${fetch.mock.calls.length}`));
    const toc = 'https://www.69shuba.com/book/1/';
    const chapter = 'https://www.69shuba.com/txt/1/2';
    expect(await fetcher(toc, { purpose: 'toc' })).toBe('v1');
    expect(await fetcher(chapter, { purpose: 'chapter' })).toBe('v2');
    clock.advance(CACHE_TTL_MS.toc - 1);
    expect(await fetcher(toc, { purpose: 'toc' })).toBe('v1');
    clock.advance(2);
    expect(await fetcher(toc, { purpose: 'toc' })).toBe('v3');
    clock.advance(24 * 60 * 60 * 1000);
    expect(await fetcher(chapter, { purpose: 'chapter' })).toBe('v2');
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it('caches under the final URL as well and keeps POSTs apart by form', async () => {
    const { cache, fetcher } = setup(async (url, options) =>
      ok(options.form ? url : 'https://www.69shuba.com/book/1.htm', options.form ? `list ${options.form.bid}` : 'book'),
    );
    await fetcher('https://www.69shuba.com/txt/1.htm');
    expect(await cache.get('https://www.69shuba.com/book/1.htm', 60_000)).toBe('book');
    expect(await fetcher('https://ixdzs8.com/novel/clist/', { form: { bid: '1' } })).toBe('list 1');
    expect(await fetcher('https://ixdzs8.com/novel/clist/', { form: { bid: '2' } })).toBe('list 2');
  });

  it('retries a 503 with backoff and caches the eventual answer', async () => {
    let calls = 0;
    const { clock, fetch, fetcher } = setup(async (url) => {
      calls += 1;
      if (calls < 3) throw new FetchError('HTTP_STATUS', 'busy', { status: 503 });
      return ok(url, 'finally');
    });
    expect(await fetcher('https://www.69shuba.com/book/9.htm')).toBe('finally');
    expect(clock.sleeps).toEqual([500, 1000]);
    expect(await fetcher('https://www.69shuba.com/book/9.htm')).toBe('finally');
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it('fetches every time without a cache', async () => {
    const fetch = jest.fn(async (url: string) => ok(url, 'fresh'));
    const fetcher = createPoliteFetcher({ allowHosts: ['www.69shuba.com'], cache: null, fetch });
    await fetcher('https://www.69shuba.com/book/1/', { purpose: 'toc' });
    await fetcher('https://www.69shuba.com/book/1/', { purpose: 'toc' });
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});
