import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { createAccount } from './helpers/auth';
import { callApi, firstStoryPath, grantOperator, signedInPage } from './helpers/operator';
import { skipWelcome } from './helpers/welcome';

/**
 * Reports as readers and copyright owners make them (issue 29): a reader reports another's
 * comment and is thanked, a second report of it is refused with the API's message; a copyright
 * owner's request reaches the server and is acknowledged; a muted reader is told why they cannot
 * post. Screenshots of the dialog and the form, light and dark, go to test-results/reports/.
 */

const THANKS = 'Cảm ơn bạn, chúng tôi sẽ xem xét báo cáo.';
const ALREADY = 'Bạn đã báo cáo nội dung này, chúng tôi đang xem xét.';

/** The screen as it is, then in the dark theme, under test-results/reports/. */
async function shoot(page: Page, name: string, info: TestInfo): Promise<void> {
  const file = (theme: string) => `test-results/reports/${name}-${info.project.name}-${theme}.png`;
  await page.evaluate(() => document.documentElement.classList.remove('dark'));
  await page.screenshot({ path: file('light') });
  await page.evaluate(() => document.documentElement.classList.add('dark'));
  await page.screenshot({ path: file('dark') });
  await page.evaluate(() => document.documentElement.classList.remove('dark'));
}

const commentsOf = (page: Page) => page.locator('#binh-luan');

/** WCAG A and AA problems axe finds in `selector`, light and dark. */
async function accessibilityProblems(page: Page, selector: string): Promise<string[]> {
  const problems: string[] = [];
  for (const dark of [false, true]) {
    await page.evaluate((on) => document.documentElement.classList.toggle('dark', on), dark);
    const { violations } = await new AxeBuilder({ page }).include(selector).withTags(['wcag2a', 'wcag2aa']).analyze();
    problems.push(...violations.map((violation) => `${dark ? 'dark' : 'light'}: ${violation.id} ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`));
  }
  await page.evaluate(() => document.documentElement.classList.remove('dark'));
  return problems;
}

test('a reader reports a comment and is thanked; a second report of it is refused', async ({ browser }, info) => {
  test.setTimeout(120_000);
  const [writer, reader] = await Promise.all([createAccount('nguoi-viet'), createAccount('nguoi-bao-cao')]);
  const tag = Date.now().toString(36);

  const writerPage = await signedInPage(browser, writer);
  const storyPath = await firstStoryPath(writerPage);
  await writerPage.goto(storyPath);
  const truyenId = await commentsOf(writerPage).getAttribute('data-story');
  const posted = await callApi(writerPage, 'POST', '/comments/create', { truyenId, content: `Vào đây đọc truyện miễn phí ở trang khác ${tag}` });
  expect(posted.status).toBe(200);

  const page = await signedInPage(browser, reader);
  await page.goto(storyPath);
  await commentsOf(page).scrollIntoViewIfNeeded();
  const comment = commentsOf(page).getByTestId('comment').filter({ hasText: tag });
  await comment.scrollIntoViewIfNeeded();
  await comment.getByRole('button', { name: /^Báo cáo bình luận của / }).click();

  const dialog = page.getByRole('dialog', { name: 'Báo cáo bình luận' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('radio')).toHaveCount(6);
  await dialog.getByRole('radio', { name: 'Spam' }).check();
  await dialog.getByRole('textbox', { name: /Mô tả thêm/ }).fill('Quảng cáo trang khác');
  await shoot(page, 'report-dialog', info);
  expect(await accessibilityProblems(page, 'dialog[open]')).toEqual([]);
  await dialog.getByRole('button', { name: 'Gửi báo cáo' }).click();
  await expect(dialog.getByRole('status')).toHaveText(THANKS);
  await shoot(page, 'report-thanks', info);
  await dialog.getByRole('button', { name: 'Đóng' }).last().click();
  await expect(dialog).toBeHidden();

  // The same reader again, while the first report is open: the API's 409 message, as it comes.
  await comment.getByRole('button', { name: /^Báo cáo bình luận của / }).click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('radio', { name: 'Nội dung xúc phạm' }).check();
  await dialog.getByRole('button', { name: 'Gửi báo cáo' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(ALREADY);
  await expect(dialog.getByText(THANKS)).toHaveCount(0);
  await shoot(page, 'report-already', info);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // The story page has the action too; signed out, it asks the reader to sign in.
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.removeItem('tokenApi'));
  await page.goto(storyPath);
  const reportStory = page.getByRole('button', { name: /^Báo cáo truyện / });
  await reportStory.scrollIntoViewIfNeeded();
  await page.evaluate(() => document.fonts.ready);
  await shoot(page, 'story-report-button', info);
  await reportStory.click();
  const storyDialog = page.getByRole('dialog', { name: 'Báo cáo truyện' });
  await expect(storyDialog.getByText('Vui lòng đăng nhập để gửi báo cáo.')).toBeVisible();
  await shoot(page, 'report-signed-out', info);
  await storyDialog.getByRole('button', { name: 'Đăng nhập' }).click();
  await expect(page.getByRole('dialog').getByLabel('Email')).toBeVisible();

  await writerPage.context().close();
  await page.context().close();
});

test('a copyright owner sends the form; it is checked, acknowledged, and reaches the operators’ queue', async ({ page, browser, baseURL }, info) => {
  await skipWelcome(page);
  const storyPath = await firstStoryPath(page);
  await page.goto('/thong-tin/about-us');
  await expect(page.getByRole('link', { name: 'trang mạng xã hội (Fanpage)' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Gửi yêu cầu gỡ truyện' });
  await form.scrollIntoViewIfNeeded();

  // Checked in Vietnamese before anything is sent.
  let sent = 0;
  page.on('request', (request) => {
    if (request.url().endsWith('/api/reports/copyright')) sent++;
  });
  await form.getByLabel('Đường dẫn truyện trên trang của chúng tôi').fill('https://example.com/truyen-khac');
  await form.getByRole('button', { name: 'Gửi yêu cầu' }).click();
  await expect(form.getByLabel('Họ và tên hoặc tên tổ chức')).toBeFocused();
  await expect(form.getByText('Vui lòng nhập họ tên của bạn.')).toBeVisible();
  await expect(form.getByText('“https://example.com/truyen-khac” không phải đường dẫn tới một truyện trên trang của chúng tôi.')).toBeVisible();
  await form.scrollIntoViewIfNeeded();
  await shoot(page, 'copyright-form-errors', info);
  expect(await accessibilityProblems(page, 'form[aria-labelledby]')).toEqual([]);
  expect(sent).toBe(0);

  await form.getByLabel('Họ và tên hoặc tên tổ chức').fill('Công ty Sách Ánh Dương');
  await form.getByLabel('Email liên hệ').fill(`ban-quyen-${Date.now().toString(36)}@example.com`);
  await form.getByLabel('Đường dẫn truyện trên trang của chúng tôi').fill(`${baseURL}${storyPath}`);
  await form.getByLabel('Nội dung yêu cầu').fill('Chúng tôi giữ bản quyền xuất bản truyện này tại Việt Nam và đề nghị gỡ bỏ.');
  const answer = page.waitForResponse((response) => response.url().endsWith('/api/reports/copyright'));
  await form.getByRole('button', { name: 'Gửi yêu cầu' }).click();
  expect((await answer).status()).toBe(200);
  const receipt = page.getByTestId('copyright-receipt');
  await expect(receipt).toContainText('Chúng tôi đã nhận yêu cầu của bạn.');
  await expect(receipt).toContainText(/Mã yêu cầu: \S+/);
  await expect(receipt).toBeFocused();
  await shoot(page, 'copyright-receipt', info);

  // The request waits in the operators' queue as a new copyright report, with its links.
  const operator = await createAccount('ban-quyen-op');
  const operatorPage = await signedInPage(browser, operator);
  grantOperator(operator.email);
  const queue = await callApi<{ results: { targetType: string; status: string; statement: string; links: string[] }[] }>(
    operatorPage,
    'GET',
    '/admin/reports?targetType=copyright&status=new',
  );
  expect(queue.status).toBe(200);
  const filed = queue.body.results.find((report) => report.statement.startsWith('Chúng tôi giữ bản quyền xuất bản truyện này'));
  expect(filed).toMatchObject({ targetType: 'copyright', status: 'new' });
  expect(filed?.links.some((link) => link.endsWith(storyPath))).toBe(true);
  await operatorPage.context().close();
});

test('a muted reader is told why they cannot post a comment or a review', async ({ browser }, info) => {
  test.setTimeout(120_000);
  const [muted, operator] = await Promise.all([createAccount('bi-khoa'), createAccount('quan-tri')]);
  const page = await signedInPage(browser, muted);
  const operatorPage = await signedInPage(browser, operator);
  grantOperator(operator.email);
  const found = await callApi(operatorPage, 'GET', `/admin/users?query=${encodeURIComponent(muted.email)}`);
  expect(found.status).toBe(200);
  const target = (found.body.results as { _id: string; email: string }[]).find((user) => user.email === muted.email);
  expect(target).toBeTruthy();
  const mute = await callApi(operatorPage, 'POST', `/admin/users/${target!._id}/mute`, { days: 3, reason: 'Spam liên tục' });
  expect(mute.status).toBe(200);

  const storyPath = await firstStoryPath(page);
  await page.goto(storyPath);
  const comments = commentsOf(page);
  await comments.scrollIntoViewIfNeeded();
  const tag = Date.now().toString(36);
  await comments.getByLabel('Viết bình luận').fill(`Bình luận bị chặn ${tag}`);
  await comments.getByRole('button', { name: 'Gửi bình luận' }).click();
  const refusal = comments.getByTestId('write-refusal');
  await expect(refusal).toHaveText(/^Tài khoản của bạn bị tạm khóa viết bình luận đến \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}\. Lý do: Spam liên tục$/);
  await expect(comments.getByLabel('Viết bình luận')).toHaveValue(`Bình luận bị chặn ${tag}`);
  await expect(comments.getByTestId('comment').filter({ hasText: tag })).toHaveCount(0);
  await refusal.scrollIntoViewIfNeeded();
  await shoot(page, 'muted-comment', info);

  const reviews = page.locator('#danh-gia');
  await reviews.scrollIntoViewIfNeeded();
  await reviews.locator('label').filter({ hasText: '4 sao – Hay' }).click();
  await reviews.getByLabel('Nội dung đánh giá').fill(`Đánh giá bị chặn ${tag}`);
  await reviews.getByRole('button', { name: 'Gửi đánh giá' }).click();
  await expect(reviews.getByTestId('write-refusal')).toContainText('Lý do: Spam liên tục');
  await expect(reviews.getByTestId('review').filter({ hasText: tag })).toHaveCount(0);

  await page.context().close();
  await operatorPage.context().close();
});
