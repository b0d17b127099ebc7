import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Client } from 'pg';
import { VISIBILITY_CHANNEL } from '../services/takedowns';

/**
 * Takedowns at the door of a site process: the slugs of hidden stories and of held takedowns are
 * kept in memory, and a request for such a story's pages (`/slug`, `/slug/chuong-N` and their
 * `_next/data`) is answered 404 before any kept copy (Next's ISR page or this process's page copy)
 * is served. A takedown or its lifting, from the console or the command line, is announced on a
 * PostgreSQL channel (server/services/takedowns.ts): every process reloads the list at once,
 * drops its page copies and regenerates the home page and the story page. The list is also
 * reloaded every `refreshMs`, for notifications missed while the connection was down.
 */

const SLUGS_QUERY = `select slug from stories where hidden
  union select story_slug from takedowns where lifted_at is null`;

/** The story slug a page URL names, or null for any other URL (API, assets, top-level pages). */
export function storySlugOf(url: string): string | null {
  const bare = url.split('?', 1)[0];
  const data = /^\/_next\/data\/[^/]+(\/.*)\.json$/.exec(bare)?.[1];
  const pagePath = data ?? bare;
  const match = /^\/([^/]+)(?:\/[^/]+)?\/?$/.exec(pagePath);
  if (!match) return null;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return null;
  }
}

export interface TakedownGateOptions {
  databaseUrl: string;
  /** Next's own request handler (regeneration bypasses the site gate and the page copy). */
  handle: http.RequestListener;
  distDir: string;
  /** Drops this process's page copies of a path. */
  forget: (path: string) => void;
  refreshMs?: number;
  log?: (message: string) => void;
}

export interface TakedownGate {
  /** Whether the URL is a page of a story under a takedown. */
  blocks(url: string | undefined): boolean;
  /** Answers a blocked request: 404, with Next's not-found page for a page request. */
  refuse(req: http.IncomingMessage, res: http.ServerResponse, next: http.RequestListener): void;
  close(): Promise<void>;
}

function previewModeId(distDir: string): string | undefined {
  try {
    const manifest = JSON.parse(fs.readFileSync(path.join(distDir, 'prerender-manifest.json'), 'utf8')) as { preview?: { previewModeId?: string } };
    return manifest.preview?.previewModeId;
  } catch {
    return undefined;
  }
}

/** Asks Next, through a loopback port of this process alone, to render `paths` again now. */
async function regenerate(handle: http.RequestListener, revalidateId: string, paths: string[]): Promise<void> {
  const server = http.createServer(handle);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ host: '127.0.0.1', port: 0, exclusive: true }, resolve);
  });
  const { port } = server.address() as AddressInfo;
  try {
    for (const pagePath of paths) {
      await new Promise<void>((resolve) => {
        const req = http.request({ host: '127.0.0.1', port, method: 'HEAD', path: encodeURI(pagePath), headers: { 'x-prerender-revalidate': revalidateId } }, (res) => {
          res.resume();
          res.on('end', resolve);
        });
        req.setTimeout(30_000, () => req.destroy());
        req.on('error', () => resolve());
        req.end();
      });
    }
  } finally {
    server.close();
  }
}

export async function startTakedownGate(options: TakedownGateOptions): Promise<TakedownGate> {
  const { databaseUrl, handle, distDir, forget, refreshMs = 30_000, log = () => undefined } = options;
  let blocked = new Set<string>();
  let closed = false;
  let listener: Client | undefined;
  const revalidateId = previewModeId(distDir);

  const reload = async () => {
    const client = new Client({ connectionString: databaseUrl, application_name: 'truyen-audio-takedowns' });
    try {
      await client.connect();
      const { rows } = await client.query<{ slug: string }>(SLUGS_QUERY);
      blocked = new Set(rows.map((row) => row.slug));
    } finally {
      await client.end().catch(() => undefined);
    }
  };

  const changed = async (slug: string) => {
    await reload().catch((error: unknown) => log(`takedowns: reload failed: ${String(error)}`));
    for (const pagePath of ['/', `/${slug}`]) forget(pagePath);
    if (revalidateId) await regenerate(handle, revalidateId, ['/', `/${slug}`]).catch(() => undefined);
  };

  const listen = async () => {
    if (closed) return;
    const client = new Client({ connectionString: databaseUrl, application_name: 'truyen-audio-takedowns' });
    client.on('notification', (message) => {
      if (message.channel === VISIBILITY_CHANNEL && message.payload) void changed(message.payload);
    });
    client.on('error', () => {
      listener = undefined;
      void client.end().catch(() => undefined);
      if (!closed) setTimeout(() => void listen().catch(() => undefined), 1_000).unref();
    });
    await client.connect();
    await client.query(`LISTEN ${VISIBILITY_CHANNEL}`);
    listener = client;
    // Anything announced while no connection listened is read now.
    await reload();
  };

  await reload();
  await listen().catch((error: unknown) => {
    log(`takedowns: cannot listen for changes (${String(error)}); the list is reloaded every ${refreshMs} ms`);
    setTimeout(() => void listen().catch(() => undefined), 1_000).unref();
  });
  const timer = setInterval(() => void reload().catch(() => undefined), refreshMs);
  timer.unref();

  return {
    blocks(url) {
      if (blocked.size === 0 || !url) return false;
      const slug = storySlugOf(url);
      return slug !== null && blocked.has(slug);
    },
    refuse(req, res, next) {
      if (/^\/_next\/data\//.test(req.url ?? '')) {
        res.statusCode = 404;
        res.setHeader('Cache-Control', 'no-store');
        res.setHeader('Content-Type', 'application/json');
        res.end('{"notFound":true}');
        return;
      }
      // Next's own not-found page, with its 404 status.
      req.url = '/404';
      res.setHeader('Cache-Control', 'no-store');
      next(req, res);
    },
    async close() {
      closed = true;
      clearInterval(timer);
      await listener?.end().catch(() => undefined);
    },
  };
}
