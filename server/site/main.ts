/**
 * One production site process (`npm start`, and each worker of `npm run start:cluster`): Next.js
 * behind the site gate (server/http/siteGate.ts), listening on HOST:PORT once it is warm (its route
 * modules loaded, the hot pages rendered: server/site/warmUp.ts), or at once, warming up while it
 * serves, when the launcher starts it while no other site process serves (SITE_SERVE_BEFORE_WARM).
 * Every page and API answer to a browser without one carries a device cookie
 * (server/http/deviceCookie.ts). `npm run build` bundles this file into `<distDir>/site-server.js`,
 * so it runs on plain Node.
 */
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import next from 'next';
import { env, siteSettings } from '../env';
import { logger } from '../logger';
import { giveDeviceCookie, secureCookies } from '../http/deviceCookie';
import { createPageCache, publishPageCache } from '../http/pageCache';
import { publishReadiness } from '../http/readiness';
import { createSiteGate, publishSiteGate } from '../http/siteGate';
import { startTakedownGate, type TakedownGate } from './takedownGate';
import { warmUp } from './warmUp';

/** Requests in flight finish within this after SIGTERM; a connection still open then is cut. */
const SHUTDOWN_GRACE_MS = 10_000;
/** How long a stopping process leaves idle keep-alive connections open (see stop below). */
const IDLE_CLOSE_DELAY_MS = 1_000;
/** Bytes of page copies one process keeps at most. */
const PAGE_CACHE_BYTES = 64 * 1024 * 1024;

/** Under `npm start`, tells the launcher it listens and waits (at most 5 s) until it has counted the start. */
function toldLauncher(): Promise<void> {
  if (!siteSettings().readyHandshake || !process.send) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(done, 5_000);
    process.once('message', done);
    process.send!({ listening: true });
  });
}

async function main(): Promise<void> {
  // Named for `ps`, `top` and the benchmarks' CPU table.
  process.title = 'truyen-site';
  const { host, port, distDir, demoMode, serveBeforeWarm } = siteSettings();
  const config = env();
  const app = next({ dev: false, hostname: host, port, dir: process.cwd() });
  const handle = app.getRequestHandler();
  await app.prepare();
  publishReadiness({ ready: false });
  const gate = createSiteGate({
    concurrency: config.SITE_CONCURRENCY,
    queue: config.SITE_QUEUE,
    maxWaitMs: config.DB_POOL_WAIT_MS,
    perReader: config.READER_QUEUE,
    addressReaders: config.ADDRESS_READERS,
    readers: config,
  });
  publishSiteGate(gate);
  const pages = createPageCache({ ttlMs: config.SITE_PAGE_CACHE_MS, maxBytes: PAGE_CACHE_BYTES, demo: demoMode });
  publishPageCache(pages);
  const secure = secureCookies(config);
  const nextHandler: http.RequestListener = (req, res) => void handle(req, res);
  // Loaded beside the warm-up; the process listens only once it is (see listen below).
  let takedowns: TakedownGate | undefined;
  const takedownsReady = startTakedownGate({
    databaseUrl: config.DATABASE_URL,
    handle: nextHandler,
    distDir: path.resolve(distDir),
    forget: (pagePath) => pages.forget(pagePath),
    log: (message) => logger.warn(message),
  }).then((gate) => {
    takedowns = gate;
  });
  let stopping = false;
  // A kept page is answered in its turn at the gate, like any other request: were it answered
  // at once, readers of kept pages would come back sooner and those waiting for the API would
  // take the whole wait of a saturated process.
  const listener: http.RequestListener = (req, res) => {
    // Once stopping, each answer closes its connection, so no reader sends into one being closed.
    if (stopping) res.setHeader('Connection', 'close');
    giveDeviceCookie(req, res, config.DEVICE_COOKIE_SECRET, secure);
    gate.serve(req, res, () => {
      // A taken-down story's pages are refused before any kept copy of them is served.
      if (takedowns?.blocks(req.url)) takedowns.refuse(req, res, nextHandler);
      else if (!pages.serve(req, res)) void handle(req, res);
    });
  };
  const server = http.createServer(listener);
  const listen = async () => {
    await takedownsReady;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, resolve);
    });
    await toldLauncher();
    logger.info(
      `✓ Ready on http://${host}:${port} (process ${process.pid}, ${config.SITE_CONCURRENCY} requests at once` +
        `${serveBeforeWarm ? '; no other site process serves, so it warms up while it serves' : ''})`,
    );
  };
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    // Requests in flight finish; a connection that keeps them from doing so is cut after the grace.
    setTimeout(() => process.exit(signal === 'SIGINT' ? 130 : 143), SHUTDOWN_GRACE_MS).unref();
    // No new connections (in a cluster, the primary sends them to the other workers). Keep-alive
    // connections are not cut at once, which would fail a request a reader is sending on one at
    // that moment: each closes after its next answer (Connection: close); those still idle a
    // moment later are closed then.
    net.Server.prototype.close.call(server, () => void Promise.all([app.close(), takedowns?.close()]).finally(() => process.exit(0)));
    setTimeout(() => server.closeIdleConnections(), IDLE_CLOSE_DELAY_MS).unref();
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  // Started in place of the only site process, it serves at once: a reader is better served slowly
  // than refused while the warm-up runs.
  if (serveBeforeWarm) await listen();
  const warm = await warmUp({ distDir, handle: listener, demo: demoMode });
  for (const failure of warm.failures) logger.error({ failure }, `Warm-up: ${failure}`);
  const { steps } = warm;
  logger.info(
    `✓ Warm in ${warm.ms} ms (process ${process.pid}: ${warm.modules} route modules in ${steps.modules} ms, voice ${steps.voice} ms, ` +
      `${warm.requests} pages and requests: pages ${steps.pages} ms, API ${steps.api} ms)`,
  );
  publishReadiness({ ready: true, warmUp: { modules: warm.modules, requests: warm.requests, failures: warm.failures.length, ms: warm.ms } });
  if (!serveBeforeWarm && !stopping) await listen();
}

main().catch((error: unknown) => {
  logger.fatal({ err: error }, error instanceof Error ? error.message : String(error));
  process.exit(1);
});
