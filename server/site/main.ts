/**
 * One production site process (`npm start`, and each worker of `npm run start:cluster`): Next.js
 * behind the site gate (server/http/siteGate.ts), listening on HOST:PORT. `npm run build` bundles
 * this file into `<distDir>/site-server.js`, so it runs on plain Node.
 */
import http from 'node:http';
import next from 'next';
import { demoModeOf, env } from '../env';
import { createPageCache } from '../http/pageCache';
import { createSiteGate, publishSiteGate } from '../http/siteGate';

const SHUTDOWN_GRACE_MS = 5_000;
/** Bytes of page copies one process keeps at most. */
const PAGE_CACHE_BYTES = 64 * 1024 * 1024;

async function main(): Promise<void> {
  // Named for `ps`, `top` and the benchmarks' CPU table.
  process.title = 'truyen-site';
  const host = process.env.HOST || '127.0.0.1';
  const port = Number(process.env.PORT || 3000);
  const config = env();
  const app = next({ dev: false, hostname: host, port, dir: process.cwd() });
  const handle = app.getRequestHandler();
  await app.prepare();
  const gate = createSiteGate({ concurrency: config.SITE_CONCURRENCY, queue: config.SITE_QUEUE, maxWaitMs: config.DB_POOL_WAIT_MS });
  publishSiteGate(gate);
  const pages = createPageCache({ ttlMs: config.SITE_PAGE_CACHE_MS, maxBytes: PAGE_CACHE_BYTES, demo: demoModeOf(process.env) });
  // A kept page is answered at once, without a turn at the gate: it costs no more than a build asset.
  const server = http.createServer((req, res) => {
    if (!pages.serve(req, res)) gate.serve(req, res, () => void handle(req, res));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  console.log(`✓ Ready on http://${host}:${port} (process ${process.pid}, ${config.SITE_CONCURRENCY} requests at once)`);

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    // Requests in flight finish; a connection that keeps them from doing so is cut after the grace.
    setTimeout(() => process.exit(signal === 'SIGINT' ? 130 : 143), SHUTDOWN_GRACE_MS).unref();
    server.close(() => void app.close().finally(() => process.exit(0)));
    server.closeIdleConnections();
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
