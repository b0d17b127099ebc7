import { expect, test, type Page } from '@playwright/test';
import { BUNKER, QINGYUN } from '../__tests__/fixtures/sources/books';
import { createAccount, signInThroughDialog } from './helpers/auth';
import { callApi, grantOperator } from './helpers/operator';
import { skipWelcome } from './helpers/welcome';
import { serveFixtureSites } from './helpers/fixtureSites';

/**
 * A takedown that holds: an operator hides an embedded story from the console; its story, chapter
 * and audio addresses answer 404 within seconds (kept copies included), embedding its link again is
 * refused in Vietnamese, and showing it again brings the pages back.
 */
const TAKEN_DOWN = 'Truyện này đã bị gỡ theo yêu cầu bản quyền và không thể nhúng lại.';

/** Each project its own book, so the desktop and phone runs do not take down each other's story. */
const LINKS: Record<string, string> = {
  desktop: `https://www.22biqu.com/biqu${BUNKER.bookId}/`,
  mobile: `https://www.69shuba.com/book/${QINGYUN.bookId}.htm`,
};

serveFixtureSites();

async function operatorPage(page: Page): Promise<Page> {
  const operator = await createAccount('go-truyen');
  await skipWelcome(page);
  await signInThroughDialog(page, operator);
  grantOperator(operator.email);
  return page;
}

test('a hidden embedded story is gone from every address at once, cannot be embedded again, and comes back when shown', async ({ page, request }, info) => {
  test.setTimeout(150_000);
  const link = LINKS[info.project.name];
  const admin = await operatorPage(page);
  const embedded = await callApi<{ message: { storyId: string; slug: string } }>(admin, 'POST', '/embedding/embed', { link });
  expect(embedded.status).toBe(200);
  const { storyId, slug } = embedded.body.message;
  const addresses = [`/${slug}`, `/${slug}/chuong-1`, `/api/audio/${storyId}/1/parts`];
  const statuses = async () => Promise.all(addresses.map(async (address) => `${address} ${(await request.get(address)).status()}`));
  const all = (status: number) => addresses.map((address) => `${address} ${status}`);
  // Every address answers (twice: the pages are then kept by Next and by the site process).
  await expect.poll(statuses, { timeout: 30_000, intervals: [1_000] }).toEqual(all(200));
  expect(await statuses()).toEqual(all(200));

  await admin.goto(`/quan-tri/truyen/${storyId}`);
  await admin.getByRole('button', { name: 'Ẩn truyện' }).click();
  const dialog = admin.getByRole('alertdialog', { name: 'Ẩn truyện' });
  await dialog.getByLabel('Ghi chú').fill('Thư của chủ sở hữu bản quyền');
  await dialog.getByRole('button', { name: 'Ẩn truyện' }).click();
  await expect(admin.getByText('Đã ẩn', { exact: true })).toBeVisible();

  await expect.poll(statuses, { timeout: 5_000, intervals: [250] }).toEqual(all(404));

  await admin.goto('/embedding');
  await admin.getByLabel('Liên kết truyện hoặc chương').fill(link);
  await admin.getByRole('button', { name: 'Xem trước' }).click();
  await expect(admin.getByTestId('embed-error')).toContainText(TAKEN_DOWN);

  await admin.goto(`/quan-tri/truyen/${storyId}`);
  await admin.getByRole('button', { name: 'Hiện lại' }).click();
  const back = admin.getByRole('dialog', { name: 'Hiện lại truyện' });
  await back.getByLabel('Ghi chú').fill('Đã có giấy phép');
  await back.getByRole('button', { name: 'Hiện lại' }).click();
  await expect.poll(statuses, { timeout: 15_000, intervals: [500] }).toEqual(all(200));
});
