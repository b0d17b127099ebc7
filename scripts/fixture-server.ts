import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import type { FixtureMode } from '../__tests__/fixtures/sources/http';
import { createFixtureSites, parseCookieHeader } from '../__tests__/fixtures/sources/sites';

/**
 * Serves the fixture copies of the supported source sites on 127.0.0.1. A request is routed by
 * its Host header, which is what safeFetch sends when SOURCES_FIXTURE_ORIGIN points here, e.g.
 * `curl -H 'Host: www.69shuba.com' http://127.0.0.1:4555/book/57358.htm`.
 *
 * Control endpoints for tests in another process:
 * - `POST /__fixture/add-chapter` with JSON `{"siteId":"22biqu","bookId":"5403"}` publishes a chapter;
 * - `POST /__fixture/mode` with JSON `{"siteId":"69shuba","mode":"challenge"}` makes a site answer with
 *   its browser check (`challenge`), its block page (`block`), 429 (`rate-limit`), 503 (`unavailable`), 404 for every page (`gone`) or normally (`normal`);
 * - `GET /__fixture/health` answers 200.
 *
 * Run directly: `tsx scripts/fixture-server.ts [port]` (default 4555), then start the app with
 * `SOURCES_ALLOW_LOOPBACK=1 SOURCES_FIXTURE_ORIGIN=http://127.0.0.1:4555`.
 */
export interface FixtureServer {
  origin: string;
  close(): Promise<void>;
  addChapter(siteId: string, bookId: string): void;
  setMode(siteId: string, mode: FixtureMode): void;
  /** Requests the sites answered, as "host path?query". */
  readonly requests: readonly string[];
  /** When each of `requests` arrived (ms since the epoch), in the same order. */
  readonly arrivals: readonly number[];
}

const MODES: readonly FixtureMode[] = ['normal', 'challenge', 'block', 'rate-limit', 'unavailable', 'gone'];

const CONTROL_PREFIX = '/__fixture/';
const MAX_REQUEST_BODY = 64 * 1024;

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_REQUEST_BODY) req.destroy(new Error('request body too large'));
      else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

export async function startFixtureServer(port = 0): Promise<FixtureServer> {
  const sites = createFixtureSites();
  const arrivals: number[] = [];

  const control = async (req: http.IncomingMessage, res: http.ServerResponse, path: string) => {
    if (path === `${CONTROL_PREFIX}health`) {
      res.writeHead(200, { 'Content-Type': 'text/plain' }).end('ok');
      return;
    }
    if (path === `${CONTROL_PREFIX}add-chapter` && req.method === 'POST') {
      try {
        const { siteId, bookId } = JSON.parse(await readBody(req)) as { siteId?: unknown; bookId?: unknown };
        if (typeof siteId !== 'string' || typeof bookId !== 'string') throw new Error('siteId and bookId are required');
        sites.addChapter(siteId, bookId);
        const count = sites.chapterCount(siteId, bookId);
        res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ chapterCount: count }));
      } catch (error) {
        res.writeHead(400, { 'Content-Type': 'text/plain' }).end(error instanceof Error ? error.message : 'bad request');
      }
      return;
    }
    if (path === `${CONTROL_PREFIX}mode` && req.method === 'POST') {
      try {
        const { siteId, mode } = JSON.parse(await readBody(req)) as { siteId?: unknown; mode?: unknown };
        if (typeof siteId !== 'string' || !MODES.includes(mode as FixtureMode)) throw new Error('siteId and a known mode are required');
        sites.setMode(siteId, mode as FixtureMode);
        res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ siteId, mode }));
      } catch (error) {
        res.writeHead(400, { 'Content-Type': 'text/plain' }).end(error instanceof Error ? error.message : 'bad request');
      }
      return;
    }
    res.writeHead(404).end();
  };

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fixture.invalid');
    if (url.pathname.startsWith(CONTROL_PREFIX)) {
      void control(req, res, url.pathname);
      return;
    }
    const arrived = Date.now();
    void readBody(req).then((body) => {
      const host = (req.headers.host ?? '').replace(/:\d+$/, '').toLowerCase();
      arrivals.push(arrived);
      const answer = sites.handle({
        host,
        method: req.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        cookies: parseCookieHeader(req.headers.cookie),
        form: new URLSearchParams(body),
        rawQuery: url.search,
        rawBody: body,
      });
      const gzip = answer.body.length > 0 && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
      const payload = gzip ? zlib.gzipSync(answer.body) : answer.body;
      res.writeHead(answer.status, {
        ...answer.headers,
        ...(gzip ? { 'Content-Encoding': 'gzip' } : {}),
        'Content-Length': String(payload.length),
      });
      res.end(payload);
    }, () => res.destroy());
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const { port: bound } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${bound}`,
    addChapter: (siteId, bookId) => sites.addChapter(siteId, bookId),
    setMode: (siteId, mode) => sites.setMode(siteId, mode),
    requests: sites.requests,
    arrivals,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

if (process.argv[1] && /fixture-server\.[cm]?[jt]s$/.test(process.argv[1])) {
  const port = Number(process.argv[2] ?? 4555);
  startFixtureServer(port).then(
    (fixture) => {
      process.stdout.write(`fixture sites on ${fixture.origin}\n`);
      const stop = () => void fixture.close().then(() => process.exit(0));
      process.on('SIGINT', stop);
      process.on('SIGTERM', stop);
    },
    (error: unknown) => {
      process.stderr.write(`fixture server failed: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exit(1);
    },
  );
}
