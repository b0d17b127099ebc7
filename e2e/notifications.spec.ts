import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { E2E } from '../scripts/e2e-server';
import { createAccount } from './helpers/auth';
import { callApi, signedInPage } from './helpers/operator';

/** Imports a story file with the operator's command (`npm run import`), on the e2e server's database. */
function importStory(slug: string, title: string, chapters: number): void {
  const file = path.join(os.tmpdir(), `${slug}.json`);
  const story = {
    slug,
    title,
    author: 'Lão Mặc',
    description: 'Một thiếu niên rời làng lên núi học kiếm.',
    status: 'ongoing',
    genres: [],
    chapters: Array.from({ length: chapters }, (_, i) => ({ title: `Chương ${i + 1}: Hồi thứ ${i + 1}`, content: `Đoạn mở đầu của chương ${i + 1}.\nĐoạn thứ hai.` })),
  };
  fs.writeFileSync(file, JSON.stringify(story));
  execFileSync(process.execPath, ['--import', 'tsx', 'scripts/launch.ts', 'import', file], {
    env: { ...process.env, DATABASE_URL: '', EMBEDDED_PG_DATA_DIR: `.data/e2e-${E2E.port}/pg`, EMBEDDED_PG_PORT: '0' },
    stdio: 'pipe',
    timeout: 60_000,
  });
  fs.rmSync(file, { force: true });
}

const bell = (page: Page) => page.getByRole('banner').getByRole('link', { name: /^Thông báo/ });

/** Screenshots in both themes, and no serious WCAG 2 A/AA violation in the bell or the main area. */
async function screenshots(page: Page, name: string, project: string): Promise<void> {
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((value) => {
      localStorage.setItem('theme', value);
      document.documentElement.classList.toggle('dark', value === 'dark');
    }, theme);
    await page.screenshot({ path: `test-results/notifications/${name}-${project}-${theme}.png`, fullPage: false });
    const { violations } = await new AxeBuilder({ page }).include('[data-testid="notification-bell"]').include('main').withTags(['wcag2a', 'wcag2aa']).analyze();
    const serious = violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
    expect(serious.map((violation) => `${theme} ${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
  }
  await page.evaluate(() => {
    localStorage.setItem('theme', 'light');
    document.documentElement.classList.remove('dark');
  });
}

test('a reader keeps a story; a new chapter is imported; the bell shows 1 and the list opens the chapter', async ({ browser }, testInfo) => {
  const run = `${testInfo.project.name}-${Date.now().toString(36)}`;
  const slug = `thong-bao-${run}`;
  const title = `Kiếm Khách ${run}`;
  importStory(slug, title, 2);

  const page = await signedInPage(browser, await createAccount('notify'));
  await page.goto(`/${slug}`);
  const actions = page.getByTestId('story-actions');
  await actions.getByRole('button', { name: 'Lưu truyện' }).click();
  await expect(actions.getByRole('button', { name: 'Đã lưu' })).toBeVisible();
  await expect(bell(page)).toHaveAccessibleName('Thông báo');
  // A kept story's new chapters can also be pushed (the demo site has push keys).
  const pushToggle = actions.getByRole('button', { name: 'Báo chương mới' });
  await pushToggle.click();
  await expect(actions.getByRole('button', { name: 'Đang báo chương mới' })).toHaveAttribute('aria-pressed', 'true');

  importStory(slug, title, 3);
  await page.goto('/');
  await expect(bell(page)).toHaveAccessibleName('Thông báo: 1 chưa đọc');
  await expect(bell(page)).toHaveText('1');
  await screenshots(page, 'bell', testInfo.project.name);

  await bell(page).click();
  await expect(page).toHaveURL(/\/user\?tab=notifications$/);
  const entry = page.getByTestId('notification-entry');
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText(`Truyện ${title} có chương mới: Chương 3 – Hồi thứ 3`);
  await expect(entry).toHaveAttribute('href', `/${slug}/chuong-3`);
  await screenshots(page, 'list', testInfo.project.name);

  await entry.click();
  await expect(page).toHaveURL(new RegExp(`/${slug}/chuong-3$`));
  await expect(bell(page)).toHaveAccessibleName('Thông báo');
  await page.goto('/user?tab=notifications');
  await expect(page.getByTestId('notification-entry')).toContainText('Chương 3');
  await expect(page.getByText('Chưa đọc,')).toHaveCount(0);
});

test('settings: push on this device, quiet hours chosen by the reader (22:00–07:00 by default)', async ({ browser }, testInfo) => {
  const page = await signedInPage(browser, await createAccount('quiet'));
  await page.goto('/user?tab=settings');
  const section = page.getByRole('region', { name: 'Thông báo chương mới' });
  await expect(section.getByLabel('Gửi thông báo đẩy khi truyện bạn chọn có chương mới')).not.toBeChecked();
  await expect(section.getByRole('button', { name: 'Nhận thông báo trên thiết bị này' })).toBeVisible();
  await expect(section.getByText('Chưa có thiết bị nào.')).toBeVisible();
  await expect(section.getByLabel('Từ')).toHaveValue('22:00');
  await expect(section.getByLabel('đến')).toHaveValue('07:00');
  await section.getByLabel('Từ').fill('23:30');
  await section.getByRole('button', { name: 'Lưu giờ yên lặng' }).click();
  await expect(section.getByText('Đã lưu giờ yên lặng.')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('region', { name: 'Thông báo chương mới' }).getByLabel('Từ')).toHaveValue('23:30');
  await page.getByRole('region', { name: 'Thông báo chương mới' }).scrollIntoViewIfNeeded();
  await screenshots(page, 'settings', testInfo.project.name);
});

interface PushMessage {
  title: string;
  body: string;
  url: string;
  tag: string;
  notificationId: string | null;
}

/** A signed-in page controlled by the service worker, allowed to show notifications. */
async function pageWithWorker(browser: Browser, baseURL: string): Promise<Page> {
  const page = await signedInPage(browser, await createAccount('push'));
  await page.context().grantPermissions(['notifications'], { origin: baseURL });
  await page.goto('/');
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  // Controlled by the worker (it claims its clients), so a click can navigate this tab.
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)), { timeout: 45_000 }).toBe(true);
  return page;
}

/** Delivers a push message to the page's service worker as the push service would (DevTools protocol). */
async function deliverPush(page: Page, baseURL: string, message: PushMessage): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const registrationId = new Promise<string>((resolve) =>
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const mine = registrations.find((registration) => registration.scopeURL === `${baseURL}/` && !registration.isDeleted);
      if (mine) resolve(mine.registrationId);
    }),
  );
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.deliverPushMessage', { origin: baseURL, registrationId: await registrationId, data: JSON.stringify(message) });
}

const shownNotifications = (page: Page) =>
  page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({ title: n.title, body: n.body, data: n.data as unknown })));

/**
 * Headless Chromium draws no notification to click: the click is dispatched in the worker as the
 * browser would dispatch it (an untrusted event, so the worker can navigate its tab but not open
 * a new window, and its waitUntil is refused after the navigation has started).
 */
async function clickNotification(page: Page): Promise<void> {
  const worker = page.context().serviceWorkers().find((candidate) => candidate.url().endsWith('/sw.js'));
  expect(worker).toBeTruthy();
  await worker!.evaluate(async () => {
    const scope = self as unknown as EventTarget & {
      registration: { getNotifications(): Promise<Notification[]> };
      NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
    };
    const [notification] = await scope.registration.getNotifications();
    scope.dispatchEvent(new scope.NotificationEvent('notificationclick', { notification }));
  });
}

test('the service worker shows a pushed message; its click opens the chapter and reads the entry', async ({ browser, baseURL }, testInfo) => {
  const run = `${testInfo.project.name}-push-${Date.now().toString(36)}`;
  const slug = `thong-bao-${run}`;
  importStory(slug, `Đẩy ${run}`, 1);
  const page = await pageWithWorker(browser, baseURL!);
  await page.goto(`/${slug}`);
  await page.getByTestId('story-actions').getByRole('button', { name: 'Lưu truyện' }).click();
  await expect(page.getByTestId('story-actions').getByRole('button', { name: 'Đã lưu' })).toBeVisible();
  importStory(slug, `Đẩy ${run}`, 2);
  const { body } = await callApi<{ results: { _id: string; title: string; body: string; url: string }[] }>(page, 'GET', '/user/notifications');
  const [entry] = body.results;
  await page.goto('/');
  await expect(bell(page)).toHaveAccessibleName('Thông báo: 1 chưa đọc');

  // The message the server queues for this entry (its payload: integration tests).
  const message = { title: entry.title, body: entry.body, url: entry.url, tag: 'story-test', notificationId: entry._id };
  await deliverPush(page, baseURL!, message);
  await expect.poll(() => shownNotifications(page)).toEqual([{ title: message.title, body: 'Chương 2 – Hồi thứ 2', data: { url: `/${slug}/chuong-2`, notificationId: entry._id } }]);

  await clickNotification(page);
  await expect(page).toHaveURL(new RegExp(`/${slug}/chuong-2$`));
  await expect(page.getByText('Đoạn mở đầu của chương 2.')).toBeVisible();
  await expect(bell(page)).toHaveAccessibleName('Thông báo');
  await expect.poll(() => shownNotifications(page)).toEqual([]);
});

test('offline, a clicked notification opens the downloaded chapter', async ({ browser, baseURL }, testInfo) => {
  test.setTimeout(120_000);
  const run = `${testInfo.project.name}-offline-${Date.now().toString(36)}`;
  const slug = `thong-bao-${run}`;
  importStory(slug, `Ngoại Tuyến ${run}`, 2);
  const page = await pageWithWorker(browser, baseURL!);

  await page.goto(`/${slug}/chuong-1`);
  await expect(page.getByTestId('chapter-text')).toBeVisible();
  await page.getByRole('button', { name: 'Tải để nghe offline' }).click();
  const dialog = page.getByTestId('download-dialog');
  await dialog.getByRole('button', { name: 'Tải 2 chương' }).click();
  await expect(dialog.getByTestId('download-result')).toContainText('Đã tải 2 chương', { timeout: 30_000 });
  await page.keyboard.press('Escape');
  await page.goto('/user?tab=downloads');

  // Chromium lets a service worker's own requests through setOffline: they are refused by a route too.
  await page.context().route('**/*', (route) => (route.request().serviceWorker() ? route.abort('internetdisconnected') : route.continue()));
  await page.context().setOffline(true);
  await deliverPush(page, baseURL!, { title: `Truyện Ngoại Tuyến ${run} có chương mới`, body: 'Chương 2 – Hồi thứ 2', url: `/${slug}/chuong-2`, tag: 'story-offline', notificationId: null });
  await expect.poll(async () => (await shownNotifications(page)).length).toBe(1);
  await clickNotification(page);
  await expect(page).toHaveURL(new RegExp(`/${slug}/chuong-2$`));
  await expect(page.getByText('Đoạn mở đầu của chương 2.')).toBeVisible();
});
