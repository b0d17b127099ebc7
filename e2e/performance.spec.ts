import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { skipWelcome } from './helpers/welcome';

/** The hottest story's path, from the public API. */
async function hottestStory(request: APIRequestContext): Promise<string> {
  const response = await request.get('/api/book/top/hot/0');
  const { results } = (await response.json()) as { results: { slug: string }[] };
  expect(results.length).toBeGreaterThan(0);
  return `/${results[0].slug}`;
}

/** Counts the page-data requests (`/_next/data/…`) the page makes from now on. */
function countDataRequests(page: Page): { urls: string[] } {
  const seen = { urls: [] as string[] };
  page.on('request', (request) => {
    if (request.url().includes('/_next/data/')) seen.urls.push(new URL(request.url()).pathname);
  });
  return seen;
}

test.describe('no prefetch storm', () => {
  test.beforeEach(async ({ context }) => skipWelcome(context));

  test('opening a story page costs at most a handful of page-data requests, even scrolled to the end', async ({ page, request }) => {
    const story = await hottestStory(request);
    const data = countDataRequests(page);
    await page.goto(story);
    await page.waitForLoadState('networkidle');
    await page.mouse.wheel(0, 6_000);
    await page.waitForTimeout(1_500);
    await page.waitForLoadState('networkidle');
    await expect(page.getByTestId('chapter-list').getByRole('link').first()).toBeVisible();
    expect(await page.getByTestId('chapter-list').getByRole('link').count()).toBeGreaterThan(5);
    expect(data.urls.length, data.urls.join('\n')).toBeLessThanOrEqual(3);
  });

  test('a chapter link is fetched ahead only when the reader shows intent (hover)', async ({ page, request }, info) => {
    test.skip(info.project.name === 'mobile', 'hover is a desktop gesture');
    const story = await hottestStory(request);
    const data = countDataRequests(page);
    await page.goto(story);
    await page.waitForLoadState('networkidle');
    const before = data.urls.length;
    const link = page.getByTestId('chapter-list').getByRole('link').nth(3);
    await link.hover();
    await expect.poll(() => data.urls.slice(before)).toContainEqual(expect.stringMatching(/\/chuong-4\.json$/));
    // Only the link the reader pointed at: no other page was fetched ahead.
    const others = data.urls.slice(before).filter((url) => !/\/chuong-4\.json$/.test(url));
    expect(others, others.join('\n')).toEqual([]);
  });
});

test.describe('server HTML', () => {
  test('every page type has the genre menu; a chapter page has its opening text', async ({ request }) => {
    const story = await hottestStory(request);
    for (const path of ['/', story, `${story}/chuong-1`, '/thong-tin/about-us', '/bang-xep-hang', '/vip', '/khong-co-trang-nay']) {
      const html = await (await request.get(path)).text();
      expect(html, path).not.toContain('Đang tải thể loại');
      expect(html, path).toMatch(/href="\/truyen\?cats=[^"]+"/);
    }
    const chapter = await (await request.get(`${story}/chuong-1`)).text();
    const opening = /data-testid="chapter-opening"[^>]*>([\s\S]*?)<div role="status"/.exec(chapter)?.[1] ?? '';
    const text = opening.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim();
    expect(text.length).toBeGreaterThan(300);
  });
});

test.describe('cache headers per page type', () => {
  const cacheControl = async (request: APIRequestContext, path: string) => (await request.get(path)).headers()['cache-control'] ?? '';
  const swr = /stale-while-revalidate=\d+/;

  test('ISR pages, lists and info pages can be kept by a CDN for their revalidation period', async ({ request }) => {
    const story = await hottestStory(request);
    const expected: [string, string][] = [
      ['/', 's-maxage=60'],
      [story, 's-maxage=120'],
      [`${story}/chuong-1`, 's-maxage=600'],
      ['/thong-tin/about-us', 's-maxage=3600'],
      ['/bang-xep-hang', 's-maxage=60'],
      ['/truyen?keyword=tien', 's-maxage=30'],
      ['/vip', 's-maxage=60'],
    ];
    for (const [path, maxAge] of expected) {
      // The second answer is the cached one (the first may render a page for the first time).
      await request.get(path);
      const header = await cacheControl(request, path);
      expect(header, path).toContain(maxAge);
      expect(header, path).toMatch(swr);
      expect(header, path).not.toMatch(/private|no-store/);
    }
  });

  test('build assets are immutable; dynamic pages answer 304 to a matching ETag', async ({ request }) => {
    const html = await (await request.get('/')).text();
    const script = /<script src="(\/_next\/static\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    expect(await cacheControl(request, script!)).toMatch(/max-age=31536000.*immutable|immutable.*max-age=31536000/);

    const first = await request.get('/truyen?keyword=tien');
    const etag = first.headers().etag;
    expect(etag).toBeTruthy();
    const again = await request.get('/truyen?keyword=tien', { headers: { 'If-None-Match': etag } });
    expect(again.status()).toBe(304);
  });
});

test.describe('deferred code still answers the first interaction', () => {
  test('sign-in opens at the first click after load', async ({ page }, info) => {
    await skipWelcome(page.context());
    await page.goto('/thong-tin/about-us');
    if (info.project.name === 'mobile') {
      await page.getByTestId('open-drawer').click();
      await page.getByRole('dialog').getByRole('button', { name: 'Đăng nhập' }).first().click();
    } else {
      await page.getByRole('banner').getByRole('button', { name: 'Đăng nhập' }).click();
    }
    await expect(page.getByRole('tab', { name: 'Đăng ký' })).toBeVisible();
    await expect(page.getByLabel('Email', { exact: true })).toBeVisible();
  });

  test('comments load at the first scroll to them on a story page', async ({ page, request }) => {
    await skipWelcome(page.context());
    await page.goto(await hottestStory(request));
    await page.locator('#binh-luan').scrollIntoViewIfNeeded();
    await expect(page.locator('#binh-luan')).toContainText(/Bình luận/);
  });

  test('a chapter page loads the comments and their code only when the reader scrolls toward them', async ({ page, request }) => {
    await skipWelcome(page.context());
    await page.goto(`${await hottestStory(request)}/chuong-1`);
    await expect(page.getByTestId('chapter-text')).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expect(page.getByTestId('comments')).toHaveCount(0);
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await page.locator('#binh-luan').scrollIntoViewIfNeeded();
    await expect(page.getByTestId('comments')).toContainText(/Bình luận/);
    expect(scripts.length).toBeGreaterThan(0);
  });
});

/** The web-font files the page has fetched, with when each started and when the page had loaded. */
async function fontTimings(page: Page): Promise<{ files: { name: string; start: number }[]; loaded: number }> {
  return page.evaluate(() => {
    const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
    const files = performance
      .getEntriesByType('resource')
      .filter((entry) => entry.name.endsWith('.woff2'))
      .map((entry) => ({ name: entry.name.split('/').pop() ?? entry.name, start: entry.startTime }));
    return { files, loaded: navigation?.loadEventEnd ?? 0 };
  });
}

test.describe('web fonts', () => {
  test('a first visit paints with the system fonts, fetches the web fonts after the page, and uses them from the next page on', async ({ page }) => {
    await page.goto('/');
    const html = page.locator('html');
    await expect(html).not.toHaveAttribute('data-fonts');
    await expect(page.locator('body')).toHaveCSS('font-family', /^system-ui/);
    // Both weights of the text face and the reading face, Latin and Vietnamese files each.
    await expect.poll(async () => (await fontTimings(page)).files.length, { timeout: 15_000 }).toBe(6);
    const { files, loaded } = await fontTimings(page);
    expect(loaded).toBeGreaterThan(0);
    for (const file of files) expect(file.start, file.name).toBeGreaterThanOrEqual(loaded);
    expect(files.map((file) => file.name).join(' ')).not.toContain('latin-ext');
    // This page keeps its fonts (no reflow under the reader); the next page has the web fonts.
    await expect(page.locator('body')).toHaveCSS('font-family', /^system-ui/);
    await page.getByRole('dialog', { name: 'Truyện Audio' }).getByRole('button', { name: 'Đã hiểu' }).click();
    await page.getByTestId('story-card').first().click();
    await expect(page).not.toHaveURL(/\/$/);
    await expect(html).toHaveAttribute('data-fonts', '');
    await expect(page.locator('body')).toHaveCSS('font-family', /^"Be Vietnam Pro"/);
  });

  test('a returning reader has the web fonts in the first paint, before the scripts run, and no Latin Extended files', async ({ page, context }) => {
    await skipWelcome(context);
    await page.route('**/_next/static/chunks/*.js', (route) => route.abort());
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('data-fonts', '');
    await expect(page.locator('body')).toHaveCSS('font-family', /^"Be Vietnam Pro"/);
    await expect.poll(() => page.evaluate(() => document.fonts.ready.then(() => document.fonts.check('400 16px "Be Vietnam Pro"', 'Truyện')))).toBe(true);
    const { files } = await fontTimings(page);
    expect(files.length).toBeGreaterThan(0);
    expect(files.map((file) => file.name).join(' ')).not.toContain('latin-ext');
  });
});

test.describe('lists kept as the server sent them', () => {
  test.beforeEach(async ({ context }) => skipWelcome(context));

  /** Whether React has taken over the element (hydrated or rendered it). */
  const ownedByReact = (page: Page, selector: string) =>
    page.locator(selector).first().evaluate((element) => Object.keys(element).some((key) => key.startsWith('__reactFiber')));

  test('the home page lists are not hydrated, yet their links move within the site and come back on Back', async ({ page }) => {
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    expect(await ownedByReact(page, '[data-testid="story-card"]')).toBe(false);
    expect(await ownedByReact(page, '[data-testid="theme-toggle"]')).toBe(true);
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    const card = page.getByTestId('story-card').first();
    const title = (await card.locator('h3').textContent()) ?? '';
    await card.click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    await page.goBack();
    await expect(page.getByTestId('story-card').first()).toBeVisible();
    expect(await page.getByTestId('story-card').count()).toBeGreaterThan(5);
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  });

  test('a story card of the kept home page is fetched ahead on hover, once', async ({ page }, info) => {
    test.skip(info.project.name === 'mobile', 'hover is a desktop gesture');
    const data = countDataRequests(page);
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    expect(data.urls).toEqual([]);
    const card = page.getByTestId('story-card').first();
    const slug = ((await card.getAttribute('href')) ?? '').replace(/^\//, '');
    await card.hover();
    await card.locator('h3').hover();
    await expect.poll(() => data.urls.length).toBe(1);
    expect(data.urls[0]).toContain(`/${slug}.json`);
  });
});
