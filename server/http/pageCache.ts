import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { cookieValue } from '@/lib/cookieHeader';
import { DEMO_COOKIE } from '@/lib/firstPaintScript';
import { demoRefusalReason } from './demoAccess';
import { isDeviceCookie } from './deviceCookie';
import { ifNoneMatchMatches } from './etag';

/**
 * A short-lived copy of the pages any visitor may share, kept by each site process in front of
 * Next (server/site/main.ts). Next already keeps ISR pages, but answering even a cached page costs
 * its router, the proxy and the page's cache lookup: a few milliseconds of CPU that, at fifty
 * readers at once, queue into a p99 well above 100 ms. This keeps the finished answer instead.
 *
 * Only what a shared cache may keep is kept: a GET of a page or its `_next/data` JSON answered
 * 200 with `Cache-Control: s-maxage`, no `private`/`no-store`, and no cookie but the demo flag
 * (which depends only on the request's own flag, part of the key) and the device cookie (each
 * reader's own, given by the site process outside the copy: server/http/deviceCookie.ts). A copy lives at most `ttlMs`
 * and never past its `s-maxage`, so a page is at most that much older than Next's own copy.
 * API routes, build assets, previews, ranges and router prefetches are never kept.
 */

export interface PageCacheOptions {
  /** How long a copy is served; 0 turns the cache off. */
  ttlMs: number;
  /** Bytes of bodies kept at most; the oldest copies go first. */
  maxBytes: number;
  /** Demo mode: a copy is served only to a request the demo may serve (server/http/demoAccess.ts). */
  demo: boolean;
  now?: () => number;
}

export interface PageCache {
  /**
   * Answers `req` from a copy and returns true; otherwise returns false and, when the answer
   * may be kept, records it as it is written.
   */
  serve(req: IncomingMessage, res: ServerResponse): boolean;
  /** Drops the copies of the page at `path` (e.g. `/slug`): the page and its `_next/data`, every query and encoding. */
  forget(path: string): number;
}

/** Header marking an answer served from the copy (for people and tests; shared caches ignore it). */
export const PAGE_CACHE_HEADER = 'x-site-cache';

/** A copy larger than this is not kept (a page is 40–120 KB before compression). */
const MAX_ENTRY_BYTES = 1024 * 1024;

const NOT_KEPT_PREFIXES = ['/api/', '/_next/static/', '/_next/image'];

/** Request headers that change what Next answers in ways the key does not cover. */
const BYPASS_HEADERS = /^(?:authorization|range|rsc|purpose|x-purpose|sec-purpose|next-[a-z-]+|x-middleware-[a-z-]+|x-prerender-[a-z-]+|x-nextjs-(?!data$)[a-z-]+)$/;

/** Cookies that make Next render a preview instead of the shared page. */
const PREVIEW_COOKIES = /(?:^|;\s*)(?:__prerender_bypass|__next_preview_data)=/;

/** Headers of the exchange, not of the page: the copy gets fresh ones. */
const HOP_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length']);

/** Headers a 304 leaves out: it has no body. */
const BODY_HEADERS = new Set(['content-type', 'content-encoding']);

/** Node's `OutgoingMessage.getRawHeaderNames()` (since 15.13), missing from the installed types. */
type RawHeaderNames = ServerResponse & { getRawHeaderNames(): string[] };

interface Entry {
  headers: OutgoingHttpHeaders;
  body: Buffer;
  etag: string | undefined;
  /** The URL asked for, which `forget` matches. */
  url: string;
  expires: number;
}

function headerText(value: string | string[] | undefined): string {
  return Array.isArray(value) ? value.join(',') : (value ?? '');
}

/** The key of a request whose answer may be shared, or null. */
export function pageCacheKey(req: IncomingMessage): string | null {
  if (req.method !== 'GET' && req.method !== 'HEAD') return null;
  const url = req.url ?? '/';
  if (!url.startsWith('/') || NOT_KEPT_PREFIXES.some((prefix) => url.startsWith(prefix))) return null;
  for (const name of Object.keys(req.headers)) if (BYPASS_HEADERS.test(name)) return null;
  const cookies = headerText(req.headers.cookie);
  if (PREVIEW_COOKIES.test(cookies)) return null;
  // What else the answer depends on: the scheme (security headers), the demo flag cookie (the
  // proxy sets or clears it), the data-request header and the accepted encodings (compression).
  const https = headerText(req.headers['x-forwarded-proto']) === 'https' ? 's' : '';
  const flag = cookieValue(cookies, DEMO_COOKIE) ?? '';
  const data = req.headers['x-nextjs-data'] ? 'd' : '';
  const encoding = encodingKey(headerText(req.headers['accept-encoding']));
  return `${https}|${flag}|${data}|${encoding}|${url}`;
}

/**
 * The part of the key for an Accept-Encoding header: the encoding Next's compression answers it
 * with (it offers gzip, deflate and identity) where that is plain, so browsers whose headers differ
 * only in codings Next does not use (`br`, `zstd`) share one copy. Without weights, the first of
 * gzip and identity the header names wins (none named: identity); a header with weights, `*` or
 * deflate first keys on itself.
 */
export function encodingKey(header: string): string {
  const text = header.replace(/\s+/g, '').toLowerCase();
  if (/[;*]/.test(text)) return text;
  const first = text.split(',').find((coding) => coding === 'gzip' || coding === 'deflate' || coding === 'identity');
  if (first === 'deflate') return text;
  return first ?? 'identity';
}

/** Seconds a shared cache may keep the answer, or 0 when it may not. */
export function sharedMaxAge(headers: OutgoingHttpHeaders): number {
  const cacheControl = headerText(headers['cache-control'] as string | string[] | undefined).toLowerCase();
  if (/(?:^|[\s,])(?:private|no-store|no-cache)(?:[\s,=]|$)/.test(cacheControl)) return 0;
  const match = /(?:^|[\s,])s-maxage=(\d+)/.exec(cacheControl);
  return match ? Number(match[1]) : 0;
}

function onlyDemoFlagCookies(setCookie: OutgoingHttpHeaders[string]): boolean {
  if (setCookie === undefined) return true;
  const cookies = Array.isArray(setCookie) ? setCookie : [String(setCookie)];
  return cookies.every((cookie) => cookie.trimStart().startsWith(`${DEMO_COOKIE}=`) || isDeviceCookie(cookie));
}

/** The Set-Cookie lines a copy keeps: not the device cookie, which is each reader's own. */
function sharedCookies(value: OutgoingHttpHeaders[string]): string[] {
  return (Array.isArray(value) ? value : [String(value)]).filter((cookie) => !isDeviceCookie(cookie));
}

/** A copy's headers with the cookies already set on this response (the device cookie) kept beside its own. */
function withOwnCookies(res: ServerResponse, headers: OutgoingHttpHeaders): OutgoingHttpHeaders {
  const own = res.getHeader('set-cookie');
  if (own === undefined) return headers;
  const merged: OutgoingHttpHeaders = {};
  const ownLines = Array.isArray(own) ? own : [String(own)];
  let added = false;
  for (const [name, value] of Object.entries(headers)) {
    if (name.toLowerCase() !== 'set-cookie') merged[name] = value;
    else {
      merged[name] = [...ownLines, ...(Array.isArray(value) ? value : [String(value)])];
      added = true;
    }
  }
  if (!added) merged['Set-Cookie'] = ownLines;
  return merged;
}

function varyIsEncodingOnly(vary: OutgoingHttpHeaders[string]): boolean {
  if (vary === undefined) return true;
  const names = String(vary).toLowerCase().split(',').map((name) => name.trim()).filter(Boolean);
  return names.every((name) => name === 'accept-encoding');
}

function chunkBuffer(chunk: unknown, encoding: unknown): Buffer | null {
  if (typeof chunk === 'string') return Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');
  if (chunk instanceof Uint8Array) return Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  return null;
}

/** Whether `url` asks for the page at `path`, as a page or as its `_next/data` JSON. */
export function urlIsPage(url: string, path: string): boolean {
  const bare = url.split('?', 1)[0];
  if (bare === path) return true;
  const data = /^\/_next\/data\/[^/]+(\/.*)\.json$/.exec(bare)?.[1];
  return data !== undefined && (data === path || (path === '/' && data === '/index'));
}

export function createPageCache({ ttlMs, maxBytes, demo, now = Date.now }: PageCacheOptions): PageCache {
  const entries = new Map<string, Entry>();
  let bytes = 0;

  const remove = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.body.length;
  };

  const store = (key: string, entry: Entry) => {
    remove(key);
    if (entry.body.length > maxBytes) return;
    for (const oldest of entries.keys()) {
      if (bytes + entry.body.length <= maxBytes) break;
      remove(oldest);
    }
    entries.set(key, entry);
    bytes += entry.body.length;
  };

  const answer = (req: IncomingMessage, res: ServerResponse, entry: Entry) => {
    const ifNoneMatch = headerText(req.headers['if-none-match']);
    if (entry.etag && ifNoneMatch && ifNoneMatchMatches(ifNoneMatch, entry.etag)) {
      const headers: OutgoingHttpHeaders = { [PAGE_CACHE_HEADER]: 'HIT' };
      for (const [name, value] of Object.entries(entry.headers)) if (!BODY_HEADERS.has(name.toLowerCase())) headers[name] = value;
      res.writeHead(304, headers);
      res.end();
      return;
    }
    res.writeHead(200, { ...withOwnCookies(res, entry.headers), 'Content-Length': entry.body.length, [PAGE_CACHE_HEADER]: 'HIT' });
    res.end(req.method === 'HEAD' ? undefined : entry.body);
  };

  const record = (key: string, url: string, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let keep = true;
    const collect = (chunk: unknown, encoding: unknown) => {
      if (!keep || chunk === undefined || chunk === null || typeof chunk === 'function') return;
      const buffer = chunkBuffer(chunk, encoding);
      if (!buffer) return void (keep = false);
      size += buffer.length;
      if (size > MAX_ENTRY_BYTES) return void (keep = false);
      // Copied: a caller may reuse its buffer once the write returns.
      chunks.push(Buffer.from(buffer));
    };
    const write = res.write;
    const end = res.end;
    res.write = function (this: ServerResponse, chunk: unknown, ...rest: unknown[]) {
      collect(chunk, rest[0]);
      return (write as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
    } as ServerResponse['write'];
    res.end = function (this: ServerResponse, chunk?: unknown, ...rest: unknown[]) {
      collect(chunk, rest[0]);
      return (end as (...args: unknown[]) => ServerResponse).call(this, chunk, ...rest);
    } as ServerResponse['end'];
    res.once('finish', () => {
      if (!keep || res.statusCode !== 200) return;
      const headers = res.getHeaders();
      const maxAgeMs = sharedMaxAge(headers) * 1000;
      if (maxAgeMs <= 0 || !onlyDemoFlagCookies(headers['set-cookie']) || !varyIsEncodingOnly(headers.vary)) return;
      // Kept with the names as Next wrote them (`Cache-Control`, `ETag`).
      const kept: OutgoingHttpHeaders = {};
      for (const name of (res as RawHeaderNames).getRawHeaderNames()) {
        const value = res.getHeader(name);
        if (HOP_HEADERS.has(name.toLowerCase()) || value === undefined) continue;
        if (name.toLowerCase() !== 'set-cookie') kept[name] = value;
        else if (sharedCookies(value).length > 0) kept[name] = sharedCookies(value);
      }
      const etag = headers.etag === undefined ? undefined : String(headers.etag);
      store(key, { headers: kept, body: Buffer.concat(chunks, size), etag, url, expires: now() + Math.min(ttlMs, maxAgeMs) });
    });
  };

  return {
    forget(path) {
      let dropped = 0;
      for (const [key, entry] of [...entries]) {
        if (!urlIsPage(entry.url, path)) continue;
        remove(key);
        dropped += 1;
      }
      return dropped;
    },
    serve(req, res) {
      if (ttlMs <= 0) return false;
      const key = pageCacheKey(req);
      if (key === null) return false;
      // Demo mode serves this machine only: anyone else goes on to Next, whose proxy refuses them.
      if (demo && demoRefusalReason((name) => req.headers[name], req.socket.remoteAddress) !== null) return false;
      const entry = entries.get(key);
      if (entry && entry.expires > now()) {
        answer(req, res, entry);
        return true;
      }
      if (entry) remove(key);
      if (req.method === 'GET') record(key, req.url ?? '/', res);
      return false;
    },
  };
}

/**
 * The process's page copy, for the API routes that regenerate a page (server/http/regeneratePage.ts).
 * The site process and Next's route bundles are built apart, so it is published on the process's
 * global object, like the site gate.
 */
const PUBLISHED = Symbol.for('truyen-audio.pageCache');

export function publishPageCache(cache: PageCache): void {
  (globalThis as { [PUBLISHED]?: PageCache })[PUBLISHED] = cache;
}

/** Drops this process's copies of the page at `path`; none under `next dev`, which keeps none. */
export function forgetPageCopies(path: string): number {
  return (globalThis as { [PUBLISHED]?: PageCache })[PUBLISHED]?.forget(path) ?? 0;
}
