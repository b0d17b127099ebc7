import { expect, test } from '@playwright/test';
import { MORTAL, MORTAL_ON_22BIQU, MORTAL_ON_IXDZS8, QINGYUN } from '../__tests__/fixtures/sources/books';
import { serveFixtureSites } from './helpers/fixtureSites';
import { skipWelcome } from './helpers/welcome';

/**
 * Searching the source sites from Nhúng against their fixture copies: one book found on three
 * sites is one row, embedded with one tap. Desktop embeds from the first site, the phone from
 * another, so each run makes its own story.
 */
const HAN = /\p{Script=Han}/u;

serveFixtureSites();

test.beforeEach(async ({ page }) => {
  await skipWelcome(page);
});

test('search a title, see one book from three sites, embed it with one tap', async ({ page }, testInfo) => {
  await page.goto('/embedding');
  await page.getByLabel('Tên truyện hoặc tác giả').fill(MORTAL.title);
  await page.getByRole('button', { name: 'Tìm', exact: true }).click();

  // Each site has SOURCE_SEARCH_SITE_TIMEOUT_MS (15 s) to answer; the first search of a fresh server starts its clients.
  for (const site of ['69shuba', '22biqu', 'ixdzs8', 'piaotia']) {
    await expect(page.getByTestId(`search-site-${site}`)).toHaveAttribute('data-state', 'done', { timeout: 30_000 });
  }
  const rows = page.getByTestId('source-search-row');
  await expect(rows).toHaveCount(1);
  const row = rows.first();
  await expect(row.getByRole('heading', { level: 3 })).toContainText(MORTAL.title);
  const converted = (await row.getByRole('heading', { level: 3 }).textContent())?.replace(MORTAL.title, '').trim() ?? '';
  expect(converted).toMatch(/^Phàm Nhân Tu Tiên/);
  expect(converted).not.toMatch(HAN);
  const sites = row.getByTestId('source-search-site');
  await expect(sites).toHaveCount(3);
  await expect(sites.nth(0)).toContainText(`69shu${MORTAL.chapterCount} chương`);
  await expect(sites.nth(1)).toContainText(`22biqu${MORTAL_ON_22BIQU.chapterCount} chương`);
  await expect(sites.nth(2)).toContainText(`ixdzs8${MORTAL_ON_IXDZS8.chapterCount} chương`);

  const mobile = testInfo.project.name === 'mobile';
  await (mobile ? row.getByRole('button', { name: 'Nhúng từ ixdzs8' }) : row.getByRole('button', { name: /^Nhúng .+ từ 69shu$/ })).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(converted, { timeout: 30_000 });
  expect(new URL(page.url()).pathname).toMatch(/^\/[a-z0-9-]+$/);
});

test('a Hán-Việt title is searched as its Chinese; an empty or symbol-only query is explained; a pasted link is previewed', async ({ page }) => {
  await page.goto(`/embedding?q=${encodeURIComponent('Phàm Nhân Tu Tiên Truyện')}`);
  // The process builds its reverse Hán-Việt index on the first visit to Nhúng: the first such search waits for it.
  await expect(page.getByTestId('search-chinese')).toContainText(`Tìm theo ${MORTAL.title}`, { timeout: 30_000 });
  await expect(page.getByTestId('source-search-row')).toHaveCount(1);
  const box = page.getByLabel('Tên truyện hoặc tác giả');
  const searchButton = page.getByRole('button', { name: 'Tìm', exact: true });
  await box.fill('');
  await searchButton.click();
  await expect(page.getByTestId('search-message')).toHaveText(/Hãy nhập tên truyện hoặc tác giả/);
  await box.fill('！？……');
  await box.press('Enter');
  await expect(page.getByTestId('search-message')).toHaveText(/chỉ có ký hiệu/);
  await box.fill(`https://www.69shuba.com/book/${QINGYUN.bookId}.htm`);
  await searchButton.click();
  await expect(page.getByTestId('search-message')).toHaveText(/Đây là liên kết/);
  await expect(page.getByTestId('embed-preview').getByText(QINGYUN.title, { exact: true })).toBeVisible();
});
