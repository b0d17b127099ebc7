import cluster from 'node:cluster';
import fs from 'node:fs';
import http, { type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { DEMO_COOKIE } from '@/lib/firstPaintScript';
import { warming } from '../http/readiness';

/**
 * What a site process does before it takes traffic (server/site/main.ts): it loads every route
 * module of the build (the pages and API routes Next would otherwise load on their first
 * request), has the server voice's workers ready, then renders the hot pages through its own
 * request handler on a private loopback port: home, the hottest stories of the ranking (their
 * pages and first chapters), the ranking and a search, and calls the API routes readers call most
 * (a story's details and comments, a write refused for its made-up sign-in, a title read aloud as
 * a prefetch, not counted as a listen), and last asks for the hot pages once more as browsers do,
 * which leaves its page copy full and fresh. A restarted process then answers its first readers at
 * its usual pace instead of rendering, compiling and filling its caches under them.
 */

export interface WarmUpOptions {
  distDir: string;
  /** The process's request handler (page copy, gate, Next). */
  handle: RequestListener;
  /** How many of the hottest stories get their page and first chapter rendered. */
  stories?: number;
  /** Demo mode, whose proxy flags every browser with a cookie (proxy.ts). */
  demo?: boolean;
}

export interface WarmUpReport {
  modules: number;
  requests: number;
  failures: string[];
  ms: number;
  /** Milliseconds spent in each step, for the start-up log. */
  steps: { modules: number; voice: number; pages: number; api: number };
}

/** The hottest stories, the ranking's first pages: the pages a restarted site is asked for most. */
export const HOT_STORIES = 120;
/** Pages rendered at once: enough to keep the process busy while the database answers. */
const CONCURRENCY = 4;
/** The ranking's page size (API.md: at most 50 per page). */
const PER_PAGE = 50;
/** A sign-in token of the right shape that no identity service issued. */
const MADE_UP_TOKEN = [{ alg: 'RS256', kid: 'warm-up', typ: 'JWT' }, { sub: 'warm-up' }]
  .map((part) => Buffer.from(JSON.stringify(part)).toString('base64url'))
  .concat('c2lnbmF0dXJl')
  .join('.');

/** The route modules of the build, as Next's pages manifest lists them. */
export function routeModules(distDir: string): string[] {
  const serverDir = path.resolve(distDir, 'server');
  try {
    const manifest = JSON.parse(fs.readFileSync(path.join(serverDir, 'pages-manifest.json'), 'utf8')) as Record<string, string>;
    return [...new Set(Object.values(manifest))].filter((file) => file.endsWith('.js')).map((file) => path.join(serverDir, file));
  } catch {
    return [];
  }
}

/** The story pages linked from the home page's story cards, in their order. */
export function storyLinks(homeHtml: string, count: number): string[] {
  const links: string[] = [];
  for (const match of homeHtml.matchAll(/<a\b[^>]*>/g)) {
    const tag = match[0];
    if (!tag.includes('data-testid="story-card"')) continue;
    const href = /href="(\/[^"/?#]+)(?:[?#][^"]*)?"/.exec(tag)?.[1];
    if (href && !links.includes(href)) links.push(href);
    if (links.length >= count) break;
  }
  return links;
}

/** The story slugs of a ranking answer (`GET /api/book/top/…`), in order; none for anything else. */
export function rankedSlugs(body: string): string[] {
  try {
    const { results } = JSON.parse(body) as { results?: { slug?: unknown }[] };
    return (results ?? []).map((story) => story.slug).filter((slug): slug is string => typeof slug === 'string' && slug.length > 0);
  } catch {
    return [];
  }
}

/**
 * The order in which a process renders the hot pages. Processes of a cluster warm at the same
 * time and share Next's page cache on disk, so every other worker starts from the end: a page one
 * of them has just written is read by the other instead of being rendered twice.
 */
export function warmOrder<T>(items: T[], workerId = cluster.worker?.id ?? 0): T[] {
  return workerId % 2 === 0 ? items : [...items].reverse();
}

/** Runs `work` over `items`, at most `limit` at a time. */
async function eachLimited<T>(items: T[], limit: number, work: (item: T) => Promise<unknown>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await work(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}

interface Answer {
  status: number;
  body: string;
}

interface SendOptions {
  body?: unknown;
  token?: string;
  /** Accept-Encoding; identity unless asked. */
  encoding?: string;
  cookie?: string;
}

function send(port: number, method: 'GET' | 'POST', url: string, { body, token, encoding = 'identity', cookie }: SendOptions = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const headers: http.OutgoingHttpHeaders = { accept: url.startsWith('/api/') ? 'application/json' : 'text/html', 'accept-encoding': encoding };
    if (payload !== undefined) headers['content-type'] = 'application/json';
    if (token) headers.authorization = `Bearer ${token}`;
    if (cookie) headers.cookie = cookie;
    const req = http.request({ host: '127.0.0.1', port, method, path: url, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.setTimeout(30_000, () => req.destroy(new Error('timed out')));
    req.on('error', reject);
    req.end(payload);
  });
}

export async function warmUp({ distDir, handle, stories = HOT_STORIES, demo = false }: WarmUpOptions): Promise<WarmUpReport> {
  const started = performance.now();
  let mark = started;
  const lap = () => {
    const now = performance.now();
    const ms = Math.round(now - mark);
    mark = now;
    return ms;
  };
  const failures: string[] = [];
  const modules = routeModules(distDir);
  for (const file of modules) {
    try {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      require(file);
    } catch (error) {
      failures.push(`${path.basename(file)}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  const steps = { modules: lap(), voice: 0, pages: 0, api: 0 };
  // The server voice's workers, started at boot (instrumentation.ts), warm before any page.
  await warming();
  steps.voice = lap();
  // `exclusive`: in a cluster worker the port is this process's own, not shared with the others.
  const server = http.createServer(handle);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ host: '127.0.0.1', port: 0, exclusive: true }, resolve);
  });
  const { port } = server.address() as AddressInfo;
  let requests = 0;
  const call = async (method: 'GET' | 'POST', url: string, options?: SendOptions) => {
    try {
      const answer = await send(port, method, url, options);
      if (answer.status >= 500) failures.push(`${method} ${url}: ${answer.status}`);
      else requests += 1;
      return answer.body;
    } catch (error) {
      failures.push(`${method} ${url}: ${error instanceof Error ? error.message : String(error)}`);
      return '';
    }
  };
  try {
    const home = await call('GET', '/');
    const ranked: string[] = [];
    for (let page = 0; ranked.length < stories && page * PER_PAGE < stories; page++) {
      const slugs = rankedSlugs(await call('GET', `/api/book/top/hot/${page}?perpage=${PER_PAGE}`));
      ranked.push(...slugs);
      if (slugs.length < PER_PAGE) break;
    }
    const links = [...new Set([...storyLinks(home, stories), ...ranked.map((slug) => `/${slug}`)])].slice(0, stories);
    await eachLimited(warmOrder(links), CONCURRENCY, (link) => call('GET', link));
    await eachLimited(warmOrder(links), CONCURRENCY, (link) => call('GET', `${link}/chuong-1`));
    await eachLimited(['/bang-xep-hang', '/truyen?keyword=tien'], CONCURRENCY, (url) => call('GET', url));
    steps.pages = lap();
    const ids: string[] = [];
    await eachLimited(links, CONCURRENCY, async (link) => {
      const id = /"_id":"(\d+)"/.exec(await call('GET', `/api/book/slug${link}`))?.[1];
      if (id) ids.push(id);
    });
    await eachLimited(links, CONCURRENCY, (link) => call('GET', `/api/book/slug${link}`, { encoding: 'gzip' }));
    await eachLimited(ids.slice(0, 2 * CONCURRENCY), CONCURRENCY, (id) => call('POST', '/api/comments/top-level', { body: { truyenId: Number(id) } }));
    if (ids[0]) {
      await call('POST', '/api/user/web/bookmark', { body: { _id: ids[0], chapter: 1, save: true, time: Date.now() }, token: MADE_UP_TOKEN });
      await call('GET', `/api/audio/${ids[0]}/1/0?prefetch=1`);
    }
    steps.api = lap();
    // Last, once more as browsers ask (compressed; on a first visit and, in demo mode, on their
    // return with the flag cookie its proxy gives, proxy.ts): most requests of a running site are
    // these answers from Next's page cache, a path of its own that is compiled for speed only
    // once it has run often; and the process's page copy (server/http/pageCache.ts), keyed on
    // the same, starts full and fresh.
    for (const cookie of demo ? [undefined, `${DEMO_COOKIE}=1`] : [undefined]) {
      await eachLimited(links.flatMap((link) => [link, `${link}/chuong-1`]), CONCURRENCY, (url) => call('GET', url, { encoding: 'gzip', cookie }));
    }
    steps.pages += lap();
  } finally {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
  return { modules: modules.length, requests, failures, ms: Math.round(performance.now() - started), steps };
}
