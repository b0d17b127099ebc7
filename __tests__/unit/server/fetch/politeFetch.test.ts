/** @jest-environment node */
import iconv from 'iconv-lite';
import { instantClock } from '@/__tests__/fixtures/sources/sites';
import { memoryFetchCache } from '@/server/fetch/cache';
import { nodeClient } from '@/server/fetch/clients/node';
import { createCookieJars } from '@/server/fetch/cookies';
import { FetchError } from '@/server/fetch/errors';
import { CACHE_TTL_MS, createPoliteFetcher, type PageVerdict, type SiteFetchProfile } from '@/server/fetch/politeFetch';
import { createHostGate, DEFAULT_POLITENESS } from '@/server/fetch/politeness';
import type { SafeFetchOptions, SafeFetchResult } from '@/server/fetch/safeFetch';

const ok = (url: string, body: string | Buffer, contentType = 'text/html; charset=utf-8'): SafeFetchResult => ({
  url,
  status: 200,
  contentType,
  body: typeof body === 'string' ? Buffer.from(body) : body,
});

/** Pages whose text starts with "page" parse; anything else is "not the page expected". */
const parse = (text: string) => {
  if (!text.startsWith('page')) throw new Error(`unexpected page: ${text}`);
  return text;
};

function setup(
  answer: (url: string, options: SafeFetchOptions) => Promise<SafeFetchResult>,
  inspect?: (text: string, url: string) => PageVerdict,
) {
  const clock = instantClock();
  const cache = memoryFetchCache(clock.now);
  const fetch = jest.fn(answer);
  const profile: SiteFetchProfile = {
    client: nodeClient,
    gate: createHostGate({ ...DEFAULT_POLITENESS, minIntervalMs: 0, jitterMs: 0 }, clock),
    cookies: createCookieJars({ now: clock.now }),
    inspect,
  };
  const fetcher = createPoliteFetcher({ allowHosts: ['www.69shuba.com', 'ixdzs8.com'], cache, fetch, profileFor: () => profile, retryDelayMs: 500 });
  return { clock, cache, fetch, fetcher, profile };
}

it('decodes GBK pages and passes the allow-list, the client and the host’s cookie jar', async () => {
  const { fetch, fetcher, profile } = setup(async (url) => ok(url, iconv.encode('page 青云问道录', 'gbk'), 'text/html; charset=gbk'));
  expect(await fetcher('https://www.69shuba.com/book/1.htm', { parse })).toBe('page 青云问道录');
  const options = fetch.mock.calls[0][1];
  expect(options.allowHosts).toEqual(['www.69shuba.com', 'ixdzs8.com']);
  expect(options.client).toBe(nodeClient);
  expect(options.cookies).toBe(profile.cookies.forHost('www.69shuba.com'));
});

it('serves from the cache until the purpose TTL runs out', async () => {
  const { clock, fetch, fetcher } = setup(async (url) => ok(url, `page ${fetch.mock.calls.length}`));
  const toc = 'https://www.69shuba.com/book/1/';
  const chapter = 'https://www.69shuba.com/txt/1/2';
  expect(await fetcher(toc, { purpose: 'toc', parse })).toBe('page 1');
  expect(await fetcher(chapter, { purpose: 'chapter', parse })).toBe('page 2');
  clock.sleep(CACHE_TTL_MS.toc + 1);
  expect(await fetcher(toc, { purpose: 'toc', parse })).toBe('page 3');
  clock.sleep(24 * 60 * 60 * 1000);
  expect(await fetcher(chapter, { purpose: 'chapter', parse })).toBe('page 2');
  expect(fetch).toHaveBeenCalledTimes(3);
});

it('caches only pages that parse', async () => {
  let body = 'broken';
  const { cache, fetch, fetcher } = setup(async (url) => ok(url, body));
  await expect(fetcher('https://www.69shuba.com/txt/1/2', { purpose: 'chapter', parse })).rejects.toThrow('unexpected page');
  expect(cache.size()).toBe(0);
  body = 'page fine';
  expect(await fetcher('https://www.69shuba.com/txt/1/2', { purpose: 'chapter', parse })).toBe('page fine');
  expect(await fetcher('https://www.69shuba.com/txt/1/2', { purpose: 'chapter', parse })).toBe('page fine');
  expect(fetch).toHaveBeenCalledTimes(2);
});

it('drops a cached page that no longer parses and fetches it again', async () => {
  const { cache, fetch, fetcher } = setup(async (url) => ok(url, 'page fresh'));
  await cache.set('https://www.69shuba.com/txt/1/2', 'a challenge page stored by an older version');
  expect(await fetcher('https://www.69shuba.com/txt/1/2', { purpose: 'chapter', parse })).toBe('page fresh');
  expect(fetch).toHaveBeenCalledTimes(1);
  expect(await cache.get('https://www.69shuba.com/txt/1/2', 60_000)).toBe('page fresh');
});

it('solves a challenge: fetches the solve URL, then the page again, and caches only the page', async () => {
  const seen: string[] = [];
  const { cache, fetcher } = setup(
    async (url) => {
      seen.push(url);
      return ok(url, seen.length === 1 ? 'check token=abc' : seen.length === 2 ? 'solved' : 'page real');
    },
    (text, url) => (text.startsWith('check') ? { kind: 'challenge', solveUrl: `${url}?challenge=abc` } : { kind: 'page' }),
  );
  expect(await fetcher('https://ixdzs8.com/read/1/', { parse })).toBe('page real');
  expect(seen).toEqual(['https://ixdzs8.com/read/1/', 'https://ixdzs8.com/read/1/?challenge=abc', 'https://ixdzs8.com/read/1/']);
  expect(cache.size()).toBe(1);
});

it('gives up with SOURCE_BLOCKED when the challenge keeps coming back', async () => {
  const { cache, fetch, fetcher } = setup(
    async (url) => ok(url, 'check'),
    (_text, url) => ({ kind: 'challenge', solveUrl: `${url}?challenge=x` }),
  );
  await expect(fetcher('https://ixdzs8.com/read/1/', { parse })).rejects.toMatchObject({ code: 'SOURCE_BLOCKED' });
  expect(fetch).toHaveBeenCalledTimes(5);
  expect(cache.size()).toBe(0);
});

it('reports a Cloudflare check answered with 200 as SOURCE_BLOCKED and backs off', async () => {
  const { cache, fetcher, profile } = setup(async (url) => ok(url, '<html><head><title>Just a moment...</title></head></html>'));
  await expect(fetcher('https://www.69shuba.com/book/1.htm', { parse })).rejects.toMatchObject({ code: 'SOURCE_BLOCKED' });
  expect(cache.size()).toBe(0);
  expect(profile.gate.coolingDownFor('www.69shuba.com')).toBe(DEFAULT_POLITENESS.backoffMs);
});

it('reports the site’s not-found page as SOURCE_NOT_FOUND', async () => {
  const { fetcher } = setup(async (url) => ok(url, 'gone'), () => ({ kind: 'not-found' }));
  await expect(fetcher('https://www.69shuba.com/book/1.htm', { parse })).rejects.toMatchObject({ code: 'SOURCE_NOT_FOUND' });
});

it('retries a 503 with back-off, honouring Retry-After, and caches the eventual answer', async () => {
  let calls = 0;
  const { clock, fetch, fetcher } = setup(async (url) => {
    calls += 1;
    if (calls === 1) throw new FetchError('HTTP_STATUS', 'busy', { status: 503, retryAfterMs: 7_000 });
    if (calls === 2) throw new FetchError('SOURCE_BLOCKED', 'slow down', { status: 429, retryAfterMs: 3_000 });
    return ok(url, 'page finally');
  });
  expect(await fetcher('https://www.69shuba.com/book/9.htm', { parse })).toBe('page finally');
  expect(clock.sleeps).toEqual([7_000, 3_000]);
  expect(await fetcher('https://www.69shuba.com/book/9.htm', { parse })).toBe('page finally');
  expect(fetch).toHaveBeenCalledTimes(3);
});

it('does not retry a 403, and fails at once while the host cools down longer than a reader can wait', async () => {
  const { fetch, fetcher } = setup(async () => {
    throw new FetchError('SOURCE_BLOCKED', 'forbidden', { status: 403, retryAfterMs: 120_000 });
  });
  await expect(fetcher('https://www.69shuba.com/book/1.htm', { parse })).rejects.toMatchObject({ code: 'SOURCE_BLOCKED' });
  await expect(fetcher('https://www.69shuba.com/book/2.htm', { parse })).rejects.toMatchObject({ code: 'SOURCE_BLOCKED' });
  expect(fetch).toHaveBeenCalledTimes(1);
});

it('retries timeouts with doubling pauses, not refusals of the address', async () => {
  let calls = 0;
  const { clock, fetcher } = setup(async (url) => {
    calls += 1;
    if (calls < 3) throw new FetchError('TIMEOUT', 'slow');
    return ok(url, 'page late');
  });
  expect(await fetcher('https://www.69shuba.com/book/3.htm', { parse })).toBe('page late');
  expect(clock.sleeps).toEqual([500, 1000]);
  const refused = setup(async () => {
    throw new FetchError('BLOCKED_ADDRESS', 'private');
  });
  await expect(refused.fetcher('https://www.69shuba.com/book/3.htm', { parse })).rejects.toMatchObject({ code: 'BLOCKED_ADDRESS' });
  expect(refused.fetch).toHaveBeenCalledTimes(1);
});

it('asks once for a page requested twice at the same time, and keeps POSTs apart by form', async () => {
  const { fetch, fetcher } = setup(async (url, options) => ok(url, options.form ? `page list ${options.form.bid}` : 'page book'));
  const [a, b] = await Promise.all([
    fetcher('https://www.69shuba.com/book/5.htm', { purpose: 'book', parse }),
    fetcher('https://www.69shuba.com/book/5.htm', { purpose: 'toc', parse: (text) => text.length }),
  ]);
  expect([a, b]).toEqual(['page book', 9]);
  expect(fetch).toHaveBeenCalledTimes(1);
  expect(await fetcher('https://ixdzs8.com/novel/clist/', { form: { bid: '1' }, parse })).toBe('page list 1');
  expect(await fetcher('https://ixdzs8.com/novel/clist/', { form: { bid: '2' }, parse })).toBe('page list 2');
});
