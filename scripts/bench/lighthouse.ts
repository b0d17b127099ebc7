/**
 * Lighthouse 12.8 (mobile preset, its default) on every page type: home, a keyword search, the
 * rankings, the hottest story and its first chapter, /user signed in, /vip, /embedding, an info
 * page, and the 404 page as the control measured in the same run (through a relay that answers it
 * 200: Lighthouse 12 does not score a 404 document). Each page RUNS times (default 3); the median
 * of each figure is printed. The runs go in rounds (every page once per round), so a busy spell of
 * a shared machine falls on all pages alike. Targets: performance ≥ 90 (≥ 95 where the control
 * reaches 100), LCP < 2.5 s, TBT < 200 ms, CLS < 0.1, the home page's TBT within 100 ms of the
 * control's (homeTbtAboveControlMs); accessibility, best practices and SEO 100.
 * Against BENCH_BASE_URL (npm run bench starts a production site of its own), e.g.
 * BENCH_BASE_URL=http://127.0.0.1:3000 npx tsx scripts/bench/lighthouse.ts
 * BENCH_LIGHTHOUSE_RUNS and BENCH_LIGHTHOUSE_PAGES (comma-separated paths) narrow a run. Figures from
 * a shared or busy machine are noisy: compare pages with the control of the same run.
 */
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../chromium';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const CONTROL = '/khong-co-trang-nay';
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS || 3);

interface Audit {
  score: number | null;
  numericValue?: number;
}
interface LighthouseResult {
  lhr: { categories: Record<string, { score: number | null }>; audits: Record<string, Audit>; runtimeError?: { code: string } };
}
interface Flags {
  port: number;
  output: 'json';
  logLevel: 'error';
  onlyCategories: string[];
  disableStorageReset?: boolean;
}
type Lighthouse = (url: string, flags: Flags) => Promise<LighthouseResult | undefined>;

interface Figures {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  scriptMs: number;
  domSize: number;
}

/**
 * Lighthouse 12 refuses to score a document answered 404, so the control is measured through a
 * loopback relay that passes every request to the site unchanged and answers the control's own
 * document 200 instead of 404: the same HTML, scripts and server, and a score.
 */
async function startControlRelay(baseUrl: string): Promise<{ origin: string; close(): Promise<void> }> {
  const target = new URL(baseUrl);
  const client = target.protocol === 'https:' ? https : http;
  const server = http.createServer((req, res) => {
    const upstream = client.request(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: { ...req.headers, host: target.host } },
      (answer) => {
        const status = answer.statusCode === 404 && req.url === CONTROL ? 200 : (answer.statusCode ?? 502);
        res.writeHead(status, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Every page type, the hottest story and its first chapter taken from the API. */
async function pagesToMeasure(baseUrl: string): Promise<string[]> {
  if (process.env.BENCH_LIGHTHOUSE_PAGES) return process.env.BENCH_LIGHTHOUSE_PAGES.split(',').map((page) => page.trim());
  const response = await fetch(`${baseUrl}/api/book/top/hot/0`);
  const { results } = (await response.json()) as { results: { slug: string }[] };
  const slug = results[0]?.slug;
  const story = slug ? [`/${slug}`, `/${slug}/chuong-1`] : [];
  return ['/', '/truyen?keyword=tien+hiep', '/bang-xep-hang', ...story, '/user?tab=account', '/vip', '/embedding', '/thong-tin/about-us', CONTROL];
}

/**
 * Signed in for /user: a fresh account on the Auth emulator of a demo-mode site, its ID token in
 * local storage before the page's scripts run (what a returning reader has). Undefined when the
 * site is not in demo mode (then /user is measured signed out).
 */
async function signedInScript(baseUrl: string): Promise<string | undefined> {
  const config = (await (await fetch(`${baseUrl}/api/auth/firebase-config`)).json()) as { apiKey: string; emulatorUrl?: string | null };
  if (!config.emulatorUrl) return undefined;
  const email = `lighthouse-${Date.now()}@example.com`;
  const answer = await fetch(`${config.emulatorUrl}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=${config.apiKey || 'fake'}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'matkhau-123', returnSecureToken: true }),
  });
  const { idToken } = (await answer.json()) as { idToken?: string };
  if (!idToken) return undefined;
  return `localStorage.setItem('tokenApi', ${JSON.stringify(idToken)}); localStorage.setItem('isFirstVisit', 'true')`;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

function figuresOf(result: LighthouseResult): Figures {
  const score = (category: string) => Math.round((result.lhr.categories[category]?.score ?? 0) * 100);
  const value = (id: string) => result.lhr.audits[id]?.numericValue ?? 0;
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    fcp: Math.round(value('first-contentful-paint')),
    lcp: Math.round(value('largest-contentful-paint')),
    tbt: Math.round(value('total-blocking-time')),
    cls: Math.round(value('cumulative-layout-shift') * 1000) / 1000,
    scriptMs: Math.round(value('bootup-time')),
    domSize: Math.round(value('dom-size')),
  };
}

/** One Lighthouse run in a fresh browser: no cache, storage or warm code from the previous run. */
async function measure(
  lighthouse: Lighthouse,
  chromeLauncher: typeof import('chrome-launcher'),
  url: string,
  signIn: string | undefined,
  baseUrl: string,
): Promise<LighthouseResult> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_FLAGS });
  try {
    if (signIn) await primeStorage(chrome.port, baseUrl, signIn);
    const measured = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
      disableStorageReset: Boolean(signIn),
    });
    if (!measured) throw new Error(`Lighthouse returned nothing for ${url}`);
    return measured;
  } finally {
    await chrome.kill();
  }
}

export async function run(baseUrl = process.env.BENCH_BASE_URL || 'http://127.0.0.1:3000'): Promise<Record<string, number | string>> {
  const { default: lighthouse } = (await import('lighthouse')) as unknown as { default: Lighthouse };
  const chromeLauncher = await import('chrome-launcher');
  const pages = await pagesToMeasure(baseUrl);
  const signIn = pages.some((page) => page.startsWith('/user')) ? await signedInScript(baseUrl) : undefined;
  const result: Record<string, number | string> = { runsPerPage: RUNS };
  const medians = new Map<string, Figures>();
  const relay = pages.includes(CONTROL) ? await startControlRelay(baseUrl) : null;
  const runs = new Map<string, Figures[]>(pages.map((page) => [page, []]));
  try {
    for (const page of pages) {
      const origin = page === CONTROL && relay ? relay.origin : baseUrl;
      // Warm the server's caches so the measurement is of the page, not of a cold render.
      await fetch(origin + page).then((response) => response.text());
    }
    // Rounds of every page once, so a busy spell of a shared machine falls on all pages alike.
    for (let round = 0; round < RUNS; round++) {
      for (const page of pages) {
        if (result[`${page} error`]) continue;
        const origin = page === CONTROL && relay ? relay.origin : baseUrl;
        const measured = await measure(lighthouse, chromeLauncher, origin + page, page.startsWith('/user') ? signIn : undefined, baseUrl);
        // A page Lighthouse could not score (a failed load, an error status).
        if (measured.lhr.runtimeError) result[`${page} error`] = measured.lhr.runtimeError.code;
        else runs.get(page)!.push(figuresOf(measured));
      }
    }
  } finally {
    await relay?.close();
  }
  for (const page of pages) {
    const measuredRuns = runs.get(page)!;
    if (measuredRuns.length === 0) continue;
    const figures = Object.fromEntries(Object.keys(measuredRuns[0]).map((key) => [key, median(measuredRuns.map((run) => run[key as keyof Figures]))])) as unknown as Figures;
    medians.set(page, figures);
    result[page] =
      `perf ${figures.performance} a11y ${figures.accessibility} bp ${figures.bestPractices} seo ${figures.seo} | ` +
      `FCP ${figures.fcp} LCP ${figures.lcp} TBT ${figures.tbt} CLS ${figures.cls} | script ${figures.scriptMs} ms, DOM ${figures.domSize}`;
  }
  const control = medians.get(CONTROL);
  const target = control && control.performance >= 100 ? 95 : 90;
  const misses = [...medians].filter(
    ([page, f]) =>
      page !== CONTROL &&
      (f.performance < target || f.lcp >= 2500 || f.tbt >= 200 || f.cls >= 0.1 || f.accessibility < 100 || f.bestPractices < 100 || f.seo < 100),
  );
  const home = medians.get('/');
  // Target: the home page's TBT within 100 ms of the control's.
  if (home && control) result.homeTbtAboveControlMs = home.tbt - control.tbt;
  result.performanceTarget = target;
  result.pagesMissingTargets = misses.length ? misses.map(([page]) => page).join(', ') : 'none';
  return result;
}

/**
 * Writes the signed-in reader's storage in the browser Lighthouse will drive (Lighthouse then
 * runs with storage reset off, so the page finds the token as a returning reader's browser would).
 */
async function primeStorage(port: number, baseUrl: string, script: string): Promise<void> {
  // puppeteer-core comes with Lighthouse.
  const puppeteer = (await import('puppeteer-core')).default;
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
  try {
    const tab = await browser.newPage();
    await tab.goto(`${baseUrl}/robots.txt`);
    await tab.evaluate(script);
    await tab.close();
  } finally {
    await browser.disconnect();
  }
}

if (require.main === module) {
  run().then(
    (result) => console.table(result),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
