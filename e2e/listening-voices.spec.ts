import { expect, test, type Locator, type Page } from '@playwright/test';
import { currentUtterance, installFakeSpeech, spokenLog, type FakeVoice } from './helpers/fakeSpeech';
import { skipWelcome } from './helpers/welcome';
import { openFirstChapter } from './helpers/stories';

/** What Edge on Windows lists for Vietnamese: the compact system voice first, the natural online ones after. */
const EDGE_VIETNAMESE: FakeVoice[] = [
  { voiceURI: 'Microsoft An - Vietnamese (Vietnam)', name: 'Microsoft An - Vietnamese (Vietnam)', lang: 'vi-VN', localService: true, default: true },
  { voiceURI: 'Microsoft David - English (United States)', name: 'Microsoft David - English (United States)', lang: 'en-US', localService: true, default: false },
  {
    voiceURI: 'Microsoft HoaiMy Online (Natural) - Vietnamese (Vietnam)',
    name: 'Microsoft HoaiMy Online (Natural) - Vietnamese (Vietnam)',
    lang: 'vi-VN',
    localService: false,
    default: false,
  },
  {
    voiceURI: 'Microsoft NamMinh Online (Natural) - Vietnamese (Vietnam)',
    name: 'Microsoft NamMinh Online (Natural) - Vietnamese (Vietnam)',
    lang: 'vi-VN',
    localService: false,
    default: false,
  },
];
const HOAIMY = EDGE_VIETNAMESE[2].name;
const NAMMINH = EDGE_VIETNAMESE[3].name;

test.beforeEach(async ({ context, page }) => {
  await skipWelcome(context);
  await installFakeSpeech(page, EDGE_VIETNAMESE);
});

async function listen(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Nghe', exact: true }).click();
  await expect(page.getByTestId('player-status')).toHaveAttribute('data-status', 'playing');
  await expect.poll(() => currentUtterance(page)).toMatch(/^Chương một/);
}

const voiceOf = async (page: Page) => (await spokenLog(page)).at(-1)?.voice;

function overlaps(a: { x: number; y: number; width: number; height: number }, b: { x: number; y: number; width: number; height: number }): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error('not laid out');
  return found;
}

test('the device’s best Vietnamese voice reads until the reader chooses one, and the choice is kept', async ({ page }) => {
  await openFirstChapter(page);
  await listen(page);
  expect(await voiceOf(page)).toBe(HOAIMY);

  await page.getByRole('button', { name: 'Tùy chọn giọng đọc' }).click();
  const picker = page.getByRole('combobox', { name: 'Giọng đọc', exact: true });
  await expect(picker.locator('option').first()).toHaveText(`Tự động: ${HOAIMY}`);
  await picker.selectOption(NAMMINH);
  await expect.poll(() => voiceOf(page)).toBe(NAMMINH);

  await page.reload();
  await expect(page.getByTestId('chapter-text')).toBeVisible();
  await listen(page);
  expect(await voiceOf(page)).toBe(NAMMINH);
  await page.getByRole('button', { name: 'Tùy chọn giọng đọc' }).click();
  await expect(page.getByRole('combobox', { name: 'Giọng đọc', exact: true })).toHaveValue(NAMMINH);
});

test('the theme toggle sits above the open player, and both answer a tap', async ({ page }, testInfo) => {
  await openFirstChapter(page);
  const toggle = page.getByTestId('theme-toggle');
  const player = page.getByTestId('player');
  await listen(page);
  await expect(player).toBeVisible();

  // The toggle moves up once the player has opened (it slides there).
  await expect.poll(async () => overlaps(await box(toggle), await box(player))).toBe(false);
  const toggleBox = await box(toggle);
  expect(toggleBox.y + toggleBox.height).toBeLessThanOrEqual((await box(player)).y);
  await page.screenshot({ path: testInfo.outputPath('player-open-light.png') });

  await toggle.click();
  await expect(page.locator('html')).toHaveClass(/dark/);
  const options = page.getByRole('button', { name: 'Tùy chọn giọng đọc' });
  await options.click();
  await expect(options).toHaveAttribute('aria-expanded', 'true');
  // The options make the player taller: the toggle stays above it.
  await expect.poll(async () => overlaps(await box(toggle), await box(player))).toBe(false);
  await page.screenshot({ path: testInfo.outputPath('player-options-dark.png') });

  // Closed, the player gives the toggle its place back.
  await page.getByRole('button', { name: 'Dừng và đóng trình phát' }).click();
  await expect(player).toHaveCount(0);
  await expect(page.locator('html')).not.toHaveAttribute('data-player-open');
});
