/** @jest-environment node */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { OVERLOADED } from '@/server/http/admission';
import { createSiteGate, takesTurn, type SiteGate } from '@/server/http/siteGate';

/**
 * The gate in front of a real HTTP server: the handler answers a request only when the test says
 * so, and records the order in which requests reached it.
 */
interface Harness {
  gate: SiteGate;
  origin: string;
  reached: string[];
  answer(path: string): void;
  close(): Promise<void>;
}

async function harness(options: { concurrency: number; queue: number; maxWaitMs: number }): Promise<Harness> {
  const gate = createSiteGate(options);
  const reached: string[] = [];
  const pending = new Map<string, http.ServerResponse>();
  const server = http.createServer((req, res) =>
    gate.serve(req, res, () => {
      const path = req.url ?? '/';
      reached.push(path);
      if (path.startsWith('/_next/static/') || path.startsWith('/api/health')) res.end('ok');
      else pending.set(path, res);
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    gate,
    origin: `http://127.0.0.1:${port}`,
    reached,
    answer(path) {
      pending.get(path)?.end(`answer of ${path}`);
      pending.delete(path);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const settle = async (until: () => boolean) => {
  for (let i = 0; i < 200 && !until(); i++) await new Promise((r) => setTimeout(r, 5));
};

describe('site gate', () => {
  let site: Harness | undefined;
  afterEach(async () => {
    await site?.close();
    site = undefined;
  });

  it('serves as many requests at once as allowed, pages and API alike, and the rest in arrival order', async () => {
    site = await harness({ concurrency: 2, queue: 10, maxWaitMs: 5_000 });
    const paths = ['/truyen-a', '/api/user/web/bookmarks', '/truyen-b', '/api/book/text'];
    const answers: Promise<Response>[] = [];
    for (const path of paths) {
      answers.push(fetch(site.origin + path));
      // Each request is on the wire before the next one, so arrival order is the list's order.
      await settle(() => site!.gate.state().active + site!.gate.state().waiting === answers.length);
    }
    expect(site.reached).toEqual(['/truyen-a', '/api/user/web/bookmarks']);
    expect(site.gate.state()).toEqual({ active: 2, waiting: 2, limit: 2 });
    site.answer('/api/user/web/bookmarks');
    await settle(() => site!.reached.length === 3);
    expect(site.reached[2]).toBe('/truyen-b');
    site.answer('/truyen-a');
    await settle(() => site!.reached.length === 4);
    expect(site.reached[3]).toBe('/api/book/text');
    site.answer('/truyen-b');
    site.answer('/api/book/text');
    const bodies = await Promise.all(answers.map(async (answer) => (await answer).text()));
    expect(bodies).toEqual(paths.map((path) => `answer of ${path}`));
    await settle(() => site!.gate.state().active === 0);
    expect(site.gate.state()).toEqual({ active: 0, waiting: 0, limit: 2 });
  });

  it('answers 503 with Retry-After when the line is full: JSON for the API, a Vietnamese page otherwise', async () => {
    site = await harness({ concurrency: 1, queue: 1, maxWaitMs: 5_000 });
    const first = fetch(`${site.origin}/truyen-a`);
    await settle(() => site!.gate.state().active === 1);
    const second = fetch(`${site.origin}/truyen-b`);
    await settle(() => site!.gate.state().waiting === 1);

    const api = await fetch(`${site.origin}/api/user/web/lichsu`, { method: 'POST', body: '{}' });
    expect(api.status).toBe(503);
    expect(Number(api.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await api.json()).toEqual({ message: OVERLOADED });

    const page = await fetch(`${site.origin}/bang-xep-hang`);
    expect(page.status).toBe(503);
    expect(Number(page.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(await page.text()).toContain('quá tải');
    expect(site.reached).toEqual(['/truyen-a']);

    site.answer('/truyen-a');
    await settle(() => site!.reached.length === 2);
    site.answer('/truyen-b');
    expect((await first).status).toBe(200);
    expect((await second).status).toBe(200);
  });

  it('answers 503 to a request that waited longer than allowed', async () => {
    site = await harness({ concurrency: 1, queue: 5, maxWaitMs: 100 });
    const first = fetch(`${site.origin}/truyen-a`);
    await settle(() => site!.gate.state().active === 1);
    const late = await fetch(`${site.origin}/truyen-b`);
    expect(late.status).toBe(503);
    expect(site.reached).toEqual(['/truyen-a']);
    site.answer('/truyen-a');
    expect((await first).status).toBe(200);
  });

  it('lets build assets, health checks and long-lived requests through without a turn', async () => {
    site = await harness({ concurrency: 1, queue: 0, maxWaitMs: 5_000 });
    const held = fetch(`${site.origin}/truyen-a`);
    await settle(() => site!.gate.state().active === 1);
    expect((await fetch(`${site.origin}/_next/static/chunks/app.js`)).status).toBe(200);
    expect((await fetch(`${site.origin}/api/health`)).status).toBe(200);
    expect((await fetch(`${site.origin}/truyen-b`)).status).toBe(503);
    site.answer('/truyen-a');
    await held;
    expect(takesTurn('/api/audio/12/3/0')).toBe(false);
    expect(takesTurn('/api/embedding/preview?url=x')).toBe(false);
    expect(takesTurn('/api/embedding/search?q=x')).toBe(false);
    expect(takesTurn('/api/jobs/embed-check')).toBe(false);
    expect(takesTurn('/api/healthy')).toBe(true);
    expect(takesTurn('/api/embedding/list')).toBe(true);
    expect(takesTurn('/')).toBe(true);
  });

  it('gives the turn of a reader who left while waiting to the next one without doing the work', async () => {
    site = await harness({ concurrency: 1, queue: 5, maxWaitMs: 5_000 });
    const first = fetch(`${site.origin}/truyen-a`);
    await settle(() => site!.gate.state().active === 1);
    const leaving = new AbortController();
    const gaveUp = fetch(`${site.origin}/truyen-left`, { signal: leaving.signal }).catch(() => 'aborted');
    await settle(() => site!.gate.state().waiting === 1);
    const third = fetch(`${site.origin}/truyen-c`);
    await settle(() => site!.gate.state().waiting === 2);
    leaving.abort();
    expect(await gaveUp).toBe('aborted');
    // Let the server see the closed connection before the turn passes.
    await new Promise((r) => setTimeout(r, 50));
    site.answer('/truyen-a');
    await settle(() => site!.reached.length === 2);
    expect(site.reached).toEqual(['/truyen-a', '/truyen-c']);
    site.answer('/truyen-c');
    expect((await first).status).toBe(200);
    expect((await third).status).toBe(200);
  });
});

describe('site gate and API admission agree', () => {
  /** pages/api/a/[id]/b.ts → /api/a/1/b */
  const urlOf = (file: string) =>
    `/${path
      .relative(path.join(process.cwd(), 'pages'), file)
      .replace(/\.tsx?$/, '')
      .replace(/\/index$/, '')
      .replace(/\[[^\]]+\]/g, '1')}`;

  const apiFiles = (dir: string): string[] =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const full = path.join(dir, entry.name);
      return entry.isDirectory() ? apiFiles(full) : /\.tsx?$/.test(entry.name) ? [full] : [];
    });

  it('lets through without a turn exactly the API routes that take no API admission', () => {
    const files = apiFiles(path.join(process.cwd(), 'pages/api'));
    // `{ admission: false }` in the route, or exportRoute() (server/api/exportRoute.ts), which sets it.
    const outsideAdmission = files.filter((file) => /\{\s*admission:\s*false\s*\}|\bexportRoute\(/.test(fs.readFileSync(file, 'utf8'))).map(urlOf).sort();
    expect(outsideAdmission.length).toBeGreaterThan(0);
    expect(outsideAdmission.filter(takesTurn)).toEqual([]);
    const withoutTurn = files.map(urlOf).filter((url) => !takesTurn(url)).sort();
    expect(withoutTurn).toEqual(outsideAdmission);
  });
});
