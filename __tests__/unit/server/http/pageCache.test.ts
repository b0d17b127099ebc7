/** @jest-environment node */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { createPageCache, encodingKey, forgetPageCopies, PAGE_CACHE_HEADER, pageCacheKey, publishPageCache, sharedMaxAge, urlIsPage, type PageCache, type PageCacheOptions } from '@/server/http/pageCache';

/**
 * The page cache in front of a real HTTP server whose pages answer the way Next answers an ISR
 * page: headers set one by one, the body written in parts or at once. A page's answer is chosen by
 * its path; the test reads how often each path reached the server behind the cache.
 */
type Page = (req: http.IncomingMessage, res: http.ServerResponse) => void;

const isrPage =
  (body: string, extra: Record<string, string | string[]> = {}): Page =>
  (_req, res) => {
    res.setHeader('Cache-Control', 's-maxage=120, stale-while-revalidate=86280');
    res.setHeader('ETag', '"abc"');
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    for (const [name, value] of Object.entries(extra)) res.setHeader(name, value);
    res.write(body.slice(0, 3));
    res.end(body.slice(3));
  };

const PAGES: Record<string, Page> = {
  '/story': isrPage('<p>story</p>'),
  '/flag': isrPage('<p>flag</p>', { 'Set-Cookie': 'ta_demo=1; Path=/; SameSite=lax' }),
  '/session': isrPage('<p>session</p>', { 'Set-Cookie': 'sid=1; Path=/' }),
  '/private': isrPage('<p>private</p>', { 'Cache-Control': 'private, no-cache, no-store, max-age=0, must-revalidate' }),
  '/short': isrPage('<p>short</p>', { 'Cache-Control': 's-maxage=1' }),
  '/vary': isrPage('<p>vary</p>', { Vary: 'Accept-Encoding, Cookie' }),
  '/big': isrPage('x'.repeat(1_200)),
  '/half-a': isrPage('a'.repeat(600)),
  '/half-b': isrPage('b'.repeat(600)),
  '/missing': (_req, res) => {
    res.statusCode = 404;
    res.setHeader('Cache-Control', 's-maxage=120');
    res.end('none');
  },
  '/gzip': (req, res) => {
    const gzip = /gzip/.test(String(req.headers['accept-encoding']));
    res.setHeader('Cache-Control', 's-maxage=120');
    res.setHeader('Vary', 'Accept-Encoding');
    if (gzip) res.setHeader('Content-Encoding', 'gzip');
    res.end(gzip ? gzipSync('<p>zipped</p>') : '<p>zipped</p>');
  },
  '/api/book/top/hot/1': isrPage('{"top":[]}'),
};

interface Harness {
  origin: string;
  reached: Map<string, number>;
  clock: { now: number };
  cache: PageCache;
  close(): Promise<void>;
}

async function harness(options: Partial<PageCacheOptions> = {}): Promise<Harness> {
  const clock = { now: 1_000_000 };
  const cache = createPageCache({ ttlMs: 1_000, maxBytes: 1_000, demo: false, now: () => clock.now, ...options });
  const reached = new Map<string, number>();
  const server = http.createServer((req, res) => {
    if (cache.serve(req, res)) return;
    const path = new URL(req.url ?? '/', 'http://site').pathname;
    reached.set(path, (reached.get(path) ?? 0) + 1);
    (PAGES[path] ?? isrPage('<p>other</p>'))(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    reached,
    clock,
    cache,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A raw request (fetch would decompress and add headers of its own). */
function get(origin: string, path: string, headers: Record<string, string> = {}, method = 'GET') {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; rawNames: string[]; body: Buffer }>((resolve, reject) => {
    const request = http.request(`${origin}${path}`, { method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, rawNames: res.rawHeaders.filter((_, i) => i % 2 === 0), body: Buffer.concat(chunks) }),
      );
    });
    request.on('error', reject);
    request.end();
  });
}

describe('page cache', () => {
  let site: Harness | undefined;
  afterEach(async () => {
    await site?.close();
    site = undefined;
  });

  it('answers a shared page again from its copy, headers and body as first sent', async () => {
    site = await harness();
    const first = await get(site.origin, '/story');
    const second = await get(site.origin, '/story');
    expect(site.reached.get('/story')).toBe(1);
    expect(first.headers[PAGE_CACHE_HEADER]).toBeUndefined();
    expect(second.headers[PAGE_CACHE_HEADER]).toBe('HIT');
    expect(second.status).toBe(200);
    expect(second.body.toString()).toBe('<p>story</p>');
    expect(second.headers['content-length']).toBe(String('<p>story</p>'.length));
    expect(second.headers['cache-control']).toBe('s-maxage=120, stale-while-revalidate=86280');
    expect(second.headers.etag).toBe('"abc"');
    expect(second.rawNames).toEqual(expect.arrayContaining(['Cache-Control', 'ETag', 'Content-Type']));
  });

  it('keeps a copy for the configured time, never past its s-maxage', async () => {
    site = await harness({ ttlMs: 5_000 });
    await get(site.origin, '/story');
    site.clock.now += 4_999;
    await get(site.origin, '/story');
    expect(site.reached.get('/story')).toBe(1);
    site.clock.now += 2;
    await get(site.origin, '/story');
    expect(site.reached.get('/story')).toBe(2);

    await get(site.origin, '/short');
    site.clock.now += 1_001;
    await get(site.origin, '/short');
    expect(site.reached.get('/short')).toBe(2);
  });

  it('drops every copy of a page it is told to forget, and nothing else', async () => {
    site = await harness({ maxBytes: 10_000 });
    const urls = ['/story', '/story?from=home', '/_next/data/build-1/story.json', '/story-two', '/', '/_next/data/build-1/index.json'];
    const fetchAll = async () => {
      for (const url of urls) await get(site!.origin, url);
      await get(site!.origin, '/story', { 'accept-encoding': 'gzip' });
      // A flag cookie of any value, `|` included, is its own copy, and forgotten with the rest.
      await get(site!.origin, '/story', { cookie: 'ta_demo=a|b|c' });
    };
    await fetchAll();
    expect(site.cache.forget('/story')).toBe(5);
    await fetchAll();
    expect(site.reached.get('/story')).toBe(8);
    expect(site.reached.get('/story-two')).toBe(1);
    expect(site.reached.get('/')).toBe(1);

    // The process's published copy is the one API routes reach.
    publishPageCache(site.cache);
    expect(forgetPageCopies('/')).toBe(2);
    expect(forgetPageCopies('/')).toBe(0);
    await get(site.origin, '/');
    expect(site.reached.get('/')).toBe(2);
  });

  it('keys the copy on the query and on the accepted encodings', async () => {
    site = await harness();
    await get(site.origin, '/story?page=1');
    await get(site.origin, '/story?page=2');
    expect(site.reached.get('/story')).toBe(2);

    const plain = await get(site.origin, '/gzip');
    const zipped = await get(site.origin, '/gzip', { 'accept-encoding': 'gzip, deflate' });
    const zippedAgain = await get(site.origin, '/gzip', { 'accept-encoding': 'gzip,deflate' });
    const plainAgain = await get(site.origin, '/gzip');
    expect(site.reached.get('/gzip')).toBe(2);
    expect(zippedAgain.headers['content-encoding']).toBe('gzip');
    expect(zippedAgain.body.equals(zipped.body)).toBe(true);
    expect(plainAgain.headers['content-encoding']).toBeUndefined();
    expect(plainAgain.body.toString()).toBe(plain.body.toString());
  });

  it('does not keep what a shared cache may not keep', async () => {
    site = await harness();
    for (const path of ['/private', '/session', '/vary', '/missing', '/big', '/api/book/top/hot/1']) {
      await get(site.origin, path);
      const again = await get(site.origin, path);
      expect({ path, reached: site.reached.get(path), hit: again.headers[PAGE_CACHE_HEADER] }).toEqual({ path, reached: 2, hit: undefined });
    }
  });

  it('keeps the demo flag cookie apart: the same flag gets the same answer', async () => {
    site = await harness();
    await get(site.origin, '/flag');
    const unflagged = await get(site.origin, '/flag');
    expect(unflagged.headers['set-cookie']).toEqual(['ta_demo=1; Path=/; SameSite=lax']);
    await get(site.origin, '/flag', { cookie: 'theme=dark; ta_demo=1' });
    expect(site.reached.get('/flag')).toBe(2);
  });

  it('lets previews, ranges and router prefetches through', async () => {
    site = await harness();
    await get(site.origin, '/story');
    const bypassing: Record<string, string>[] = [{ cookie: '__prerender_bypass=1' }, { range: 'bytes=0-3' }, { purpose: 'prefetch' }, { 'x-middleware-prefetch': '1' }, { authorization: 'Bearer x' }];
    for (const headers of bypassing) {
      const answer = await get(site.origin, '/story', headers);
      expect(answer.headers[PAGE_CACHE_HEADER]).toBeUndefined();
    }
    expect(site.reached.get('/story')).toBe(6);
  });

  it('answers HEAD without a body and a matching If-None-Match with 304', async () => {
    site = await harness();
    await get(site.origin, '/story');
    const head = await get(site.origin, '/story', {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers['content-length']).toBe(String('<p>story</p>'.length));
    const notModified = await get(site.origin, '/story', { 'if-none-match': 'W/"old", "abc"' });
    expect(notModified.status).toBe(304);
    expect(notModified.body.length).toBe(0);
    expect(notModified.headers.etag).toBe('"abc"');
    const changed = await get(site.origin, '/story', { 'if-none-match': '"old"' });
    expect(changed.status).toBe(200);
    expect(site.reached.get('/story')).toBe(1);
  });

  it('holds at most maxBytes of bodies, letting the oldest copies go', async () => {
    site = await harness({ maxBytes: 1_000 });
    await get(site.origin, '/half-a');
    await get(site.origin, '/story');
    await get(site.origin, '/half-b');
    await get(site.origin, '/half-b');
    expect(site.reached.get('/half-b')).toBe(1);
    await get(site.origin, '/half-a');
    await get(site.origin, '/story');
    expect(site.reached.get('/half-a')).toBe(2);
    expect(site.reached.get('/story')).toBe(2);
  });

  it('in demo mode serves copies to this machine only', async () => {
    site = await harness({ demo: true });
    await get(site.origin, '/story');
    const local = await get(site.origin, '/story');
    expect(local.headers[PAGE_CACHE_HEADER]).toBe('HIT');
    const proxied = await get(site.origin, '/story', { 'x-forwarded-for': '203.0.113.9' });
    expect(proxied.headers[PAGE_CACHE_HEADER]).toBeUndefined();
    expect(site.reached.get('/story')).toBe(2);
  });

  it('is off at ttl 0', async () => {
    site = await harness({ ttlMs: 0 });
    await get(site.origin, '/story');
    await get(site.origin, '/story');
    expect(site.reached.get('/story')).toBe(2);
  });
});

describe('page cache key and lifetime', () => {
  it('keys the accepted encodings on the one Next answers with', async () => {
    // Next's own compression decides; the key must name what it sends for every header it covers.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const compression = require('next/dist/compiled/compression') as () => (req: http.IncomingMessage, res: http.ServerResponse, next: () => void) => void;
    const compress = compression();
    const server = http.createServer((req, res) => compress(req, res, () => res.setHeader('Content-Type', 'text/html').end('x'.repeat(5_000))));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const headers = ['', 'gzip', 'identity', 'gzip, deflate, br, zstd', 'gzip, deflate, br', 'br', 'br, zstd', 'identity, gzip', 'GZIP', 'x-gzip', 'compress, gzip', 'deflate, gzip'];
    try {
      for (const header of headers) {
        const answer = await get(origin, '/', header ? { 'accept-encoding': header } : {});
        const sent = answer.headers['content-encoding'] ?? 'identity';
        const key = encodingKey(header);
        if (key === 'gzip' || key === 'identity') expect([header, key]).toEqual([header, sent]);
        else expect([header, key]).toEqual([header, header.replace(/\s+/g, '').toLowerCase()]);
      }
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
    expect(encodingKey('gzip, deflate, br, zstd')).toBe(encodingKey('gzip, deflate, br'));
    expect(encodingKey('gzip;q=0, identity')).toBe('gzip;q=0,identity');
    expect(encodingKey('*')).toBe('*');
  });

  it('knows a page by its path, as a page and as its _next/data', () => {
    expect(urlIsPage('/slug?x=1', '/slug')).toBe(true);
    expect(urlIsPage('/_next/data/abc/slug.json?storyslug=slug', '/slug')).toBe(true);
    expect(urlIsPage('/_next/data/abc/index.json', '/')).toBe(true);
    expect(urlIsPage('/slug/chuong-1', '/slug')).toBe(false);
    expect(urlIsPage('/slug-2', '/slug')).toBe(false);
    expect(urlIsPage('/_next/data/abc/slug/chuong-1.json', '/slug')).toBe(false);
  });

  const request = (url: string, headers: http.IncomingHttpHeaders = {}, method = 'GET') => ({ method, url, headers }) as http.IncomingMessage;

  it('sets apart the scheme, the data request and the method', () => {
    expect(pageCacheKey(request('/a'))).not.toBe(pageCacheKey(request('/a', { 'x-forwarded-proto': 'https' })));
    expect(pageCacheKey(request('/_next/data/b/a.json'))).not.toBe(pageCacheKey(request('/_next/data/b/a.json', { 'x-nextjs-data': '1' })));
    expect(pageCacheKey(request('/a', {}, 'HEAD'))).toBe(pageCacheKey(request('/a')));
    expect(pageCacheKey(request('/a', {}, 'POST'))).toBeNull();
    expect(pageCacheKey(request('/_next/static/chunks/a.js'))).toBeNull();
  });

  it('reads s-maxage only when a shared cache may keep the answer', () => {
    expect(sharedMaxAge({ 'cache-control': 'public, s-maxage=60, stale-while-revalidate=600' })).toBe(60);
    expect(sharedMaxAge({ 'cache-control': 'public, max-age=60' })).toBe(0);
    expect(sharedMaxAge({ 'cache-control': 'private, s-maxage=60' })).toBe(0);
    expect(sharedMaxAge({ 'cache-control': 's-maxage=60, no-store' })).toBe(0);
    expect(sharedMaxAge({})).toBe(0);
  });
});
