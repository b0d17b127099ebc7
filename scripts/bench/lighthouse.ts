/**
 * Lighthouse 12.8 (mobile, its default) on the home page, a keyword search, the rankings, a story page and a chapter page,
 * against a running production server (BENCH_BASE_URL, default http://127.0.0.1:3000, e.g.
 * `npm run build && npm start`). Prints the four category scores per page.
 * Targets: performance ≥ 90, accessibility ≥ 95, best practices ≥ 95, SEO 100.
 * Run: BENCH_BASE_URL=http://127.0.0.1:3000 npx tsx scripts/bench/lighthouse.ts
 */
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../chromium';

const LIST_PAGES = ['/', '/truyen?keyword=tien+hiep', '/bang-xep-hang'];

/** The list pages plus the hottest story's page and its first chapter. */
async function pagesToMeasure(baseUrl: string): Promise<string[]> {
  const response = await fetch(`${baseUrl}/api/book/top/hot/0`);
  const { results } = (await response.json()) as { results: { slug: string }[] };
  const slug = results[0]?.slug;
  return slug ? [...LIST_PAGES, `/${slug}`, `/${slug}/chuong-1`] : LIST_PAGES;
}
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

interface LighthouseResult {
  lhr: { categories: Record<string, { score: number | null }>; audits: Record<string, { score: number | null; title: string; numericValue?: number }> };
}
type Lighthouse = (url: string, flags: { port: number; output: 'json'; logLevel: 'error'; onlyCategories: string[] }) => Promise<LighthouseResult | undefined>;

export async function run(baseUrl = process.env.BENCH_BASE_URL || 'http://127.0.0.1:3000'): Promise<Record<string, number | string>> {
  const { default: lighthouse } = (await import('lighthouse')) as unknown as { default: Lighthouse };
  const chromeLauncher = await import('chrome-launcher');
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_FLAGS });
  const result: Record<string, number | string> = {};
  try {
    for (const page of await pagesToMeasure(baseUrl)) {
      // Warm the server's caches so the measurement is of the page, not of a cold start.
      await fetch(baseUrl + page).then((response) => response.text());
      const run = await lighthouse(baseUrl + page, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] });
      if (!run) throw new Error(`Lighthouse returned nothing for ${page}`);
      const scores = CATEGORIES.map((category) => Math.round((run.lhr.categories[category]?.score ?? 0) * 100));
      result[page] = CATEGORIES.map((category, i) => `${category} ${scores[i]}`).join(', ');
      const metric = (id: string) => Math.round(run.lhr.audits[id]?.numericValue ?? 0);
      result[`${page} metrics`] = `FCP ${metric('first-contentful-paint')} ms, LCP ${metric('largest-contentful-paint')} ms, TBT ${metric('total-blocking-time')} ms, CLS ${(run.lhr.audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3)}`;
      const failing = Object.entries(run.lhr.audits)
        .filter(([, audit]) => audit.score !== null && audit.score < 0.9)
        .map(([id]) => id)
        .slice(0, 8);
      if (failing.length) result[`${page} audits below 0.9`] = failing.join(', ');
    }
  } finally {
    await chrome.kill();
  }
  return result;
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
