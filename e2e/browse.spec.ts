import { expect, test, type Page } from '@playwright/test';

const SHORT = 'Từ khóa tìm kiếm quá ngắn.';

/** Marks the welcome dialog as seen, so journeys other than its own are not interrupted. */
async function skipWelcome(page: Page) {
  await page.addInitScript(() => window.localStorage.setItem('isFirstVisit', 'true'));
}

/** Collects browser alerts (accepting them) for a later assertion. */
function alerts(page: Page): string[] {
  const seen: string[] = [];
  page.on('dialog', (dialog) => {
    seen.push(dialog.message());
    void dialog.accept();
  });
  return seen;
}

const isMobile = (name: string) => name === 'mobile';

test.describe('header on wide screens', () => {
  test.beforeEach(async ({ page }, info) => {
    test.skip(isMobile(info.project.name), 'desktop header');
    await skipWelcome(page);
    await page.goto('/');
  });

  test('a genre from the dropdown opens its filtered list', async ({ page }) => {
    const nav = page.getByRole('navigation', { name: 'Danh mục' });
    await nav.getByRole('button', { name: 'Thể loại' }).click();
    const genres = nav.getByTestId('nav-dropdown').filter({ has: page.getByRole('link') }).first();
    await expect(genres).toBeVisible();
    expect(await genres.getByRole('link').count()).toBe(30);
    const link = genres.getByRole('link').nth(1);
    const name = (await link.innerText()).trim();
    await link.click();
    await expect(page).toHaveURL((url) => url.pathname === '/truyen' && url.searchParams.get('cats') === JSON.stringify([name]));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Truyện ${name}`);
    await expect(page.getByTestId('story-card').first()).toBeVisible();
    await expect(genres).toBeHidden();
  });

  test('only one dropdown is open at a time; leaving the header or Escape closes it', async ({ page }) => {
    const nav = page.getByRole('navigation', { name: 'Danh mục' });
    const genres = nav.getByRole('button', { name: 'Thể loại' });
    const rankings = nav.getByRole('button', { name: 'Bảng xếp hạng' });
    const chapters = nav.getByRole('button', { name: 'Số chương' });
    const open = () => page.locator('[data-testid="nav-dropdown"]:not([hidden])');

    await genres.click();
    await expect(genres).toHaveAttribute('aria-expanded', 'true');
    await rankings.hover();
    await expect(rankings).toHaveAttribute('aria-expanded', 'true');
    await expect(genres).toHaveAttribute('aria-expanded', 'false');
    await expect(open()).toHaveCount(1);
    await chapters.click();
    await expect(open()).toHaveCount(1);
    await expect(open().getByRole('link', { name: 'Trên 1000 chương' })).toBeVisible();

    await page.mouse.move(600, 700);
    await expect(open()).toHaveCount(0);

    await genres.focus();
    await page.keyboard.press('Enter');
    await expect(open()).toHaveCount(1);
    await page.keyboard.press('Escape');
    await expect(open()).toHaveCount(0);
    await expect(genres).toBeFocused();
  });

  test('the search box refuses one character and searches with two, clearing itself', async ({ page }) => {
    const seen = alerts(page);
    const box = page.getByTestId('header-search').getByRole('searchbox');
    await box.fill('a');
    await box.press('Enter');
    await expect.poll(() => seen).toEqual([SHORT]);
    await expect(page).toHaveURL('/');
    await box.fill('đô thị');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/truyen\?keyword=%C4%91%C3%B4\+th%E1%BB%8B|\/truyen\?keyword=đô/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Kết quả tìm kiếm “đô thị”');
    await expect(page.getByTestId('story-card').first()).toBeVisible();
    await expect(box).toHaveValue('');
    expect(seen).toHaveLength(1);
  });
});

test.describe('phone header', () => {
  test.beforeEach(async ({ page }, info) => {
    test.skip(!isMobile(info.project.name), 'phone header');
    await skipWelcome(page);
    await page.goto('/');
  });

  test('the drawer holds 10 genres, all genres, rankings, chapter counts, Nhúng, VIP and sign-in', async ({ page }) => {
    await page.getByTestId('open-drawer').click();
    const drawer = page.getByTestId('drawer');
    await expect(drawer).toBeVisible();
    const genreSection = drawer.locator('section').filter({ has: page.getByRole('heading', { name: 'Thể loại' }) });
    await expect(genreSection.locator('ul').getByRole('link')).toHaveCount(10);
    await expect(drawer.getByRole('link', { name: 'Tất cả thể loại' })).toBeVisible();
    await expect(drawer.getByRole('link', { name: 'Truyện hot' })).toBeVisible();
    await expect(drawer.getByRole('link', { name: 'Dưới 100 chương' })).toBeVisible();
    await expect(drawer.getByRole('link', { name: 'Nhúng' })).toBeVisible();
    await expect(drawer.getByRole('link', { name: 'VIP' })).toBeVisible();
    await expect(drawer.getByRole('button', { name: 'Đăng nhập' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();

    await page.getByTestId('open-drawer').click();
    const genre = genreSection.locator('ul').getByRole('link').first();
    const name = (await genre.innerText()).trim();
    await genre.click();
    await expect(page).toHaveURL((url) => url.searchParams.get('cats') === JSON.stringify([name]));
    await expect(page.getByTestId('drawer')).toBeHidden();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Truyện ${name}`);
  });

  test('the search modal refuses fewer than 2 characters and searches with 2', async ({ page }) => {
    const seen = alerts(page);
    await page.getByTestId('open-search').click();
    const modal = page.getByTestId('mobile-search');
    const input = modal.getByRole('searchbox');
    await expect(input).toBeFocused();
    await input.fill('a');
    await input.press('Enter');
    await expect.poll(() => seen).toEqual([SHORT]);
    await input.fill('');
    await modal.getByRole('button', { name: 'Tìm' }).click();
    await expect.poll(() => seen).toEqual([SHORT, SHORT]);
    await input.fill('tien hiep');
    await input.press('Enter');
    await expect(page).toHaveURL(/\/truyen\?keyword=tien\+hiep/);
    await expect(modal).toBeHidden();
    await expect(page.getByTestId('story-card').first()).toBeVisible();
    await page.getByTestId('open-search').click();
    await expect(page.getByTestId('mobile-search').getByRole('searchbox')).toHaveValue('');
  });
});

test('the theme choice survives a reload', async ({ page }) => {
  await skipWelcome(page);
  await page.goto('/bang-xep-hang');
  await expect(page.locator('html')).not.toHaveClass(/dark/);
  await page.getByTestId('theme-toggle').click();
  await expect(page.locator('html')).toHaveClass(/dark/);
  expect(await page.evaluate(() => window.localStorage.getItem('theme'))).toBe('dark');
  await page.reload();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await page.getByTestId('theme-toggle').click();
  await expect(page.locator('html')).not.toHaveClass(/dark/);
  await page.reload();
  await expect(page.locator('html')).not.toHaveClass(/dark/);
});

test('the welcome dialog shows on a first visit only, and never on /vip', async ({ page, context }) => {
  await page.goto('/vip');
  await expect(page.locator('main')).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.getByTestId('welcome-dialog')).toHaveCount(0);
  expect(await page.evaluate(() => window.localStorage.getItem('isFirstVisit'))).toBeNull();

  await page.goto('/');
  const dialog = page.getByRole('dialog', { name: 'Truyện Audio' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('link', { name: /Fanpage/ })).toHaveAttribute('target', '_blank');
  await dialog.getByRole('button', { name: 'Đã hiểu' }).click();
  await expect(dialog).toBeHidden();
  expect(await page.evaluate(() => window.localStorage.getItem('isFirstVisit'))).toBe('true');
  await page.reload();
  await page.waitForLoadState('networkidle');
  await expect(page.getByTestId('welcome-dialog')).toHaveCount(0);

  const fresh = await context.browser()!.newContext({ baseURL: `http://127.0.0.1:${new URL(page.url()).port}` });
  const other = await fresh.newPage();
  await other.goto('/truyen');
  const again = other.getByRole('dialog', { name: 'Truyện Audio' });
  await expect(again).toBeVisible();
  await again.getByRole('button', { name: 'Đóng lời chào' }).click();
  await expect(again).toBeHidden();
  await fresh.close();
});

test('a first visit sees the welcome dialog before the scripts run, and Đã hiểu closes it even then', async ({ page }) => {
  // The page as a slow phone shows it before its scripts arrive: the server HTML alone.
  await page.route('**/_next/static/chunks/*.js', (route) => route.abort());
  await page.goto('/');
  const dialog = page.getByRole('dialog', { name: 'Truyện Audio' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Chào mừng bạn đến với Truyện Audio!');
  await dialog.getByRole('button', { name: 'Đã hiểu' }).click();
  await expect(dialog).toBeHidden();
});

test('before the scripts run, the welcome dialog shows only once its whole HTML has arrived', async ({ page }) => {
  // A phone's browser may paint a page it is still reading: a half-read dialog would be painted,
  // then grow (a layout shift). Without its last element the dialog stays hidden.
  await page.route('**/_next/static/chunks/*.js', (route) => route.abort());
  await page.goto('/');
  const dialog = page.getByRole('dialog', { name: 'Truyện Audio' });
  await expect(dialog).toBeVisible();
  const end = await page.locator('dialog.welcome-dialog .welcome-end').evaluateHandle((element) => {
    const parent = element.parentElement!;
    element.remove();
    return { element, parent };
  });
  await expect(dialog).toBeHidden();
  await end.evaluate(({ element, parent }) => parent.append(element));
  await expect(dialog).toBeVisible();
});

test('a welcome dialog closed before the scripts arrive stays closed once they have run', async ({ page }) => {
  let release!: () => void;
  const closed = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/_next/static/chunks/*.js', async (route) => {
    await closed;
    await route.continue();
  });
  await page.goto('/', { waitUntil: 'commit' });
  const dialog = page.getByRole('dialog', { name: 'Truyện Audio' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Đã hiểu' }).click();
  await expect(dialog).toBeHidden();
  release();
  // Hydrated (the page's scripts record the visit), and the dialog did not come back.
  await expect.poll(() => page.evaluate(() => window.localStorage.getItem('isFirstVisit'))).toBe('true');
  await expect(page.getByTestId('welcome-dialog')).toHaveCount(0);
  await page.getByTestId('theme-toggle').click();
  await expect(page.locator('html')).toHaveClass(/dark/);
});

test('a returning reader never sees the welcome dialog, not even before the scripts run', async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem('isFirstVisit', 'true'));
  await page.route('**/_next/static/chunks/*.js', (route) => route.abort());
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Truyện hot' })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Truyện Audio' })).toBeHidden();
});

test('a malformed cats filter gets a clear message; an unknown keyword an empty state', async ({ page }) => {
  await skipWelcome(page);
  const response = await page.goto('/truyen?cats=%5B%22Ti%C3%AAn');
  expect(response?.status()).toBe(400);
  await expect(page.getByRole('alert').filter({ hasText: 'Bộ lọc không hợp lệ' })).toContainText('Bộ lọc thể loại không hợp lệ');
  await page.goto('/truyen?keyword=zzzz+qqqq+xxxx');
  await expect(page.getByText('Không tìm thấy truyện nào')).toBeVisible();
});

test('pages carry the metadata search engines read', async ({ page, request }) => {
  await skipWelcome(page);
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'vi');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'index, follow');
  await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'book');
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', /og-image\.png$/);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/$/);
  const ld = await page.locator('script[type="application/ld+json"]').allInnerTexts();
  expect(ld.some((text) => text.includes('SearchAction'))).toBe(true);

  const robots = await request.get('/robots.txt');
  expect(await robots.text()).toMatch(/Sitemap: .*\/sitemap\.xml/);
  const index = await (await request.get('/sitemap.xml')).text();
  expect(index).toContain('<sitemapindex');
  const storiesFile = /<loc>[^<]*(\/sitemap\/truyen-1\.xml)<\/loc>/.exec(index)?.[1];
  const stories = await (await request.get(storiesFile!)).text();
  expect((stories.match(/<url>/g) ?? []).length).toBeGreaterThan(50);
});

test('each story page lists its own genres, in the page and in its structured data', async ({ page, request }) => {
  await skipWelcome(page);
  const top = (await (await request.get('/api/book/top/view_total')).json()) as { results: { slug: string; genres: { name: string }[] }[] };
  const cards = top.results.slice(0, 3);
  expect(new Set(cards.map((card) => card.genres.map((g) => g.name).join('|'))).size).toBeGreaterThan(1);
  for (const card of cards) {
    const own = card.genres.map((genre) => genre.name);
    await page.goto(`/${card.slug}`);
    const chips = page.locator('dt:text-is("Thể loại") + dd li');
    await expect(chips).toHaveText(own);
    const ld = (await page.locator('script[type="application/ld+json"]').allInnerTexts()).map((text) => JSON.parse(text) as { '@type': string; genre?: string[] });
    expect(ld.find((data) => data['@type'] === 'Book')?.genre).toEqual(own);
  }
});
