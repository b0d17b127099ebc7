import { expect, test } from '@playwright/test';
import { currentUtterance, finishSpeech, installFakeSpeech, spokenLog } from './helpers/fakeSpeech';
import { openChapter, openFirstStory } from './helpers/stories';
import { skipWelcome } from './helpers/welcome';

test.beforeEach(async ({ context }) => {
  await skipWelcome(context);
});

test('open a story, read a chapter, go on with the keyboard, keep the font size', async ({ page }) => {
  const storyPath = await openFirstStory(page);
  await expect(page.getByTestId('chapter-list').getByRole('link').first()).toHaveText(/Chương 1/);
  await page.getByRole('link', { name: 'Đọc từ đầu' }).click();
  await expect(page).toHaveURL(new RegExp(`${storyPath}/chuong-1$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Chương 1/);
  await expect(page.getByTestId('chapter-text').locator('p').first()).not.toBeEmpty();
  await expect(page).toHaveTitle(/^Chương 1.* - .* \| Truyện Audio$/);

  await page.keyboard.press('ArrowRight');
  await expect(page).toHaveURL(new RegExp(`${storyPath}/chuong-2$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Chương 2/);
  await expect(page.getByTestId('chapter-text')).toBeVisible();

  await page.getByRole('button', { name: 'Cài đặt' }).click();
  const increase = page.getByRole('button', { name: 'Tăng cỡ chữ' });
  await increase.click();
  await increase.click();
  await page.getByRole('button', { name: 'Đóng' }).click();
  await expect(page.getByTestId('chapter-text')).toHaveCSS('font-size', '22px');
  await page.reload();
  await expect(page.getByTestId('chapter-text')).toHaveCSS('font-size', '22px');

  // "Đọc tiếp" on the story page comes from the readings kept in this browser.
  await page.goto(storyPath);
  await expect(page.getByRole('link', { name: 'Đọc tiếp chương 2' })).toBeVisible();
});

test('an unknown chapter is 404', async ({ page }) => {
  const storyPath = await openFirstStory(page);
  expect((await page.goto(`${storyPath}/chuong-999999`))?.status()).toBe(404);
  expect((await page.goto(`${storyPath}/trang-1`))?.status()).toBe(404);
});

test('the bottom bar fades while scrolling down and comes back scrolling up', async ({ page }) => {
  const storyPath = await openFirstStory(page);
  await openChapter(page, storyPath, 1);
  const bar = page.getByTestId('chapter-bar');
  await expect(bar).toHaveAttribute('data-visible', 'true');
  await page.mouse.wheel(0, 600);
  await expect(bar).toHaveAttribute('data-visible', 'false');
  await expect(bar).toHaveCSS('opacity', '0');
  await page.mouse.wheel(0, -200);
  await expect(bar).toHaveAttribute('data-visible', 'true');
  await expect(bar).toHaveCSS('opacity', '1');
});

test.describe('listening with a Vietnamese browser voice', () => {
  test.beforeEach(async ({ page }) => installFakeSpeech(page));

  test('reads in order in Vietnamese at the chosen rate, highlights, and continues into the next chapter', async ({ page }) => {
    const storyPath = await openFirstStory(page);
    await openChapter(page, storyPath, 1);
    const paragraphs = page.getByTestId('chapter-text').locator('p');
    const first = (await paragraphs.nth(0).innerText()).trim();

    await page.getByRole('button', { name: 'Nghe', exact: true }).click();
    await expect(page.getByTestId('player-status')).toHaveAttribute('data-status', 'playing');
    await expect.poll(() => currentUtterance(page)).toMatch(/^Chương một/);
    await expect(paragraphs.nth(0)).toHaveAttribute('aria-current', 'true');

    await page.getByRole('button', { name: 'Tùy chọn giọng đọc' }).click();
    await page.getByLabel(/Tốc độ/).fill('1.5');
    await expect.poll(async () => (await spokenLog(page)).at(-1)?.rate).toBe(1.5);

    let log = await spokenLog(page);
    expect(log.every((u) => u.lang === 'vi-VN' && u.voice === 'Giọng Việt thử')).toBe(true);
    const restarted = log.filter((u) => u.rate === 1.5).map((u) => u.text);
    expect(restarted[0]).toMatch(/^Chương một/);
    expect(restarted[1].slice(0, 12)).toBe(first.slice(0, 12));

    // Finish the title and paragraph one: the highlight moves to paragraph two.
    while ((await paragraphs.nth(1).getAttribute('aria-current')) !== 'true') await finishSpeech(page);
    await expect(paragraphs.nth(0)).not.toHaveAttribute('aria-current', 'true');

    // Finish the chapter: the player opens chapter 2 and reads it.
    for (let i = 0; i < 200 && !page.url().endsWith('/chuong-2'); i += 1) await finishSpeech(page);
    await expect(page).toHaveURL(/\/chuong-2$/);
    await expect.poll(() => currentUtterance(page), { timeout: 15_000 }).toMatch(/^Chương hai/);
    log = await spokenLog(page);
    expect(log.at(-1)?.rate).toBe(1.5);
  });

  test('"Nghe" on the story page opens the chapter and starts the player', async ({ page }) => {
    await openFirstStory(page);
    await page.getByRole('link', { name: 'Nghe' }).click();
    await expect(page).toHaveURL(/\/chuong-1\?nghe=1$/);
    await expect(page.getByTestId('player-status')).toHaveAttribute('data-status', 'playing');
    await expect.poll(() => currentUtterance(page)).toMatch(/^Chương một/);
  });

  test('the sleep timer pauses after its minutes', async ({ page }) => {
    await page.clock.install();
    const storyPath = await openFirstStory(page);
    await openChapter(page, storyPath, 1);
    await page.getByRole('button', { name: 'Nghe', exact: true }).click();
    await expect(page.getByTestId('player-status')).toHaveAttribute('data-status', 'playing');
    await page.getByRole('button', { name: 'Tùy chọn giọng đọc' }).click();
    await page.getByLabel('Hẹn giờ tắt').selectOption('15');
    await expect(page.getByTestId('player-status')).toContainText('hẹn giờ tắt');
    await page.clock.fastForward('14:00');
    await expect(page.getByTestId('player-status')).toHaveAttribute('data-status', 'playing');
    await page.clock.fastForward('01:01');
    await expect(page.getByTestId('player-status')).toHaveAttribute('data-status', 'paused');
    await expect(page.getByTestId('player-notice')).toHaveText('Đã hết giờ hẹn, trình phát đã tạm dừng.');
  });
});

