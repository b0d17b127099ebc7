import { expect, test, type Browser, type Page } from '@playwright/test';
import { createAccount, signInThroughDialog, type Account } from './helpers/auth';

/**
 * Reviews and comments as two readers use them: the first reviews and comments, the second
 * likes and replies, the first edits, the second cannot edit the first's text, and markup in a
 * comment shows as text.
 */

async function firstStoryPath(page: Page): Promise<string> {
  await page.goto('/');
  const href = await page.getByTestId('story-card').first().getAttribute('href');
  expect(href).toBeTruthy();
  return href!;
}

/** The welcome dialog of a first visit is not part of these journeys. */
const skipWelcome = (page: Page) => page.addInitScript(() => window.localStorage.setItem('isFirstVisit', 'true'));

async function readerPage(browser: Browser, account: Account, storyPath: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await skipWelcome(page);
  await signInThroughDialog(page, account);
  await page.goto(storyPath);
  return page;
}

const reviewsOf = (page: Page) => page.locator('#danh-gia');
const commentsOf = (page: Page) => page.locator('#binh-luan');

test('two readers review, comment, like, reply and edit; markup stays text', async ({ browser, page }) => {
  test.setTimeout(120_000);
  await skipWelcome(page);
  const storyPath = await firstStoryPath(page);
  const [first, second] = await Promise.all([createAccount('nguoi-viet'), createAccount('nguoi-doc')]);
  const tag = Date.now().toString(36);
  const reviewText = `Truyện cuốn, văn mượt ${tag}`;
  const commentText = `<script>window.__xss = 1</script> Chương đầu rất hay ${tag}`;

  // Signed out: the sections load and ask the reader to sign in.
  await page.goto(storyPath);
  await reviewsOf(page).scrollIntoViewIfNeeded();
  await expect(reviewsOf(page).getByText('Đăng nhập để đánh giá truyện và thích các đánh giá.')).toBeVisible();
  await commentsOf(page).scrollIntoViewIfNeeded();
  await expect(commentsOf(page).getByText('Đăng nhập để bình luận, trả lời và thích bình luận.')).toBeVisible();

  // The first reader reviews (4 stars) and comments.
  const writer = await readerPage(browser, first, storyPath);
  const writerReviews = reviewsOf(writer);
  await writerReviews.scrollIntoViewIfNeeded();
  await writerReviews.locator('label').filter({ hasText: '4 sao – Hay' }).click();
  await expect(writerReviews.getByRole('radio', { name: '4 sao – Hay' })).toBeChecked();
  await writerReviews.getByLabel('Nội dung đánh giá').fill(reviewText);
  await writerReviews.getByRole('button', { name: 'Gửi đánh giá' }).click();
  const ownReview = writerReviews.getByTestId('review').filter({ hasText: reviewText });
  await expect(ownReview).toBeVisible();
  await expect(ownReview.getByText('Của bạn')).toBeVisible();
  await expect(ownReview.getByRole('img', { name: '4 trên 5 sao' })).toBeVisible();
  await expect(writerReviews.getByTestId('review-form')).toHaveCount(0);

  const writerComments = commentsOf(writer);
  await writerComments.scrollIntoViewIfNeeded();
  await writerComments.getByLabel('Viết bình luận').fill(commentText);
  await writerComments.getByRole('button', { name: 'Gửi bình luận' }).click();
  const ownComment = writerComments.getByTestId('comment').filter({ hasText: tag });
  await expect(ownComment.getByTestId('comment-content')).toHaveText(commentText);
  await expect(ownComment).not.toHaveAttribute('aria-busy', 'true');
  const commentId = await ownComment.getAttribute('data-comment-id');
  expect(await writer.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();

  // The second reader likes both, replies, and cannot edit the first reader's text.
  const reader = await readerPage(browser, second, storyPath);
  // The sections load when scrolled near.
  await reviewsOf(reader).scrollIntoViewIfNeeded();
  const theirReview = reviewsOf(reader).getByTestId('review').filter({ hasText: reviewText });
  await theirReview.scrollIntoViewIfNeeded();
  await theirReview.getByRole('button', { name: /^Thích đánh giá/ }).click();
  await expect(theirReview.getByRole('button', { name: /^Bỏ thích đánh giá .*\(1 lượt thích\)/ })).toHaveAttribute('aria-pressed', 'true');
  await expect(theirReview.getByRole('button', { name: 'Sửa đánh giá' })).toHaveCount(0);

  await commentsOf(reader).scrollIntoViewIfNeeded();
  const theirComment = commentsOf(reader).getByTestId('comment').filter({ hasText: tag }).first();
  await theirComment.scrollIntoViewIfNeeded();
  await expect(theirComment.getByTestId('comment-content').first()).toHaveText(commentText);
  expect(await reader.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  await theirComment.getByRole('button', { name: /^Thích bình luận/ }).click();
  await expect(theirComment.getByRole('button', { name: /^Bỏ thích bình luận/ })).toHaveAttribute('aria-pressed', 'true');
  await expect(theirComment.getByRole('button', { name: 'Sửa bình luận' })).toHaveCount(0);
  await expect(theirComment.getByRole('button', { name: 'Xóa bình luận' })).toHaveCount(0);
  await theirComment.getByRole('button', { name: 'Trả lời' }).click();
  await theirComment.getByRole('textbox').fill(`Đồng ý với bạn ${tag}`);
  await theirComment.getByRole('button', { name: 'Gửi trả lời' }).click();
  await expect(theirComment.getByRole('list', { name: /^Phản hồi cho/ }).getByTestId('comment-content')).toHaveText(`Đồng ý với bạn ${tag}`);
  await expect(theirComment.getByRole('button', { name: 'Gửi trả lời' })).toHaveCount(0);

  // Even through the API, the second reader cannot change the first reader's comment.
  const refused = await reader.evaluate(async (id) => {
    const response = await fetch('/api/comments/update', {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${localStorage.getItem('tokenApi')}` },
      body: JSON.stringify({ commentId: id, content: 'Sửa trộm' }),
    });
    return { status: response.status, body: (await response.json()) as { message: string } };
  }, commentId);
  expect(refused.status).toBe(403);
  expect(refused.body.message).toMatch(/của mình/);

  // The first reader sees the like and the reply, then edits the comment and the review.
  await writer.reload();
  await commentsOf(writer).scrollIntoViewIfNeeded();
  const mine = commentsOf(writer).getByTestId('comment').filter({ hasText: tag }).first();
  await mine.scrollIntoViewIfNeeded();
  await expect(mine.getByRole('button', { name: /^Thích bình luận .*\(1 lượt thích\)/ })).toBeVisible();
  await mine.getByRole('button', { name: 'Xem 1 phản hồi' }).click();
  await expect(mine.getByText(`Đồng ý với bạn ${tag}`)).toBeVisible();
  await mine.getByRole('button', { name: 'Sửa bình luận' }).first().click();
  await mine.getByLabel('Sửa bình luận').fill(`Đã sửa: vẫn hay ${tag}`);
  await mine.getByRole('button', { name: 'Lưu' }).click();
  await expect(mine.getByTestId('comment-content').first()).toHaveText(`Đã sửa: vẫn hay ${tag}`);

  await reviewsOf(writer).scrollIntoViewIfNeeded();
  const myReview = reviewsOf(writer).getByTestId('review').filter({ hasText: reviewText });
  await myReview.getByRole('button', { name: 'Sửa đánh giá' }).click();
  await reviewsOf(writer).locator('label').filter({ hasText: '5 sao – Rất hay' }).click();
  await reviewsOf(writer).getByLabel('Nội dung đánh giá').fill(`${reviewText} – đọc lại càng thích`);
  await reviewsOf(writer).getByRole('button', { name: 'Lưu đánh giá' }).click();
  await expect(reviewsOf(writer).getByTestId('review').filter({ hasText: `${reviewText} – đọc lại càng thích` }).getByRole('img', { name: '5 trên 5 sao' })).toBeVisible();

  // The second reader sees the edits.
  await reader.reload();
  await commentsOf(reader).scrollIntoViewIfNeeded();
  await expect(commentsOf(reader).getByText(`Đã sửa: vẫn hay ${tag}`)).toBeVisible();

  // Deleting asks first; with a reply the comment stays as "deleted".
  await mine.getByRole('button', { name: 'Xóa bình luận' }).first().click();
  await mine.getByRole('group', { name: 'Xác nhận xóa bình luận' }).getByRole('button', { name: 'Xóa' }).click();
  await expect(mine.getByText('Bình luận đã bị xóa')).toBeVisible();
  await expect(mine.getByText(`Đồng ý với bạn ${tag}`)).toBeVisible();
  await expect(mine.getByText(`Đã sửa: vẫn hay ${tag}`)).toHaveCount(0);

  await writer.context().close();
  await reader.context().close();
});
