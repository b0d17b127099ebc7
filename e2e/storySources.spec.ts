import { expect, test, type Page } from '@playwright/test';
import { TWIN_22, TWIN_69, TWIN_PIAOTIA, TWIN_QUANBEN5, type FixtureBook } from '../__tests__/fixtures/sources/books';
import { createAccount, signInThroughDialog } from './helpers/auth';
import { grantOperator } from './helpers/operator';
import { skipWelcome } from './helpers/welcome';
import { serveFixtureSites } from './helpers/fixtureSites';

/**
 * A story with two sources (the same book pasted from two fixture sites, numbered differently)
 * keeps reading when its first source fails: "Đổi nguồn" reads a failing chapter from the other
 * source in place, the next chapter moves the story to the second source (SOURCE_FAILOVER_AFTER is
 * 2 on the e2e server), and the console's story screen shows the switch and its reason.
 */

interface Journey {
  first: FixtureBook;
  firstLink: string;
  second: FixtureBook;
  secondLink: string;
  secondName: string;
}

/** Each project has its own story on its own two sites, so neither sees the other's failures. */
const JOURNEYS: Record<string, Journey> = {
  desktop: {
    first: TWIN_69,
    firstLink: `https://www.69shuba.com/book/${TWIN_69.bookId}.htm`,
    second: TWIN_22,
    secondLink: `https://www.22biqu.com/biqu${TWIN_22.bookId}/`,
    secondName: '22biqu',
  },
  mobile: {
    first: TWIN_QUANBEN5,
    firstLink: `https://quanben5.com/n/${TWIN_QUANBEN5.bookId}/`,
    second: TWIN_PIAOTIA,
    secondLink: `https://www.piaotia.com/bookinfo/13/${TWIN_PIAOTIA.bookId}.html`,
    secondName: 'Piaotian',
  },
};

const fixtureSites = serveFixtureSites();

async function embed(page: Page, link: string): Promise<{ storyId: string; slug: string; sourceAdded?: boolean }> {
  const response = await page.request.post('/api/embedding/embed', { data: { link } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { message: { storyId: string; slug: string; sourceAdded?: boolean } }).message;
}

test('a story whose first source fails reads on from its second, and the console shows the switch', async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  const journey = JOURNEYS[testInfo.project.name] ?? JOURNEYS.desktop;
  await skipWelcome(page.context());

  // The first source is embedded by its pasted link; the second site's copy joins the story.
  await page.goto('/embedding');
  await page.getByLabel('Liên kết truyện hoặc chương').fill(journey.firstLink);
  await page.getByRole('button', { name: 'Xem trước' }).click();
  await page.getByTestId('embed-preview').getByRole('button', { name: 'Nhúng' }).click();
  await expect(page).not.toHaveURL(/\/embedding$/, { timeout: 60_000 });
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const slug = new URL(page.url()).pathname.slice(1);
  const joined = await embed(page, journey.secondLink);
  expect(joined).toMatchObject({ slug, sourceAdded: true });

  // The first source answers 503: the chapter fails, and "Đổi nguồn" reads it from the second in place.
  fixtureSites.server.setMode(journey.first.siteId, 'unavailable');
  await page.goto(`/${slug}/chuong-3`);
  const failure = page.getByRole('alert').filter({ hasText: 'Không tải được nội dung chương' });
  await expect(failure).toBeVisible();
  await failure.getByRole('button', { name: 'Đổi nguồn' }).click();
  await expect(page.getByTestId('chapter-text').locator('p').first()).not.toBeEmpty({ timeout: 30_000 });
  await expect(page).toHaveURL(new RegExp(`/${slug}/chuong-3$`));

  // Its second failure moves the story to the second source: the next chapter reads.
  await page.goto(`/${slug}/chuong-4`);
  await expect(page.getByTestId('chapter-text').locator('p').first()).not.toBeEmpty({ timeout: 30_000 });

  // The console's story screen shows the sources, the switch and its reason.
  const operator = await createAccount('nguon');
  await signInThroughDialog(page, operator);
  grantOperator(operator.email);
  await page.goto('/quan-tri');
  await expect(page.getByRole('heading', { name: 'Tổng quan', level: 1 })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('region', { name: 'Tên miền của trang nguồn' })).toBeVisible();
  await page.goto(`/quan-tri/truyen/${joined.storyId}`);
  const sources = page.getByRole('region', { name: 'Các nguồn của truyện' });
  await expect(sources.getByTestId('story-source-row')).toHaveCount(2);
  await expect(sources.getByTestId('story-source-row').nth(1)).toContainText('Đang dùng');
  await expect(sources.getByTestId('story-source-row').nth(1)).toContainText(journey.secondName);
  const switched = sources.getByTestId('story-source-switch').first();
  await expect(switched).toContainText('Chuyển nguồn tự động');
  await expect(switched).toContainText('Lý do: 2 lỗi liên tiếp');
  await page.screenshot({ path: testInfo.outputPath('story-sources.png'), fullPage: true });
  fixtureSites.server.setMode(journey.first.siteId, 'normal');
});
