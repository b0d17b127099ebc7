/**
 * Benchmark of listeners behind one address (a carrier's NAT): 20 anonymous readers, each with a
 * device cookie of its own (from the chapter page it opened), press Nghe at once on 20 chapters
 * whose audio is not cached, from one address (loopback). Like the player, each asks for the
 * chapter's parts and then its first part, asking again after `Retry-After` (at most 5 s, three
 * tries in all) when the server answers 503. Prints first-audio p50/p95 and how many got no
 * audio (target: p95 ≤ 1 s, none refused).
 * Run against a production site: `BENCH_ONLY=listeners npm run bench` (its own site, fresh audio
 * cache), or BENCH_BASE_URL=… npx tsx scripts/bench/listeners.ts (chapters may be cached there).
 */
import { storyLinks } from '../../server/site/warmUp';
import { parseSetCookie } from '../../server/fetch/cookies';
import { percentile } from './support/stats';

const LISTENERS = Number(process.env.BENCH_LISTENERS || 20);
const ATTEMPTS = 3;
const MAX_BUSY_WAIT_MS = 5_000;

interface Chapter {
  slug: string;
  storyId: string;
  index: number;
}

interface Listen {
  firstAudioMs: number | null;
  busyAnswers: number;
  status: number;
}

async function stories(baseUrl: string): Promise<{ slug: string; storyId: string; chapters: number }[]> {
  const home = await (await fetch(baseUrl)).text();
  const found = [];
  for (const link of storyLinks(home, 20)) {
    const slug = link.slice(1);
    const answer = (await (await fetch(`${baseUrl}/api/book/slug/${encodeURIComponent(slug)}`)).json()) as { results?: { _id: string; chapters?: number; chapterCount?: number }[] };
    const story = answer.results?.[0];
    if (story) found.push({ slug, storyId: story._id, chapters: Number(story.chapters ?? story.chapterCount ?? 1) });
  }
  if (found.length === 0) throw new Error(`no story cards on ${baseUrl}`);
  return found;
}

/** `count` distinct chapters, spread over the home page's stories (their first chapters first). */
async function chapters(baseUrl: string, count: number): Promise<Chapter[]> {
  const list = await stories(baseUrl);
  const picked: Chapter[] = [];
  for (let index = 1; picked.length < count && index <= 200; index += 1) {
    for (const story of list) {
      if (picked.length < count && index <= story.chapters) picked.push({ slug: story.slug, storyId: story.storyId, index });
    }
  }
  return picked;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function listen(baseUrl: string, chapter: Chapter): Promise<Listen> {
  const page = await fetch(`${baseUrl}/${chapter.slug}/chuong-${chapter.index}`);
  await page.arrayBuffer();
  const cookie = page.headers
    .getSetCookie()
    .map((line) => parseSetCookie(line))
    .find((parsed) => parsed?.key === 'ta_device')
    ?.cookieString();
  const headers: Record<string, string> = cookie ? { cookie } : {};
  const audio = `${baseUrl}/api/audio/${chapter.storyId}/${chapter.index}`;
  const started = performance.now();
  const parts = await fetch(`${audio}/parts`, { headers });
  await parts.arrayBuffer();
  let busyAnswers = 0;
  for (let attempt = 1; ; attempt += 1) {
    const response = await fetch(`${audio}/0`, { headers });
    await response.arrayBuffer();
    if (response.status === 503 && attempt < ATTEMPTS) {
      busyAnswers += 1;
      await sleep(Math.min(MAX_BUSY_WAIT_MS, Number(response.headers.get('retry-after') ?? 1) * 1000));
      continue;
    }
    if (response.status === 503) busyAnswers += 1;
    return { firstAudioMs: response.ok ? performance.now() - started : null, busyAnswers, status: response.status };
  }
}


export async function run(baseUrl = process.env.BENCH_BASE_URL || 'http://127.0.0.1:3000'): Promise<Record<string, number | string>> {
  const picked = await chapters(baseUrl, LISTENERS);
  const results = await Promise.all(picked.map((chapter) => listen(baseUrl, chapter)));
  const heard = results.flatMap((result) => (result.firstAudioMs === null ? [] : [result.firstAudioMs]));
  return {
    listeners: picked.length,
    'from one address': 'yes (loopback), a device cookie each',
    'first audio p50 ms': Math.round(percentile(heard, 50)),
    'first audio p95 ms': Math.round(percentile(heard, 95)),
    'first audio max ms': Math.round(Math.max(...heard)),
    '503 answers (retried)': results.reduce((sum, result) => sum + result.busyAnswers, 0),
    'refused (no audio after 3 tries)': results.filter((result) => result.firstAudioMs === null).length,
    'other failures': results.filter((result) => result.firstAudioMs === null && result.status !== 503).map((result) => result.status).join(' ') || 'none',
  };
}

if (require.main === module) {
  run()
    .then((result) => console.table(result))
    .catch((error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    });
}
