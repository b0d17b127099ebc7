import { expect, test, type APIRequestContext } from '@playwright/test';
import { LANTERN, QINGYUN, REBORN, type FixtureBook } from '../__tests__/fixtures/sources/books';
import { createAccount, signInThroughDialog } from './helpers/auth';
import { installFakeSpeech, spokenLog } from './helpers/fakeSpeech';
import { serveFixtureSites } from './helpers/fixtureSites';
import { skipWelcome } from './helpers/welcome';

/**
 * Nhúng end to end against the fixture copies of the source sites (the app's SOURCES_* point at
 * E2E_FIXTURE_PORT): paste, preview, embed, read chapter 1 in Vietnamese, listen with the fake
 * voice, and see a new chapter after the follow check.
 */
const JOBS_SECRET = process.env.JOBS_SECRET || 'e2e-jobs-secret';
const HAN = /\p{Script=Han}/u;

interface Journey {
  book: FixtureBook;
  link: string;
  chapterLink: (n: number) => string;
  title: RegExp;
}

/** Each project embeds its own story, so the desktop and phone runs do not see each other's chapters. */
const JOURNEYS: Record<string, Journey> = {
  desktop: {
    book: QINGYUN,
    link: `https://www.69shuba.com/book/${QINGYUN.bookId}.htm`,
    chapterLink: (n) => `https://www.69shuba.com/txt/${QINGYUN.bookId}/${QINGYUN.chapterIdBase + n}`,
    title: /^Thanh Vân/,
  },
  mobile: {
    book: REBORN,
    link: `https://ixdzs8.com/read/${REBORN.bookId}/`,
    chapterLink: (n) => `https://ixdzs8.com/read/${REBORN.bookId}/p${n}.html`,
    title: /\S/,
  },
};

const fixtureSites = serveFixtureSites();

// Returning visitors: the first-visit welcome dialog stays closed.
test.beforeEach(async ({ page }) => {
  await skipWelcome(page);
});

/** Publishes a chapter on the source site and runs the follow check of the story until it is added. */
async function publishAndCheck(request: APIRequestContext, book: FixtureBook, slug: string): Promise<void> {
  await expect
    .poll(
      async () => {
        fixtureSites.server.addChapter(book.siteId, book.bookId);
        const response = await request.post('/api/jobs/embed-check', {
          headers: { authorization: `Bearer ${JOBS_SECRET}` },
          data: { slug },
        });
        expect(response.status()).toBe(200);
        return ((await response.json()) as { message: { added: number } }).message.added;
      },
      { timeout: 30_000, intervals: [500] },
    )
    .toBeGreaterThan(0);
}

test('a bad link gets a Vietnamese message listing the supported sites', async ({ page }) => {
  await page.goto('/embedding');
  await expect(page.getByRole('heading', { level: 1, name: 'Nhúng truyện' })).toBeVisible();
  await page.getByLabel('Liên kết truyện hoặc chương').fill('https://example.com/truyen/1.html');
  await page.getByRole('button', { name: 'Xem trước' }).click();
  const error = page.getByTestId('embed-error');
  await expect(error).toHaveAttribute('role', 'alert');
  await expect(error).toContainText('Các trang hỗ trợ: 69shuba.com, 22biqu.com, ixdzs8.com, uukanshu.cc');
});

test('the supported sites are named as readers know them, in Latin letters', async ({ page }) => {
  await page.goto('/embedding');
  const list = page.getByRole('region', { name: 'Trang nguồn được hỗ trợ' }).getByRole('listitem');
  await expect(list).toHaveText([/^69shu/, /^22biqu/, /^ixdzs8/, /^UUkanshu \(uukanshu\.cc\)/, /^Quanben5/, /^Piaotian/]);
  for (const name of await list.allTextContents()) expect(name).not.toMatch(HAN);
});

test('a link of today’s uukanshu.cc previews the story with its whole catalogue', async ({ page }) => {
  await page.goto('/embedding');
  await page.getByLabel('Liên kết truyện hoặc chương').fill(`https://www.uukanshu.cc/book/${LANTERN.bookId.replace('cc-', '')}/`);
  await page.getByRole('button', { name: 'Xem trước' }).click();
  const preview = page.getByTestId('embed-preview');
  await expect(preview.getByText(LANTERN.title, { exact: true })).toBeVisible();
  await expect(preview.getByText(LANTERN.author)).toBeVisible();
  await expect(preview).toContainText(`Số chương${LANTERN.chapterCount}`);
  await expect(preview).toContainText('UUkanshu');
});

test('paste, preview, embed, read chapter 1, listen, and see a new chapter after the follow check', async ({ page, request }, testInfo) => {
  const journey = JOURNEYS[testInfo.project.name] ?? JOURNEYS.desktop;
  await installFakeSpeech(page);
  await page.goto('/embedding');
  await page.getByLabel('Liên kết truyện hoặc chương').fill(journey.link);
  await page.getByRole('button', { name: 'Xem trước' }).click();

  const preview = page.getByTestId('embed-preview');
  await expect(preview.getByRole('heading', { level: 2 })).toHaveText(journey.title);
  await expect(preview.getByText(journey.book.title, { exact: true })).toBeVisible();
  await expect(preview.getByText(journey.book.author)).toBeVisible();
  await expect(preview).toContainText(`Số chương${journey.book.chapterCount}`);
  const title = (await preview.getByRole('heading', { level: 2 }).textContent()) ?? '';
  expect(title).not.toMatch(HAN);

  await preview.getByRole('button', { name: 'Nhúng' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  const slug = new URL(page.url()).pathname.slice(1);
  expect(slug).toMatch(/^[a-z0-9-]+$/);

  await page.goto(`/${slug}/chuong-1`);
  const text = page.getByTestId('chapter-text');
  await expect(text.locator('p').first()).not.toBeEmpty();
  const paragraphs = await text.locator('p').allTextContents();
  expect(paragraphs.length).toBeGreaterThanOrEqual(5);
  expect(paragraphs.join('\n')).not.toMatch(HAN);

  await page.getByRole('button', { name: 'Nghe', exact: true }).click();
  await expect(page.getByTestId('player-status')).toHaveAttribute('data-status', 'playing');
  await expect.poll(async () => (await spokenLog(page)).length).toBeGreaterThan(0);
  const [first] = await spokenLog(page);
  expect(first.lang).toMatch(/^vi/);
  expect(first.text).not.toMatch(HAN);

  await publishAndCheck(request, journey.book, slug);
  await page.goto(`/${slug}`);
  const next = journey.book.chapterCount + 1;
  await expect(page.getByTestId('chapter-list')).toContainText(`Chương ${next}`);
  await page.goto(`/${slug}/chuong-${next}`);
  await expect(page.getByTestId('chapter-text').locator('p').first()).not.toBeEmpty();
});

test('a chapter link opens that chapter', async ({ page }, testInfo) => {
  const journey = JOURNEYS[testInfo.project.name] ?? JOURNEYS.desktop;
  await page.goto('/embedding');
  await page.getByLabel('Liên kết truyện hoặc chương').fill(journey.chapterLink(5));
  await page.getByRole('button', { name: 'Xem trước' }).click();
  await expect(page.getByTestId('embed-preview')).toContainText('Liên kết này là một chương');
  await page.getByRole('button', { name: 'Nhúng' }).click();
  await expect(page).toHaveURL(/\/chuong-5$/);
  await expect(page.getByTestId('chapter-text').locator('p').first()).not.toBeEmpty();
});

test('a signed-in reader corrects the names of a story; a signed-out one is asked to sign in', async ({ page, request }, testInfo) => {
  const journey = JOURNEYS[testInfo.project.name] ?? JOURNEYS.desktop;
  const embedded = await request.post('/api/embedding/embed', { data: { link: journey.link } });
  expect(embedded.status()).toBe(200);
  const { slug } = ((await embedded.json()) as { message: { slug: string } }).message;

  await page.goto(`/${slug}`);
  const editor = page.getByTestId('names-editor');
  await editor.getByText('Sửa tên riêng').click();
  await editor.getByRole('button', { name: 'Đăng nhập' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();

  await signInThroughDialog(page, await createAccount('tenrieng'));
  await page.goto(`/${slug}`);
  await editor.getByText('Sửa tên riêng').click();
  const names = editor.getByLabel('Tên riêng của bạn');
  await names.fill('林渊 Lâm Uyên\n青云宗=Thanh Vân Tông');
  await editor.getByRole('button', { name: 'Lưu tên riêng' }).click();
  await expect(editor.getByRole('alert')).toContainText('Dòng 1: thiếu dấu “=”');
  await expect(names).toHaveAttribute('aria-invalid', 'true');

  await names.fill('林渊=Lâm Uyên\n青云宗=Thanh Vân Tông');
  await names.press('Control+Enter');
  await expect(editor.getByRole('status')).toContainText('Đã lưu 2 tên riêng.');
  await page.reload();
  await editor.getByText('Sửa tên riêng').click();
  await expect(names).toHaveValue('林渊=Lâm Uyên\n青云宗=Thanh Vân Tông');
});
