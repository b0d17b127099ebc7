import fs from 'node:fs';
import http, { type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { warming } from '../http/readiness';

/**
 * What a site process does before it takes traffic (server/site/main.ts): it loads every route
 * module of the build (the pages and API routes Next would otherwise load on their first
 * request) and renders the hot pages (home, the stories it lists first, their first chapters)
 * through its own request handler on a private loopback port, and has the server voice read the
 * first story's first title (a prefetch: not counted as a listen), so its workers are warm. A restarted process then answers
 * its first readers at its usual pace instead of compiling and filling its caches under them.
 */

export interface WarmUpOptions {
  distDir: string;
  /** The process's request handler (page copy, gate, Next). */
  handle: RequestListener;
  /** Stories of the home page whose page and first chapter are rendered. */
  stories?: number;
}

export interface WarmUpReport {
  modules: number;
  requests: number;
  failures: string[];
  ms: number;
}

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
    const href = /href="(\/[^"/?#]+)"/.exec(tag)?.[1];
    if (href && !links.includes(href)) links.push(href);
    if (links.length >= count) break;
  }
  return links;
}

function get(port: number, url: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path: url, headers: { accept: 'text/html', 'accept-encoding': 'identity' } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.setTimeout(30_000, () => req.destroy(new Error('timed out')));
    req.on('error', reject);
  });
}

export async function warmUp({ distDir, handle, stories = 48 }: WarmUpOptions): Promise<WarmUpReport> {
  const started = performance.now();
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
  // The server voice's workers, started at boot (instrumentation.ts), warm before any page.
  await warming();
  // `exclusive`: in a cluster worker the port is this process's own, not shared with the others.
  const server = http.createServer(handle);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ host: '127.0.0.1', port: 0, exclusive: true }, resolve);
  });
  const { port } = server.address() as AddressInfo;
  let requests = 0;
  const render = async (url: string) => {
    try {
      const answer = await get(port, url);
      if (answer.status >= 500) failures.push(`${url}: ${answer.status}`);
      else requests += 1;
      return answer.body;
    } catch (error) {
      failures.push(`${url}: ${error instanceof Error ? error.message : String(error)}`);
      return '';
    }
  };
  try {
    const home = await render('/');
    const links = storyLinks(home, stories);
    await Promise.all(links.map((link) => render(link)));
    await Promise.all(links.map((link) => render(`${link}/chuong-1`)));
    await Promise.all(['/bang-xep-hang', '/truyen?keyword=tien'].map(render));
    if (links[0]) {
      const found = /"_id":"(\d+)"/.exec(await render(`/api/book/slug${links[0]}`))?.[1];
      if (found) await render(`/api/audio/${found}/1/0?prefetch=1`);
    }
  } finally {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
  return { modules: modules.length, requests, failures, ms: Math.round(performance.now() - started) };
}
