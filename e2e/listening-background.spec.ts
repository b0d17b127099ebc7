import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { E2E } from '../scripts/e2e-server';
import { currentUtterance, finishSpeech, installFakeSpeech, setPageHidden, spokenLog } from './helpers/fakeSpeech';
import { recordAudioElements } from './helpers/audioElements';
import { skipWelcome } from './helpers/welcome';

/**
 * Listening on a phone that locks: the browser's voice (a fake that stops when the page is
 * hidden, as Chrome on Android does) hands over to the server's audio; the reader's replacements,
 * pauses between sentences, and a sleep timer counted in chapters.
 */
test.skip(({ isMobile }) => !isMobile, 'a phone journey');

const CHAPTERS = [1, 2, 3].map((index) => ({
  title: `Chương ${index}: Phó bản ${index}`,
  content: [`Lâm Phong mở bảng trạng thái. HP của hắn còn một nửa.`, `Hắn uống thuốc hồi phục. Cơ thể ấm dần lên.`, `Trận chiến thứ ${index} sắp bắt đầu.`].join('\n'),
}));

let storyPath = '';

test.beforeAll(() => {
  // A game-style story of our own, imported with the operator's command on the e2e server's database.
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'listening-')), 'story.json');
  fs.writeFileSync(file, JSON.stringify({ title: 'Võng Du Nghe Thử Màn Hình Tắt', author: 'Lão Thử', description: 'Truyện thử nghe.', status: 'ongoing', genres: [], chapters: CHAPTERS }));
  const output = execFileSync(process.execPath, ['--import', 'tsx', 'scripts/launch.ts', 'import', file], {
    env: { ...process.env, DATABASE_URL: '', EMBEDDED_PG_DATA_DIR: `.data/e2e-${E2E.port}/pg`, EMBEDDED_PG_PORT: '0' },
    stdio: 'pipe',
    timeout: 60_000,
  }).toString();
  storyPath = `/${/truyện (\S+)/.exec(output)![1]}`;
});

test.beforeEach(async ({ context, page }) => {
  await skipWelcome(context);
  await installFakeSpeech(page);
  await recordAudioElements(context);
});

const PART = /\/api\/audio\/\d+\/(\d+)\/(\d+)(\?|$)/;

async function openOptions(page: Page) {
  await page.getByRole('button', { name: 'Tùy chọn giọng đọc' }).click();
}

const playingAudio = (page: Page) =>
  page.evaluate(() => {
    const playing = (window as unknown as { __audios: HTMLAudioElement[] }).__audios.find((audio) => !audio.paused && audio.currentTime > 0);
    return playing ? { src: playing.src, time: playing.currentTime } : null;
  });

test('a locked screen goes on with the server audio from the paragraph being said, with the reader’s replacements', async ({ page }) => {
  const parts: { chapter: number; part: number; replacements: string | null }[] = [];
  page.on('request', (request) => {
    const match = PART.exec(request.url());
    if (match) parts.push({ chapter: Number(match[1]), part: Number(match[2]), replacements: request.headers()['x-speech-replacements'] ?? null });
  });
  const fetched: { chapter: number; part: number }[] = [];
  page.on('requestfinished', (request) => {
    const match = PART.exec(request.url());
    if (match) fetched.push({ chapter: Number(match[1]), part: Number(match[2]) });
  });
  await page.goto(`${storyPath}/chuong-1`);
  await expect(page.getByTestId('chapter-text')).toContainText('HP của hắn');

  // A replacement of the story's own, through the panel (on the device: signed out).
  await page.getByRole('button', { name: 'Nghe', exact: true }).click();
  await expect.poll(() => currentUtterance(page)).toMatch(/^Chương một/);
  await openOptions(page);
  await page.getByRole('button', { name: 'Thay thế khi đọc…' }).click();
  const panel = page.getByTestId('replacements-panel');
  await panel.getByRole('button', { name: 'Thêm mục' }).click();
  await panel.getByLabel('Chữ gốc mục 1').fill('Lâm Phong');
  await panel.getByLabel('Đọc thành mục 1').fill('Lâm Phông');
  await panel.getByRole('button', { name: 'Lưu danh sách' }).click();
  await expect(panel.getByRole('status')).toHaveText('Đã lưu 1 mục.');
  await page.getByRole('button', { name: 'Tùy chọn giọng đọc' }).click();

  // The first paragraph is said with the replacements (the default HP → máu and the story's own); the page keeps its text.
  await expect.poll(async () => (await spokenLog(page)).map((u) => u.text).join(' ')).toContain('Lâm Phông mở bảng trạng thái. máu của hắn còn một nửa.');
  await expect(page.getByTestId('chapter-text')).toContainText('Lâm Phong mở bảng trạng thái. HP của hắn');
  // On to the second paragraph (the heading and the first are said first).
  for (let guard = 0; guard < 5 && !/^Hắn uống/.test((await currentUtterance(page)) ?? ''); guard += 1) await finishSpeech(page);
  await expect(page.locator('[data-paragraph="1"]')).toHaveAttribute('aria-current', 'true');
  // The server part of what is said is fetched while the voice speaks (here: until it has come).
  await expect.poll(() => fetched.some((p) => p.chapter === 1 && p.part === 1), { timeout: 20_000 }).toBe(true);

  await setPageHidden(page, true);
  await expect.poll(() => playingAudio(page), { timeout: 1_000 }).not.toBeNull();
  await expect(page.getByTestId('player-status')).toHaveAttribute('data-mode', 'audio');
  await expect(page.getByTestId('player-notice')).toContainText('Màn hình đã tắt');
  // The same paragraph: the part reading paragraphs 0–2, played from paragraph 1 on.
  expect((await playingAudio(page))!.time).toBeGreaterThan(0);
  await expect(page.locator('[data-paragraph="1"]')).toHaveAttribute('aria-current', 'true');
  const part = parts.find((p) => p.chapter === 1 && p.part === 1)!;
  expect(decodeURIComponent(part.replacements ?? '')).toContain('["HP","máu",1]');
  expect(decodeURIComponent(part.replacements ?? '')).toContain('["Lâm Phong","Lâm Phông",1]');
  expect(
    await page.evaluate(() => ({ title: navigator.mediaSession.metadata?.title, album: navigator.mediaSession.metadata?.album, state: navigator.mediaSession.playbackState })),
  ).toEqual({ title: 'Chương 1: Phó bản 1', album: 'Võng Du Nghe Thử Màn Hình Tắt', state: 'playing' });

  await setPageHidden(page, false);
  await page.waitForTimeout(300);
  await expect(page.getByTestId('player-status')).toHaveAttribute('data-status', 'playing');
  await expect(page.getByTestId('player-status')).toHaveAttribute('data-mode', 'audio');
  const before = (await playingAudio(page))!.time;
  await expect.poll(async () => (await playingAudio(page))?.time ?? 0).toBeGreaterThan(before);
  // Back to the browser's voice on request.
  await page.getByRole('button', { name: 'Đọc lại bằng giọng trình duyệt' }).click();
  await expect(page.getByTestId('player-status')).toHaveAttribute('data-mode', 'speech');
  await expect.poll(() => playingAudio(page)).toBeNull();
});

test('half a second between sentences, and a timer of two chapters stops after the second', async ({ page }) => {
  await page.goto(`${storyPath}/chuong-1`);
  await page.getByRole('button', { name: 'Nghe', exact: true }).click();
  await expect.poll(() => currentUtterance(page)).toMatch(/^Chương một/);
  await openOptions(page);
  await page.getByRole('combobox', { name: 'Nghỉ sau mỗi câu' }).selectOption('0.5');
  await page.getByRole('combobox', { name: 'Hẹn giờ tắt' }).selectOption('chapters:2');
  await expect(page.getByTestId('player-status')).toContainText('dừng sau 2 chương');

  // The reading starts again at paragraph 0, a sentence at a time.
  await expect.poll(() => currentUtterance(page)).toBe('Chương một: Phó bản một');
  await finishSpeech(page);
  await expect.poll(() => currentUtterance(page)).toBe('Lâm Phong mở bảng trạng thái.');
  const ended = Date.now();
  await finishSpeech(page);
  await expect.poll(() => currentUtterance(page)).toBe('máu của hắn còn một nửa.');
  const log = await spokenLog(page);
  expect(log.at(-1)!.at - ended).toBeGreaterThanOrEqual(450);

  // Through chapter 1 into chapter 2, then to its end: the player stops there.
  for (let guard = 0; guard < 40; guard += 1) {
    const status = await page.getByTestId('player-status').getAttribute('data-status');
    if (status === 'ended') break;
    if (await currentUtterance(page)) await finishSpeech(page);
    await page.waitForTimeout(150);
  }
  await expect(page).toHaveURL(new RegExp(`${storyPath}/chuong-2$`));
  await expect(page.getByTestId('player-status')).toHaveAttribute('data-status', 'ended');
  await expect(page.getByTestId('player-notice')).toHaveText('Đã dừng ở cuối chương theo hẹn giờ.');
  await page.waitForTimeout(500);
  await expect(page).toHaveURL(new RegExp(`${storyPath}/chuong-2$`));
});
