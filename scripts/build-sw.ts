/**
 * Builds the service worker after `next build` (Turbopack has no service-worker plugin):
 * esbuild bundles lib/offline/sw.ts, and @serwist/build injects the precache list of the build's
 * static files, the icons and the offline page into it. The result, `<distDir>/sw.js`, belongs to
 * that build (several builds of one checkout each have their own) and is served at /sw.js by
 * pages/sw.js.ts. `npm run build` runs it; `tsx scripts/build-sw.ts` runs it alone.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

/** Files of public/ the shell needs offline. */
const PUBLIC_SHELL = ['favicon.ico', 'icon.svg', 'site.webmanifest', 'apple-touch-icon.png', 'icons/icon-192.png', 'icons/icon-512.png'];

/** Pages precached with the build (their HTML changes with each build). */
const SHELL_PAGES = ['/~offline'];

function fileRevision(file: string): string {
  return crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex').slice(0, 16);
}

export async function buildServiceWorker(distDir: string, cwd = process.cwd()): Promise<{ count: number; size: number }> {
  const dist = path.resolve(cwd, distDir);
  const buildId = fs.readFileSync(path.join(dist, 'BUILD_ID'), 'utf8').trim();
  const bundled = path.join(dist, 'sw.bundle.js');
  const swDest = path.join(dist, 'sw.js');
  await build({
    entryPoints: [path.join(cwd, 'lib/offline/sw.ts')],
    outfile: bundled,
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2020',
    minify: true,
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'warning',
  });
  const { injectManifest } = await import('@serwist/build');
  const result = await injectManifest({
    swSrc: bundled,
    swDest,
    globDirectory: dist,
    globPatterns: ['static/**/*.{js,css,woff2,woff,png,svg,ico,webp,avif,jpg}'],
    modifyURLPrefix: { 'static/': '/_next/static/' },
    // Their names carry a content hash.
    dontCacheBustURLsMatching: /^\/_next\/static\//,
    maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
    additionalPrecacheEntries: [
      ...PUBLIC_SHELL.filter((file) => fs.existsSync(path.join(cwd, 'public', file))).map((file) => ({
        url: `/${file}`,
        revision: fileRevision(path.join(cwd, 'public', file)),
      })),
      ...SHELL_PAGES.map((url) => ({ url, revision: buildId })),
    ],
  });
  fs.rmSync(bundled, { force: true });
  fs.rmSync(`${bundled}.map`, { force: true });
  return { count: result.count, size: result.size };
}

if (require.main === module) {
  const distDir = process.env.NEXT_DIST_DIR || '.next';
  buildServiceWorker(distDir)
    .then(({ count, size }) => console.log(`Service worker: ${distDir}/sw.js precaches ${count} files (${(size / 1024 / 1024).toFixed(1)} MB).`))
    .catch((error: unknown) => {
      console.error('Service worker build failed:', error instanceof Error ? error.message : error);
      process.exit(1);
    });
}
