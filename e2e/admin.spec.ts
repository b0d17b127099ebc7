import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { createAccount, signInThroughDialog } from './helpers/auth';
import { callApi, firstStoryPath, grantOperator, signedInPage } from './helpers/operator';
import { skipWelcome } from './helpers/welcome';

/**
 * The operator console (/quan-tri, issue 29) as an operator uses it, on desktop and phone: who may
 * enter; hiding a reported comment closes the report and the comment leaves the story; a takedown
 * removes a story from its page, the sitemap and search; a mute set in the console is what the
 * reader is told. Every screen is photographed, light and dark, under .data/admin-screens/.
 */

/** Git-ignored, and out of test-results/, which every Playwright run empties. */
const SCREENS = '.data/admin-screens';
const NO_ACCESS = 'Bạn không có quyền truy cập khu vực quản trị.';

async function shoot(page: Page, name: string, info: TestInfo): Promise<void> {
  const file = (theme: string) => `${SCREENS}/${name}-${info.project.name}-${theme}.png`;
  const html = page.locator('html');
  // Through the theme switch, as a person would, so the charts redraw in the theme's colours; under
  // an open dialog (which makes the page behind it inert) by the class alone.
  const underDialog = (await page.locator('dialog[open]').count()) > 0;
  const toggle = async (dark: boolean) => {
    if ((await html.getAttribute('class'))?.includes('dark') === dark) return;
    if (underDialog) await html.evaluate((element, on) => element.classList.replace(on ? 'light' : 'dark', on ? 'dark' : 'light'), dark);
    else await page.getByRole('button', { name: 'Đổi giao diện sáng/tối' }).click();
    await expect(html).toHaveClass(dark ? /\bdark\b/ : /\blight\b/);
  };
  await toggle(false);
  await page.screenshot({ path: file('light'), fullPage: true });
  await toggle(true);
  await page.screenshot({ path: file('dark'), fullPage: true });
  await toggle(false);
}

/** No serious or critical accessibility problem (labels, names, contrast, roles) on the screen, light and dark. */
async function axeCheck(page: Page): Promise<void> {
  const html = page.locator('html');
  for (const theme of ['light', 'dark'] as const) {
    await html.evaluate((element, next) => element.classList.replace(next === 'dark' ? 'light' : 'dark', next), theme);
    const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
    const serious = violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
    expect(serious.map((violation) => `${theme} ${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
  }
  await html.evaluate((element) => element.classList.replace('dark', 'light'));
}

/** A new account made an operator, signed in, on the console's overview. */
async function operatorPage(page: Page): Promise<Page> {
  const operator = await createAccount('quan-tri');
  await skipWelcome(page);
  await signInThroughDialog(page, operator);
  grantOperator(operator.email);
  await page.goto('/quan-tri');
  await expect(page.getByRole('heading', { name: 'Tổng quan', level: 1 })).toBeVisible();
  return page;
}

const commentsOf = (page: Page) => page.locator('#binh-luan');

test('only operators enter; the area has no ads, no welcome and is not indexed', async ({ page, browser }, info) => {
  // A first visit straight to the console: no welcome dialog, and nothing to index.
  await page.goto('/quan-tri');
  await expect(page.getByRole('heading', { name: 'Khu vực quản trị' })).toBeVisible();
  await expect(page.getByText('Vui lòng đăng nhập bằng tài khoản quản trị viên để tiếp tục.')).toBeVisible();
  await expect(page.getByTestId('welcome-dialog')).toBeHidden();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
  await expect(page.locator('[data-testid^="ad-"]')).toHaveCount(0);
  await shoot(page, 'gate-signed-out', info);
  await page.getByRole('main').getByRole('button', { name: 'Đăng nhập' }).click();
  await expect(page.getByRole('dialog').getByLabel('Email')).toBeVisible();

  // A reader is refused, by the page and by the API.
  const reader = await signedInPage(browser, await createAccount('doc-gia'));
  await reader.goto('/quan-tri/bao-cao');
  await expect(reader.getByRole('heading', { name: NO_ACCESS })).toBeVisible();
  await expect(reader.getByRole('navigation', { name: 'Khu vực quản trị' })).toHaveCount(0);
  expect((await callApi(reader, 'GET', '/admin/me')).status).toBe(403);
  await shoot(reader, 'gate-reader', info);
  await reader.context().close();
});

test('the operator hides a reported comment: the report is closed and readers no longer see it', async ({ page, browser }, info) => {
  test.setTimeout(150_000);
  const [writer, reporter] = await Promise.all([createAccount('nguoi-viet'), createAccount('nguoi-bao-cao')]);
  const tag = Date.now().toString(36);
  const text = `Vào trang khác đọc miễn phí ${tag}`;

  const writerPage = await signedInPage(browser, writer);
  const storyPath = await firstStoryPath(writerPage);
  await writerPage.goto(storyPath);
  const truyenId = await commentsOf(writerPage).getAttribute('data-story');
  const posted = await callApi<{ message: { _id: string } }>(writerPage, 'POST', '/comments/create', { truyenId, content: text });
  expect(posted.status).toBe(200);

  const reporterPage = await signedInPage(browser, reporter);
  const report = await callApi(reporterPage, 'POST', '/reports', { targetType: 'comment', targetId: posted.body.message._id, reason: 'spam', detail: 'Quảng cáo trang khác' });
  expect(report.status).toBe(200);

  const admin = await operatorPage(page);
  await admin.getByRole('navigation', { name: 'Khu vực quản trị' }).getByRole('link', { name: 'Báo cáo' }).click();
  await expect(admin).toHaveURL(/\/quan-tri\/bao-cao/);
  const card = admin.getByTestId('report-card').filter({ hasText: tag });
  await expect(card).toBeVisible();
  await expect(card.getByText(reporter.email)).toBeVisible();
  await expect(card.getByTestId('report-target-content')).toHaveText(text);
  await expect(card.getByText('Mới', { exact: true })).toBeVisible();
  await shoot(admin, 'reports', info);
  await axeCheck(admin);

  // The moderation screen lists the reported comment once, with its reports and its writer.
  await admin.goto('/quan-tri/binh-luan');
  const reported = admin.getByTestId('admin-writing').filter({ hasText: tag });
  await expect(reported.getByText(/^1 báo cáo · Spam · Người viết:/)).toBeVisible();
  await shoot(admin, 'moderation-reported', info);
  await admin.goto('/quan-tri/bao-cao');

  // Hide it with a reason, from the keyboard's point of view: the dialog takes focus, Escape closes it.
  await card.getByRole('button', { name: 'Ẩn nội dung' }).click();
  const dialog = admin.getByRole('alertdialog', { name: 'Ẩn bình luận' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Lý do')).toBeFocused();
  await admin.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await card.getByRole('button', { name: 'Ẩn nội dung' }).click();
  await dialog.getByRole('button', { name: 'Ẩn' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Vui lòng nhập lý do.');
  await dialog.getByLabel('Lý do').fill('Spam quảng cáo trang khác');
  await shoot(admin, 'reports-hide-dialog', info);
  await dialog.getByRole('button', { name: 'Ẩn' }).click();
  await expect(dialog).toBeHidden();
  await expect(admin.getByText('Đã ẩn nội dung.')).toBeVisible();
  // Closed: gone from the new reports, listed as handled.
  await expect(admin.getByTestId('report-card').filter({ hasText: tag })).toHaveCount(0);
  await admin.getByRole('navigation', { name: 'Trạng thái' }).getByRole('link', { name: 'Đã xử lý' }).click();
  const handled = admin.getByTestId('report-card').filter({ hasText: tag });
  await expect(handled.getByText('Đã xử lý', { exact: true })).toBeVisible();
  await expect(handled.getByText('Đã ẩn với độc giả')).toBeVisible();
  await expect(handled.getByRole('button', { name: 'Hiện lại nội dung' })).toBeVisible();

  // Readers no longer see it.
  await reporterPage.goto(storyPath);
  await commentsOf(reporterPage).scrollIntoViewIfNeeded();
  await expect(commentsOf(reporterPage).getByLabel('Viết bình luận')).toBeVisible();
  await expect(commentsOf(reporterPage).getByText(text)).toHaveCount(0);

  // The audit log has it, with the reason.
  await admin.goto('/quan-tri/nhat-ky?targetType=comment');
  const entry = admin.getByTestId('audit-entry').filter({ hasText: 'Spam quảng cáo trang khác' }).first();
  await expect(entry.getByText('Ẩn bình luận')).toBeVisible();
  await shoot(admin, 'audit', info);

  // The writer's account shows the hidden comment among everything they wrote.
  await admin.goto(`/quan-tri/tai-khoan?query=${encodeURIComponent(writer.email)}`);
  await admin.getByRole('link', { name: writer.email }).click();
  await expect(admin.getByRole('heading', { name: writer.email })).toBeVisible();
  const written = admin.getByTestId('admin-writing').filter({ hasText: tag });
  await expect(written.getByText('Đã ẩn')).toBeVisible();
  await shoot(admin, 'account', info);

  await writerPage.context().close();
  await reporterPage.context().close();
});

test('a muted reader is told the reason the operator gave in the console', async ({ page, browser }, info) => {
  test.setTimeout(120_000);
  const reader = await createAccount('bi-khoa');
  const readerPage = await signedInPage(browser, reader);
  const admin = await operatorPage(page);

  await admin.goto('/quan-tri/tai-khoan');
  await admin.getByRole('search').getByLabel('Tìm tài khoản').fill(reader.email.toUpperCase());
  await admin.getByRole('search').getByRole('button', { name: 'Tìm' }).click();
  await expect(admin).toHaveURL(/query=/);
  await shoot(admin, 'accounts', info);
  await admin.getByRole('link', { name: reader.email }).click();
  await admin.getByRole('button', { name: 'Khóa viết' }).click();
  const dialog = admin.getByRole('alertdialog', { name: 'Khóa viết bình luận và đánh giá' });
  await dialog.getByLabel(/Số ngày khóa/).fill('3');
  await dialog.getByLabel('Lý do').fill('Spam liên tục');
  await dialog.getByRole('button', { name: 'Khóa viết' }).click();
  await expect(dialog).toBeHidden();
  await expect(admin.getByText('Đang bị khóa viết')).toBeVisible();
  await expect(admin.getByText(/Bị khóa đến \d{2}\/\d{2}\/\d{4} \d{2}:\d{2} · Lý do: Spam liên tục/)).toBeVisible();

  const storyPath = await firstStoryPath(readerPage);
  await readerPage.goto(storyPath);
  const comments = commentsOf(readerPage);
  await comments.scrollIntoViewIfNeeded();
  await comments.getByLabel('Viết bình luận').fill(`Bình luận bị chặn ${Date.now().toString(36)}`);
  await comments.getByRole('button', { name: 'Gửi bình luận' }).click();
  await expect(comments.getByTestId('write-refusal')).toHaveText(/^Tài khoản của bạn bị tạm khóa viết bình luận đến \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}\. Lý do: Spam liên tục$/);

  // Unmuted from the console, the reader may write again.
  await admin.getByRole('button', { name: 'Mở khóa viết' }).click();
  await admin.getByRole('dialog', { name: 'Mở khóa viết' }).getByRole('button', { name: 'Mở khóa' }).click();
  await expect(admin.getByText('Đang bị khóa viết')).toHaveCount(0);
  await comments.getByRole('button', { name: 'Gửi bình luận' }).click();
  await expect(comments.getByTestId('write-refusal')).toHaveCount(0);

  // VIP by hand from the same page.
  await admin.getByRole('button', { name: 'Cấp VIP' }).click();
  const vip = admin.getByRole('dialog', { name: 'Cấp VIP' });
  await vip.getByLabel(/Số ngày/).fill('30');
  await vip.getByLabel('Lý do').fill('Bồi thường lỗi thanh toán');
  await vip.getByRole('button', { name: 'Cấp VIP' }).click();
  await expect(vip).toBeHidden();
  await expect(admin.getByText(/^VIP đến /)).toBeVisible();
  await readerPage.context().close();
});

test('a takedown removes the story from its page, the sitemap and search', async ({ page, request }, info) => {
  test.setTimeout(150_000);
  const admin = await operatorPage(page);
  // A story of the second page of the list, a different one for each project.
  const listed = await callApi<{ results: { _id: string; slug: string; title: string }[] }>(admin, 'GET', '/admin/stories?page=1&hidden=false');
  const story = listed.body.results[info.project.name === 'desktop' ? 3 : 4];
  expect((await request.get(`/${story.slug}`)).status()).toBe(200);

  await admin.goto('/quan-tri/truyen');
  await admin.getByRole('search').getByLabel('Tìm truyện').fill(story.title);
  await admin.getByRole('search').getByRole('button', { name: 'Tìm' }).click();
  await shoot(admin, 'stories', info);
  await admin.getByRole('link', { name: story.title, exact: true }).first().click();
  await expect(admin.getByRole('heading', { name: story.title, level: 1 })).toBeVisible();
  await expect(admin.getByRole('textbox', { name: 'Tên truyện' })).toHaveValue(story.title);
  await shoot(admin, 'story', info);
  await axeCheck(admin);

  await admin.getByRole('button', { name: 'Ẩn truyện' }).click();
  const dialog = admin.getByRole('alertdialog', { name: 'Ẩn truyện' });
  await dialog.getByLabel('Ghi chú').fill('Yêu cầu bản quyền của nhà xuất bản');
  await dialog.getByRole('button', { name: 'Ẩn truyện' }).click();
  await expect(dialog).toBeHidden();
  await expect(admin.getByText('Đã ẩn', { exact: true })).toBeVisible();

  // Gone from the page, the sitemap and search.
  await expect.poll(async () => (await request.get(`/${story.slug}`)).status(), { timeout: 15_000 }).toBe(404);
  const sitemapFiles = async () => [...(await (await request.get('/sitemap.xml')).text()).matchAll(/<loc>[^<]*(\/sitemap\/truyen-\d+\.xml)<\/loc>/g)].map((match) => match[1]);
  const inSitemap = async () => {
    for (const file of await sitemapFiles()) if ((await (await request.get(file)).text()).includes(`/${story.slug}<`)) return true;
    return false;
  };
  await expect.poll(inSitemap, { timeout: 15_000 }).toBe(false);
  const searchFinds = async () => (await (await request.get(`/truyen?keyword=${encodeURIComponent(story.title)}`)).text()).includes(`href="/${story.slug}"`);
  await expect.poll(searchFinds, { timeout: 15_000 }).toBe(false);

  // Unhidden, it is back everywhere; the audit log holds both, with the note.
  await admin.getByRole('button', { name: 'Hiện lại' }).click();
  const back = admin.getByRole('dialog', { name: 'Hiện lại truyện' });
  await back.getByLabel('Ghi chú').fill('Đã có thỏa thuận');
  await back.getByRole('button', { name: 'Hiện lại' }).click();
  await expect.poll(async () => (await request.get(`/${story.slug}`)).status(), { timeout: 15_000 }).toBe(200);
  await expect.poll(searchFinds, { timeout: 15_000 }).toBe(true);
  await admin.goto('/quan-tri/nhat-ky?targetType=story');
  await expect(admin.getByTestId('audit-entry').filter({ hasText: 'Yêu cầu bản quyền của nhà xuất bản' }).first()).toBeVisible();
});

test('every screen loads for the operator, light and dark', async ({ page }, info) => {
  test.setTimeout(150_000);
  const admin = await operatorPage(page);
  // The overview's charts are drawn (chart.js loads only here).
  await expect(admin.getByRole('img', { name: /lượt đọc và lượt nghe/ })).toBeVisible();
  await expect(admin.getByText('Ngay lúc này')).toBeVisible();
  await shoot(admin, 'overview', info);
  await axeCheck(admin);

  const screens: [string, string, string][] = [
    ['/quan-tri/binh-luan', 'Bình luận & đánh giá', 'moderation'],
    ['/quan-tri/vip', 'Đơn VIP', 'vip'],
    ['/quan-tri/tu-dien', 'Từ điển chuyển đổi', 'dictionaries'],
    ['/quan-tri/bao-cao?status=all', 'Báo cáo', 'reports-all'],
  ];
  for (const [path, title, name] of screens) {
    await admin.goto(path);
    await expect(admin.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    await expect(admin.getByRole('status').filter({ hasText: 'Đang tải dữ liệu…' })).toHaveCount(0);
    await shoot(admin, name, info);
    await axeCheck(admin);
  }

  // An order search with no match says so.
  await admin.goto('/quan-tri/vip?query=khong-co-don-nay');
  await expect(admin.getByText('Không có đơn nào')).toBeVisible();
  await shoot(admin, 'vip-empty', info);

  // A sentence converted with the current dictionaries.
  await admin.goto('/quan-tri/tu-dien');
  await admin.getByLabel('Câu tiếng Trung').fill('他在等你。');
  await admin.getByRole('button', { name: 'Chuyển sang tiếng Việt' }).click();
  await expect(admin.getByTestId('dictionary-result')).not.toBeEmpty();

  // Keyboard: the skip link leads to the screen.
  await admin.goto('/quan-tri/nhat-ky');
  await admin.keyboard.press('Tab');
  await expect(admin.getByRole('link', { name: 'Bỏ qua đến nội dung chính' })).toBeFocused();
});
