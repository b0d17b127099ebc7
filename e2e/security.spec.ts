import { expect, test, type Page } from '@playwright/test';
import { createAccount, signInThroughDialog, storedToken } from './helpers/auth';
import { skipWelcome } from './helpers/welcome';

/**
 * The site works under its Content-Security-Policy: every page type loads with no violation
 * (counted by the browser's own securitypolicyviolation events and console reports), signing in
 * and reading still work, and demo mode refuses a request that came through a proxy.
 */

declare global {
  interface Window {
    __cspViolations?: string[];
  }
}

test.beforeEach(async ({ context }) => {
  await skipWelcome(context);
  await context.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.__cspViolations!.push(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
});

function watchConsole(page: Page): string[] {
  const reports: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) reports.push(message.text());
  });
  return reports;
}

async function violations(page: Page): Promise<string[]> {
  return page.evaluate(() => window.__cspViolations ?? []);
}

async function firstStoryPath(page: Page): Promise<string> {
  await page.goto('/');
  const href = await page.getByRole('region', { name: 'Truyện hot' }).getByTestId('story-card').first().getAttribute('href');
  return href!;
}

test('every page type loads under the CSP with no violation', async ({ page }) => {
  test.setTimeout(180_000);
  const reports = watchConsole(page);
  const story = await firstStoryPath(page);
  const paths = [
    '/',
    '/truyen?keyword=ti%C3%AAn',
    '/bang-xep-hang?sort=hot',
    story,
    `${story}/chuong-1`,
    '/user?tab=settings',
    '/user/not-found',
    '/embedding',
    '/vip',
    '/thong-tin/about-us',
    '/khong-co-trang-nay/chuong-99999',
  ];
  for (const path of paths) {
    const response = await page.goto(path);
    expect(response?.headers()['content-security-policy'], path).toMatch(/script-src 'self' 'sha256-/);
    expect(response?.headers()['permissions-policy'], path).toMatch(/camera=\(\)/);
    await page.waitForLoadState('load');
    // Lazy sections (reviews, comments, ads) load after the page: give them a moment.
    await page.mouse.wheel(0, 4_000);
    await page.waitForTimeout(1_000);
    expect(await violations(page), path).toEqual([]);
  }
  await page.goto(`${story}/chuong-1`);
  await expect(page.getByTestId('chapter-text')).toBeVisible();
  await expect(page.getByTestId('demo-badge')).toHaveText('bản chạy thử');
  expect(reports).toEqual([]);
});

test('sign in and read a chapter under the CSP', async ({ page }) => {
  const reports = watchConsole(page);
  const account = await createAccount('csp');
  await signInThroughDialog(page, account);
  await expect.poll(() => storedToken(page)).not.toBeNull();
  const story = await firstStoryPath(page);
  await page.goto(`${story}/chuong-2`);
  await expect(page.getByTestId('chapter-text').locator('p').first()).not.toBeEmpty();
  expect(await violations(page)).toEqual([]);
  expect(reports).toEqual([]);
});

for (const hours of [-10, 10]) {
  test(`a reader whose device clock is ${hours} hours off still reads`, async ({ page }) => {
    await page.clock.install({ time: new Date(Date.now() + hours * 3_600_000) });
    const story = await firstStoryPath(page);
    await page.goto(`${story}/chuong-1`);
    await expect(page.getByTestId('chapter-text').locator('p').first()).not.toBeEmpty();
  });
}

test('demo mode refuses a request that came through a proxy, with how to configure Firebase', async ({ request }) => {
  const page = await request.get('/', { headers: { 'X-Forwarded-For': '203.0.113.5', 'X-Forwarded-Host': 'truyen.example' } });
  expect(page.status()).toBe(403);
  expect(await page.text()).toMatch(/bản chạy thử.*Firebase/s);
  const api = await request.get('/api/user/me', { headers: { 'X-Forwarded-For': '203.0.113.5' } });
  expect(api.status()).toBe(403);
  expect((await api.json()).message).toMatch(/NEXT_PUBLIC_FIREBASE_API_KEY/);
  expect((await request.get('/api/health')).status()).toBe(200);
});
