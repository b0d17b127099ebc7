/**
 * Benchmark of listening that goes on behind a locked phone, in a real Chromium on a production
 * site (Pixel 7 size, a fake browser voice that stops when the page is hidden, as Chrome on
 * Android does): the switch delay, from the page being hidden while the browser's voice speaks to
 * the server's audio playing the same paragraph (its part fetched while the voice spoke), at the
 * chapter's heading and in the middle of a chapter (the third paragraph); and
 * the gap at a chapter change on the server's audio, from the end of a chapter's last part to the
 * next chapter's first sound (the page's navigation included; its heading was fetched ahead).
 * Run: `BENCH_ONLY=listening npm run bench` (its own site), or
 * BENCH_BASE_URL=http://127.0.0.1:3000 npx tsx scripts/bench/listening.ts
 */
import { chromium, devices, type Page } from '@playwright/test';
import { storyLinks } from '../../server/site/warmUp';
import { installFakeSpeech, setPageHidden } from '../../e2e/helpers/fakeSpeech';
import { skipWelcome } from '../../e2e/helpers/welcome';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../chromium';
import { runWhenMain } from './support/main';

const ROUNDS = Number(process.env.BENCH_LISTENING_ROUNDS || 3);

type AudioWindow = Window & { __audioEvents: { type: string; at: number; src: string }[] };

/** Records every audio element's playing and ended events, with the time they came. */
function recordAudio() {
  const events: { type: string; at: number; src: string }[] = [];
  const Original = window.Audio;
  window.Audio = function Audio(src?: string) {
    const element = new Original(src);
    for (const type of ['playing', 'ended']) element.addEventListener(type, () => events.push({ type, at: performance.now(), src: element.src }));
    (window as unknown as { __audios: HTMLAudioElement[] }).__audios.push(element);
    return element;
  } as unknown as typeof window.Audio;
  (window as unknown as { __audios: HTMLAudioElement[] }).__audios = [];
  (window as unknown as AudioWindow).__audioEvents = events;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? NaN : sorted[Math.floor((sorted.length - 1) / 2)];
};

async function firstStory(baseUrl: string): Promise<string> {
  const home = await (await fetch(baseUrl)).text();
  const [link] = storyLinks(home, 1);
  if (!link) throw new Error(`no story on ${baseUrl}`);
  return link;
}

type SpeechWindow = Window & { __speech: { current(): string | null; finish(): void } };

/** Presses Nghe, lets the voice go on to paragraph `paragraph`, hides the page: ms until the server's audio plays. */
async function switchDelay(page: Page, url: string, paragraph: number): Promise<number> {
  await page.goto(url);
  await page.getByRole('button', { name: 'Nghe', exact: true }).click();
  await page.waitForFunction(() => (window as unknown as SpeechWindow).__speech.current() !== null);
  for (let guard = 0; guard < 20; guard += 1) {
    const at = Number((await page.locator('[aria-current="true"][data-paragraph]').getAttribute('data-paragraph').catch(() => '0')) ?? 0);
    if (at >= paragraph) break;
    await page.evaluate(() => (window as unknown as SpeechWindow).__speech.finish());
    await page.waitForTimeout(50);
  }
  // The voice speaks a while: long enough for its part to come.
  await page.waitForTimeout(1_500);
  const hiddenAt = await page.evaluate(() => performance.now());
  await setPageHidden(page, true);
  await page.waitForFunction(() => (window as unknown as AudioWindow).__audioEvents.some((event) => event.type === 'playing'), null, { timeout: 20_000 });
  const playing = await page.evaluate(() => (window as unknown as AudioWindow).__audioEvents.find((event) => event.type === 'playing')!.at);
  return playing - hiddenAt;
}

/** On the server's audio, skips to the end of each part until the next chapter sounds: ms of silence between. */
async function chapterGap(page: Page): Promise<number> {
  const start = new URL(page.url()).pathname;
  for (let guard = 0; guard < 60 && new URL(page.url()).pathname === start; guard += 1) {
    await page.evaluate(() => {
      const playing = (window as unknown as { __audios: HTMLAudioElement[] }).__audios.find((audio) => !audio.paused && Number.isFinite(audio.duration));
      if (playing && playing.currentTime < playing.duration - 0.3) playing.currentTime = Math.max(0, playing.duration - 0.05);
    });
    await page.waitForTimeout(250);
  }
  const events = () => page.evaluate(() => (window as unknown as AudioWindow).__audioEvents);
  await page.waitForFunction(
    () => {
      const list = (window as unknown as AudioWindow).__audioEvents;
      const lastEnded = list.findLastIndex((event) => event.type === 'ended');
      return lastEnded >= 0 && list.slice(lastEnded).some((event) => event.type === 'playing');
    },
    null,
    { timeout: 20_000 },
  );
  const list = await events();
  const lastEnded = list.findLastIndex((event) => event.type === 'ended');
  return list.slice(lastEnded).find((event) => event.type === 'playing')!.at - list[lastEnded].at;
}

export async function run(): Promise<Record<string, number | string>> {
  const baseUrl = process.env.BENCH_BASE_URL;
  if (!baseUrl) throw new Error('BENCH_BASE_URL is not set');
  const story = await firstStory(baseUrl);
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  const heading: number[] = [];
  const middle: number[] = [];
  const gaps: number[] = [];
  try {
    // Round 0 warms the site (its first renders) and is not counted.
    for (let round = 0; round <= ROUNDS; round += 1) {
      for (const [paragraph, figures] of [
        [2, middle],
        [0, heading],
      ] as const) {
        const context = await browser.newContext({ ...devices['Pixel 7'], baseURL: baseUrl, locale: 'vi-VN' });
        // tsx keeps function names with a `__name` helper, which the page does not have.
        await context.addInitScript('window.__name = (target) => target;');
        await skipWelcome(context);
        await context.addInitScript(recordAudio);
        const page = await context.newPage();
        page.on('pageerror', (error) => console.error(`  page error: ${error.message}`));
        await installFakeSpeech(page);
        // Each round on a chapter of its own, so the server renders its parts anew.
        const delay = await switchDelay(page, `${baseUrl}${story}/chuong-${1 + round}`, paragraph);
        const gap = paragraph === 0 ? await chapterGap(page) : null;
        if (round > 0) {
          figures.push(delay);
          if (gap !== null) gaps.push(gap);
        }
        await context.close();
      }
    }
  } finally {
    await browser.close();
  }
  return {
    rounds: ROUNDS,
    'switch at the heading: median ms': Math.round(median(heading)),
    'switch at the heading: max ms': Math.round(Math.max(...heading)),
    'switch mid-chapter (3rd paragraph): median ms': Math.round(median(middle)),
    'switch mid-chapter (3rd paragraph): max ms': Math.round(Math.max(...middle)),
    'gap at a chapter change: median ms': Math.round(median(gaps)),
    'gap at a chapter change: max ms': Math.round(Math.max(...gaps)),
  };
}

runWhenMain(module, run);
