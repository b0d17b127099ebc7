import { expect, test, type BrowserContext, type Page, type Route } from '@playwright/test';
import { createAccount, signInThroughDialog } from './helpers/auth';
import { finishSpeech, installFakeSpeech, spokenLog } from './helpers/fakeSpeech';
import { skipWelcome } from './helpers/welcome';

/**
 * Offline reading and listening: the service worker of the production build, chapters downloaded
 * with "Tải để nghe offline", and the network cut with `context.setOffline(true)`. Chromium lets a
 * service worker's own requests through setOffline, so they are refused by a route as well.
 */

const refuseServiceWorker = (route: Route) => (route.request().serviceWorker() ? route.abort('internetdisconnected') : route.continue());

async function goOffline(context: BrowserContext): Promise<void> {
  await context.route('**/*', refuseServiceWorker);
  await context.setOffline(true);
}

async function goOnline(context: BrowserContext): Promise<void> {
  await context.unroute('**/*', refuseServiceWorker);
  await context.setOffline(false);
}

/** Waits until the service worker controls the page (installed, precached, claimed). */
async function waitForServiceWorker(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker?.controller != null, null, { timeout: 45_000 });
}

interface StoryInfo {
  path: string;
  total: number;
}

/** A story of the home page's hot list whose last chapters are free (not VIP), and its number of chapters. */
async function freeStory(page: Page): Promise<StoryInfo> {
  await page.goto('/');
  const hrefs = await page.getByRole('region', { name: 'Truyện hot' }).getByTestId('story-card').evaluateAll((links) => links.map((link) => link.getAttribute('href')!));
  for (const href of [...new Set(hrefs)]) {
    const response = await page.request.get(`/_next/data/${await buildId(page)}${href}.json`);
    if (!response.ok()) continue;
    const { pageProps } = (await response.json()) as { pageProps: { story: { _id: string; chapters: number } } };
    const last = await page.request.get(`/api/book/chapters/${pageProps.story._id}?page=0&order=desc`);
    const { results } = (await last.json()) as { results: { vip: boolean }[] };
    if (pageProps.story.chapters >= 3 && results.slice(0, 3).every((chapter) => !chapter.vip)) return { path: href, total: pageProps.story.chapters };
  }
  throw new Error('No story with free last chapters on the home page');
}

const buildId = (page: Page) => page.evaluate(() => (window as unknown as { __NEXT_DATA__: { buildId: string } }).__NEXT_DATA__.buildId);

/** Downloads from chapter `from` with the default count (5), which the story's end cuts to `expected`. */
async function downloadFrom(page: Page, storyPath: string, from: number, expected: number): Promise<void> {
  await page.goto(`${storyPath}/chuong-${from}`);
  await expect(page.getByTestId('chapter-text')).toBeVisible();
  await page.getByRole('button', { name: 'Tải để nghe offline' }).click();
  const dialog = page.getByTestId('download-dialog');
  await expect(dialog.getByRole('radio', { name: '5 chương' })).toHaveAttribute('aria-checked', 'true');
  await expect(dialog.getByTestId('download-plan')).toContainText(`Sẽ tải ${expected} chương (chương ${from}–${from + expected - 1}), khoảng`);
  await expect(dialog.getByTestId('storage-quota')).toContainText('Bộ nhớ của trang trên máy: đã dùng');
  await dialog.getByRole('button', { name: `Tải ${expected} chương` }).click();
  await expect(dialog.getByTestId('download-result')).toContainText(`Đã tải ${expected} chương`, { timeout: 30_000 });
  await page.keyboard.press('Escape');
}

const keptKeys = (page: Page) =>
  page.evaluate(async () => {
    const pages = await (await caches.open('kept-pages')).keys();
    return pages.map((request) => new URL(request.url).pathname);
  });

test.beforeEach(async ({ context }) => {
  await skipWelcome(context);
});

test('the site is installable: a manifest with our icons and a service worker that controls the page', async ({ page, context }) => {
  await page.goto('/');
  await waitForServiceWorker(page);
  const cdp = await context.newCDPSession(page);
  const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] };
  // A Playwright context is an incognito profile, where Chrome never offers to install; nothing else may be wrong.
  expect(installabilityErrors.map((error) => error.errorId).filter((id) => id !== 'in-incognito')).toEqual([]);
  const manifest = await (await page.request.get('/site.webmanifest')).json();
  expect(manifest).toMatchObject({ short_name: 'Truyện Audio', lang: 'vi', display: 'standalone', start_url: '/' });
  const sizes = (manifest.icons as { sizes: string; purpose: string }[]).map((icon) => `${icon.sizes} ${icon.purpose}`);
  expect(sizes).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '192x192 maskable', '512x512 maskable']));
  await expect(page.locator('meta[name="theme-color"][media="(prefers-color-scheme: dark)"]')).toHaveCount(1);
});

test('download three chapters, read and listen offline into the next one, and sync the history once when back online', async ({ page, context }) => {
  test.setTimeout(150_000);
  await installFakeSpeech(page);
  const account = await createAccount('offline');
  await signInThroughDialog(page, account);
  await waitForServiceWorker(page);

  const story = await freeStory(page);
  expect(story.total).toBeGreaterThanOrEqual(3);
  const [first, second, third] = [story.total - 2, story.total - 1, story.total];
  await downloadFrom(page, story.path, first, 3);

  const history: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/api/user/web/lichsu')) history.push(request.postData() ?? '');
  });

  await goOffline(context);
  await page.goto('/user?tab=downloads');
  const kept = page.getByTestId('kept-chapter');
  await expect(kept).toHaveCount(3);
  await kept.nth(1).getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`${story.path}/chuong-${second}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(new RegExp(`Chương ${second}`));
  const paragraphs = page.getByTestId('chapter-text').locator('p');
  await expect(paragraphs.first()).not.toBeEmpty();

  await page.getByRole('button', { name: 'Nghe', exact: true }).click();
  await expect(page.getByTestId('player-status')).toHaveAttribute('data-status', 'playing');
  // The heading, then every paragraph: the player goes on into the next kept chapter.
  for (let i = 0; i < 400 && !page.url().endsWith(`/chuong-${third}`); i += 1) await finishSpeech(page);
  await expect(page).toHaveURL(new RegExp(`${story.path}/chuong-${third}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(new RegExp(`Chương ${third}`));
  const nextFirst = (await page.getByTestId('chapter-text').locator('p').first().innerText()).trim();
  await expect.poll(async () => (await spokenLog(page)).some((utterance) => utterance.text.includes(nextFirst.slice(0, 30)))).toBe(true);
  expect(history).toEqual([]);

  await goOnline(context);
  await expect.poll(() => history.length, { timeout: 15_000 }).toBe(2);
  expect(history.map((body) => JSON.parse(body).chapter)).toEqual([second, third]);

  await page.goto('/user?tab=favorites');
  await expect(page.getByTestId('cabinet-entry').first()).toContainText(`Đang đọc chương ${third}`);
  await page.waitForTimeout(1_000);
  expect(history).toHaveLength(2);
});

test('a page that is not kept shows the offline page, and removing a download frees it', async ({ page, context }) => {
  test.setTimeout(120_000);
  await page.goto('/');
  await waitForServiceWorker(page);
  const story = await freeStory(page);
  await downloadFrom(page, story.path, story.total - 1, 2);
  expect(await keptKeys(page)).toEqual(expect.arrayContaining([`${story.path}/chuong-${story.total - 1}`, `${story.path}/chuong-${story.total}`]));

  await goOffline(context);
  await page.goto('/thong-tin/huong-dan-su-dung');
  await expect(page.getByTestId('offline-page')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bạn đang ngoại tuyến');
  await expect(page.getByTestId('kept-chapter')).toHaveCount(2);
  await page.getByTestId('kept-chapter').first().getByRole('link').click();
  await expect(page.getByTestId('chapter-text')).toBeVisible();

  await goOnline(context);
  await page.goto('/user?tab=downloads');
  await expect(page.getByTestId('kept-chapter')).toHaveCount(2);
  await page.getByRole('button', { name: /^Xóa cả truyện đã tải/ }).click();
  await expect(page.getByText('Chưa có chương nào được tải về máy.')).toBeVisible();
  expect((await keptKeys(page)).filter((key) => key.startsWith(story.path))).toEqual([]);

  // Gone from the device: offline, the chapter no longer opens.
  await goOffline(context);
  await page.goto(`${story.path}/chuong-${story.total}`);
  await expect(page.getByTestId('offline-page')).toBeVisible();
  await goOnline(context);
});

test('without a Vietnamese voice, the server audio is kept with the text and plays offline', async ({ page, context }) => {
  test.setTimeout(150_000);
  await page.goto('/');
  await waitForServiceWorker(page);
  const story = await freeStory(page);
  await page.goto(`${story.path}/chuong-${story.total}`);
  await expect(page.getByTestId('chapter-text')).toBeVisible();
  await page.getByRole('button', { name: 'Tải để nghe offline' }).click();
  const dialog = page.getByTestId('download-dialog');
  // Headless Chromium has no voice at all, so the server's audio is asked for by default.
  await expect(dialog.getByRole('checkbox', { name: /Kèm âm thanh đọc của máy chủ/ })).toBeChecked();
  await dialog.getByRole('button', { name: 'Tải 1 chương' }).click();
  await expect(dialog.getByTestId('download-result')).toContainText('Đã tải 1 chương', { timeout: 90_000 });
  const parts = await page.evaluate(async () => (await (await caches.open('kept-audio')).keys()).length);
  expect(parts).toBeGreaterThan(1);
  await page.keyboard.press('Escape');

  const audioRequests: string[] = [];
  page.on('requestfinished', (request) => /\/api\/audio\//.test(request.url()) && audioRequests.push(request.url()));
  await goOffline(context);
  await page.reload();
  await expect(page.getByTestId('chapter-text')).toBeVisible();
  await page.getByRole('button', { name: 'Nghe', exact: true }).click();
  await expect(page.getByTestId('player-status')).toHaveAttribute('data-mode', 'audio');
  await expect(page.getByTestId('player-status')).toHaveAttribute('data-status', 'playing', { timeout: 20_000 });
  expect(audioRequests.length).toBeGreaterThan(0);
  await goOnline(context);
});

test('a VIP chapter is refused for a non-member', async ({ page }) => {
  await page.goto('/vip');
  const link = page.getByTestId('vip-story').first();
  await expect(link).toBeVisible();
  const href = (await link.getAttribute('href'))!;
  await page.goto(href);
  await page.getByRole('button', { name: 'Tải để nghe offline' }).click();
  const dialog = page.getByTestId('download-dialog');
  await expect(dialog.getByTestId('download-error')).toHaveText('Các chương này là chương VIP: chỉ thành viên VIP mới tải được.');
  await expect(dialog.getByRole('button', { name: /^Tải \d+ chương$/ })).toHaveCount(0);
});
