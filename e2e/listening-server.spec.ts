import { expect, test, type Page } from '@playwright/test';
import { recordAudioElements } from './helpers/audioElements';
import { skipWelcome } from './helpers/welcome';
import { openFirstChapter } from './helpers/stories';

/**
 * Listening in a browser without a Vietnamese voice (headless Chromium has none): the server's
 * audio, part by part. Audio elements are recorded so the test can skip to the end of a part
 * instead of listening to it.
 */
test.beforeEach(async ({ context }) => {
  await skipWelcome(context);
  await recordAudioElements(context);
});

const PART = /\/api\/audio\/\d+\/(\d+)\/(\d+)(\?|$)/;

/** Moves the playing element to just before its end, so the next part begins. */
async function skipToEndOfPart(page: Page): Promise<void> {
  await page.evaluate(() => {
    const audios = (window as unknown as { __audios: HTMLAudioElement[] }).__audios;
    const playing = audios.find((audio) => !audio.paused && Number.isFinite(audio.duration));
    if (playing) playing.currentTime = Math.max(0, playing.duration - 0.05);
  });
}

test('without a Vietnamese voice: parts start within a second, the highlight follows them, the next chapter goes on', async ({ page }) => {
  const storyPath = await openFirstChapter(page);
  const requests: { chapter: number; part: number; at: number }[] = [];
  page.on('request', (request) => {
    const match = PART.exec(request.url());
    if (match) requests.push({ chapter: Number(match[1]), part: Number(match[2]), at: Date.now() });
  });

  const pressed = Date.now();
  await page.getByRole('button', { name: 'Nghe', exact: true }).click();
  await expect.poll(() => requests.length).toBeGreaterThan(0);
  expect(requests[0].at - pressed).toBeLessThan(1_000);
  expect(requests[0]).toMatchObject({ chapter: 1, part: 0 });

  await expect(page.getByTestId('player-notice')).toHaveText(/không có giọng đọc tiếng Việt/);
  await expect(page.getByTestId('player-status')).toHaveAttribute('data-mode', 'audio');
  await expect(page.getByTestId('player-status')).toHaveAttribute('data-status', 'playing', { timeout: 20_000 });
  await expect(page.locator('[data-paragraph="0"]')).toHaveAttribute('aria-current', 'true');

  // Through the chapter part by part: the highlight moves forward with what is heard.
  const paragraphs = await page.locator('[data-paragraph]').count();
  let highlighted = 0;
  for (let guard = 0; guard < 40 && new URL(page.url()).pathname.endsWith('/chuong-1'); guard += 1) {
    await skipToEndOfPart(page);
    await page.waitForTimeout(400);
    // The last part ended and chapter 2 opened: its highlight starts again at the top.
    if (!new URL(page.url()).pathname.endsWith('/chuong-1')) break;
    const current = await page.locator('[aria-current="true"][data-paragraph]').getAttribute('data-paragraph').catch(() => null);
    if (current !== null) {
      expect(Number(current)).toBeGreaterThanOrEqual(highlighted);
      highlighted = Number(current);
    }
  }
  expect(highlighted).toBeGreaterThan(0);
  expect(highlighted).toBeLessThan(paragraphs);
  expect(new Set(requests.filter((r) => r.chapter === 1).map((r) => r.part)).size).toBeGreaterThan(2);

  // The last part ended: chapter 2 opens and plays from its first part.
  await expect(page).toHaveURL(new RegExp(`${storyPath}/chuong-2$`));
  await expect(page.getByTestId('player-status')).toHaveAttribute('data-status', 'playing', { timeout: 20_000 });
  expect(requests.some((r) => r.chapter === 2 && r.part === 0)).toBe(true);
});
