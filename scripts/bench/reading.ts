/**
 * Load benchmark of reading: POST /api/book/text (a signed chapter request) and a story page,
 * each with autocannon, 50 connections for 10 s on loopback, against a running server
 * (BENCH_BASE_URL, default http://127.0.0.1:3000, e.g. `npm start`). Reports requests per second
 * and p99 latency (target p99 < 100 ms).
 * Run: npx tsx scripts/bench/reading.ts
 */
import { signChapterRequest } from '../../lib/chapterSign';
import { publicEnv } from '../../lib/publicEnv';
import { runWhenMain } from './support/main';

/** The parts of autocannon's API used here (it ships no types). */
interface LoadOptions {
  url: string;
  connections?: number;
  duration?: number;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}
interface LoadResult {
  requests: { average: number };
  latency: { p99: number };
  non2xx: number;
  errors: number;
}
// eslint-disable-next-line @typescript-eslint/no-require-imports
const autocannon = require('autocannon') as (options: LoadOptions) => Promise<LoadResult>;

const CONNECTIONS = 50;
const DURATION_S = 10;

interface Target {
  slug: string;
  storyId: string;
}

/** The first story linked from the home page, and its id from the story page's props. */
async function findTarget(baseUrl: string): Promise<Target> {
  const home = await (await fetch(baseUrl)).text();
  const slug = /data-testid="story-card"[^>]*href="\/([^"/]+)"|href="\/([^"/?]+)"[^>]*data-testid="story-card"/.exec(home);
  const found = slug?.[1] ?? slug?.[2];
  if (!found) throw new Error(`no story card on ${baseUrl}`);
  const page = await (await fetch(`${baseUrl}/${found}`)).text();
  const data = /<script id="__NEXT_DATA__"[^>]*>([\s\S]*?)<\/script>/.exec(page);
  const props = JSON.parse(data?.[1] ?? '{}') as { props?: { pageProps?: { story?: { _id?: string } } } };
  const storyId = props.props?.pageProps?.story?._id;
  if (!storyId) throw new Error(`no story id on ${baseUrl}/${found}`);
  return { slug: found, storyId };
}

async function load(options: LoadOptions): Promise<{ rps: number; p99: number; non2xx: number; errors: number }> {
  const result = await autocannon({ connections: CONNECTIONS, duration: DURATION_S, ...options });
  return { rps: Math.round(result.requests.average), p99: result.latency.p99, non2xx: result.non2xx, errors: result.errors };
}

export async function run(baseUrl = process.env.BENCH_BASE_URL || 'http://127.0.0.1:3000'): Promise<Record<string, number | string>> {
  const { slug, storyId } = await findTarget(baseUrl);
  const sign = signChapterRequest({ truyenId: storyId, index: 1, time: Math.floor(Date.now() / 1000) }, process.env.CHAPTER_SIGN_KEY || publicEnv.chapterSignKey);
  const text = await load({
    url: `${baseUrl}/api/book/text`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ sign }),
  });
  const story = await load({ url: `${baseUrl}/${slug}` });
  return {
    story: slug,
    bookTextRps: text.rps,
    bookTextP99Ms: text.p99,
    bookTextFailures: text.non2xx + text.errors,
    storyPageRps: story.rps,
    storyPageP99Ms: story.p99,
    storyPageFailures: story.non2xx + story.errors,
  };
}

runWhenMain(module, run);
