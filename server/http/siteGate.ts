import type { IncomingMessage, ServerResponse } from 'node:http';
import { DATABASE_RETRY_AFTER_SECONDS } from '../db/unavailable';
import type { ServerEnv } from '../env';
import { ANYONE, WorkLimiter } from '../http/workLimiter';
import { OVERLOADED } from './admission';
import { HttpError } from './errors';
import { requestClaimant } from './reader';

/**
 * The gate in front of every request a site process serves (server/site/main.ts): SITE_CONCURRENCY
 * requests are handled at once, the others wait (at most SITE_QUEUE, READER_QUEUE per reader,
 * each at most DB_POOL_WAIT_MS) and are otherwise answered 503 with Retry-After before any work is
 * done. The next turn goes to the reader with the smallest share running, then the oldest request
 * (readers by device cookie within their address's ceiling, server/http/reader.ts).
 *
 * Pages (the process's kept copies too, server/site/main.ts) and API requests share one line, so
 * under a saturated CPU every reader waits about as long as any other: without it, cached pages
 * jumped ahead and API requests (chapter text, saves, history) took the whole wait. It also
 * bounds page renders, which the API admission does not see.
 * A request holds its turn until its answer is written or its connection closes.
 */

export interface SiteGateOptions {
  concurrency: number;
  queue: number;
  maxWaitMs: number;
  perReader?: number;
  addressReaders?: number;
  /** How requests are told apart (the device cookie's secret, TRUST_PROXY); without it, one line for all. */
  readers?: Pick<ServerEnv, 'DEVICE_COOKIE_SECRET' | 'TRUST_PROXY'>;
}

export interface SiteGate {
  /** Calls `handle` in the request's turn, or answers 503 when the line is full or too slow. */
  serve(req: IncomingMessage, res: ServerResponse, handle: () => void): void;
  state(): { active: number; waiting: number; limit: number };
}

/**
 * Requests that take no turn: build assets (cheap, and a page needs a dozen of them), health
 * checks, and the long-lived ones, which would hold a turn for as long as they last: audio
 * streams, embedding (live fetches from source sites), files made for "Tải về" and the scheduler's hook. The API routes
 * among them also skip the API admission (`apiRoute(…, { admission: false })`).
 */
const NO_TURN = [/^\/_next\/static\//, /^\/api\/health(?:[/?]|$)/, /^\/api\/audio\//, /^\/api\/embedding\/(?:embed|preview|search)(?:[/?]|$)/, /^\/api\/jobs\//, /^\/api\/export\//];

export function takesTurn(url: string): boolean {
  return !NO_TURN.some((pattern) => pattern.test(url));
}

const OVERLOADED_PAGE =
  '<!doctype html><html lang="vi"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">' +
  `<title>Truyện Audio đang quá tải</title></head><body style="font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem">` +
  `<h1>Truyện Audio đang quá tải</h1><p>${OVERLOADED} Trang sẽ mở lại khi bạn tải lại.</p></body></html>`;

function refuse(req: IncomingMessage, res: ServerResponse, error: HttpError): void {
  const api = req.url?.startsWith('/api/');
  res.writeHead(error.status, {
    'content-type': api ? 'application/json; charset=utf-8' : 'text/html; charset=utf-8',
    'retry-after': String(error.retryAfter ?? DATABASE_RETRY_AFTER_SECONDS),
    'cache-control': 'no-store',
  });
  res.end(api ? JSON.stringify({ message: error.message }) : OVERLOADED_PAGE);
}

/**
 * The process's gate as GET /api/health reports it. The site process and Next's route bundles
 * are built apart, so the gate is published on the process's global object.
 */
const PUBLISHED = Symbol.for('truyen-audio.siteGate');

export function publishSiteGate(gate: SiteGate): void {
  (globalThis as { [PUBLISHED]?: SiteGate })[PUBLISHED] = gate;
}

/** The published gate's state; null under `next dev`, which has no gate. */
export function siteGateState(): ReturnType<SiteGate['state']> | null {
  return (globalThis as { [PUBLISHED]?: SiteGate })[PUBLISHED]?.state() ?? null;
}

export function createSiteGate({ concurrency, queue, maxWaitMs, perReader, addressReaders, readers }: SiteGateOptions): SiteGate {
  const limiter = new WorkLimiter({ concurrency, queue, maxWaitMs, perReader, addressReaders, message: OVERLOADED, retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS });
  return {
    serve(req, res, handle) {
      if (!takesTurn(req.url ?? '/')) return handle();
      const claimant = readers ? requestClaimant(req, readers) : ANYONE;
      limiter.acquire(claimant).then(
        () => {
          let held = true;
          // A reader who gave up while waiting: the turn passes on without any work.
          if (res.destroyed) return limiter.release(claimant);
          const release = () => {
            if (!held) return;
            held = false;
            limiter.release(claimant);
          };
          res.once('finish', release);
          res.once('close', release);
          handle();
        },
        (error: HttpError) => refuse(req, res, error),
      );
    },
    state: () => ({ active: limiter.active, waiting: limiter.queued, limit: concurrency }),
  };
}
