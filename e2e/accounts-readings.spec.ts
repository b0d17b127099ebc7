import { expect, test, type Page } from '@playwright/test';
import { createAccount, signInThroughDialog } from './helpers/auth';
import { skipWelcome } from './helpers/welcome';

test.beforeEach(async ({ context }) => {
  await skipWelcome(context);
});

/** The first story of the home page: its slug and title. */
async function firstStory(page: Page): Promise<{ slug: string; title: string }> {
  await page.goto('/');
  const card = page.getByTestId('story-card').first();
  const href = (await card.getAttribute('href'))!;
  return { slug: href.replace(/^\//, ''), title: (await card.locator('h3').innerText()).trim() };
}

async function readChapter(page: Page, slug: string, chapter: number) {
  await page.goto(`/${slug}/chuong-${chapter}`);
  await expect
    .poll(() => page.evaluate((key) => JSON.parse(localStorage.getItem('readings') ?? '{}')[key]?.chapter ?? null, slug), { timeout: 20_000 })
    .toBe(chapter);
}

test('progress read signed out is kept after signing in, on the account', async ({ page, browser }) => {
  const account = await createAccount('tiendo');
  const story = await firstStory(page);
  await readChapter(page, story.slug, 1);
  await readChapter(page, story.slug, 2);

  await signInThroughDialog(page, account);
  await page.goto('/user?tab=favorites');
  const history = page.getByRole('region', { name: 'Lịch sử đọc' });
  const entry = history.getByTestId('cabinet-entry').filter({ hasText: story.title });
  await expect(entry).toContainText('Đang đọc chương 2');
  await expect(entry.getByRole('link', { name: 'Đọc tiếp' })).toHaveAttribute('href', `/${story.slug}/chuong-2`);

  // Another device: a fresh browser with no local readings finds the same place.
  const other = await browser.newContext();
  await skipWelcome(other);
  const otherPage = await other.newPage();
  await signInThroughDialog(otherPage, account);
  await otherPage.goto('/user?tab=favorites');
  await expect(otherPage.getByRole('region', { name: 'Lịch sử đọc' }).getByTestId('cabinet-entry').filter({ hasText: story.title })).toContainText('Đang đọc chương 2');
  await other.close();
});

test('a saved story is in Tủ truyện after a reload, and can be removed', async ({ page }) => {
  const account = await createAccount('tutruyen');
  const story = await firstStory(page);
  await signInThroughDialog(page, account);
  // The session is restored on the story page (its bookmarks loaded) before the reader clicks.
  const restored = page.waitForResponse((response) => response.url().includes('/api/user/web/bookmarks'));
  await page.goto(`/${story.slug}`);
  await restored;
  const actions = page.getByTestId('story-actions');
  await actions.getByRole('button', { name: 'Lưu truyện' }).click();
  await expect(actions.getByRole('button', { name: 'Đã lưu' })).toHaveAttribute('aria-pressed', 'true');

  await page.goto('/user?tab=favorites');
  await page.reload();
  const cabinet = page.getByRole('region', { name: 'Truyện đã lưu' });
  await expect(cabinet.getByTestId('cabinet-entry').filter({ hasText: story.title })).toBeVisible();
  await cabinet.getByRole('button', { name: `Bỏ lưu: ${story.title}` }).click();
  await expect(cabinet.getByText('Bạn chưa lưu truyện nào.', { exact: false })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('region', { name: 'Truyện đã lưu' }).getByTestId('cabinet-entry')).toHaveCount(0);
});
