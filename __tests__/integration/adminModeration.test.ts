import { eq } from 'drizzle-orm';
import type { Comment, Review, ReviewPage } from '@/lib/api/community';
import type { Paged } from '@/lib/types';
import hideCommentHandler from '@/pages/api/admin/comments/[id]/hide';
import restoreCommentHandler from '@/pages/api/admin/comments/[id]/restore';
import hideReviewHandler from '@/pages/api/admin/reviews/[id]/hide';
import restoreReviewHandler from '@/pages/api/admin/reviews/[id]/restore';
import userHandler from '@/pages/api/admin/users/[id]';
import muteHandler from '@/pages/api/admin/users/[id]/mute';
import usersHandler from '@/pages/api/admin/users';
import childHandler from '@/pages/api/comments/child';
import createCommentHandler from '@/pages/api/comments/create';
import updateCommentHandler from '@/pages/api/comments/update';
import topLevelHandler from '@/pages/api/comments/top-level';
import saveReviewHandler from '@/pages/api/reviews/create-update';
import searchReviewsHandler from '@/pages/api/reviews/search';
import { db } from '@/server/db/client';
import { auditLog, rateLimits, stories, users } from '@/server/db/schema';
import type { AdminAccount, AdminUser } from '@/server/services/admin/accounts';
import { callApi } from '../helpers/api';
import { createOperator, createReader } from '../helpers/admin';
import type { TestIdentity } from '../helpers/auth';
import { insertStory, resetDatabase } from '../helpers/db';

type Failure = { message: string };

let operator: TestIdentity;
let author: TestIdentity;
let other: TestIdentity;
let storyId: string;

const comment = async (who: TestIdentity, body: Record<string, unknown>) =>
  (await callApi<{ message: Comment } & Failure>(createCommentHandler, { method: 'POST', token: who.token, body: { truyenId: storyId, ...body } }));
const topLevel = async () => (await callApi<Paged<Comment>>(topLevelHandler, { method: 'POST', body: { truyenId: storyId } })).body;
const replies = async (commentId: string) => callApi<Paged<Comment> & Failure>(childHandler, { method: 'POST', token: other.token, body: { commentId } });
const review = async (who: TestIdentity, rating: number, content: string) =>
  callApi<{ message: Review } & Failure>(saveReviewHandler, { method: 'POST', token: who.token, body: { truyenId: storyId, rating, content } });
const reviewPage = async (who?: TestIdentity) => (await callApi<ReviewPage>(searchReviewsHandler, { method: 'POST', token: who?.token, body: { truyenId: storyId } })).body;
const act = (handler: typeof hideCommentHandler, id: string, body: unknown) =>
  callApi<{ message: { _id: string; hidden: boolean } } & Failure>(handler, { method: 'POST', token: operator.token, params: { id }, body });
const storyRating = async () => (await db().select({ avg: stories.ratingAvg, count: stories.ratingCount }).from(stories).where(eq(stories.id, Number(storyId))))[0];
const auditOf = async (targetId: string) => db().select().from(auditLog).where(eq(auditLog.targetId, targetId)).orderBy(auditLog.id);

beforeAll(async () => {
  await resetDatabase();
  operator = await createOperator('mod-op');
  author = await createReader('mod-author', 'Người Viết Ồn Ào');
  other = await createReader('mod-other');
  storyId = String((await insertStory({ title: 'Truyện Kiểm Duyệt', chapters: 2 })).id);
});

beforeEach(async () => {
  await db().delete(rateLimits);
});

describe('hiding and restoring a comment', () => {
  it('takes it out of every reader list and count, then brings it back; each action audited', async () => {
    const kept = (await comment(other, { content: 'Bình luận tử tế' })).body.message;
    const abusive = (await comment(author, { content: 'Lời lẽ thô tục' })).body.message;
    const parent = kept._id;
    const reply = (await comment(author, { content: 'Trả lời quấy rối', parentId: parent })).body.message;
    expect((await topLevel()).total).toBe(2);

    const hidden = await act(hideCommentHandler, abusive._id, { reason: 'Ngôn từ xúc phạm' });
    expect(hidden.status).toBe(200);
    expect(hidden.body).toEqual({ message: { _id: abusive._id, hidden: true } });
    const list = await topLevel();
    expect(list.total).toBe(1);
    expect(list.results.map((c) => c._id)).toEqual([parent]);

    await act(hideCommentHandler, reply._id, { reason: 'Quấy rối' });
    expect((await topLevel()).results[0].replies).toBe(0);
    expect((await replies(parent)).body).toMatchObject({ total: 0, results: [] });
    // A hidden comment cannot be answered, liked or edited: it does not exist for readers.
    expect((await comment(other, { content: 'Trả lời', parentId: abusive._id })).status).toBe(404);
    expect((await replies(abusive._id)).status).toBe(404);
    expect((await callApi(updateCommentHandler, { method: 'PUT', token: author.token, body: { commentId: abusive._id, content: 'sửa' } })).status).toBe(404);

    const restored = await act(restoreCommentHandler, reply._id, { reason: 'Nhầm' });
    expect(restored.body).toEqual({ message: { _id: reply._id, hidden: false } });
    expect((await topLevel()).results[0].replies).toBe(1);
    expect((await replies(parent)).body.results.map((c) => c._id)).toEqual([reply._id]);

    expect((await auditOf(abusive._id)).map((e) => [e.action, e.actorId, e.note, e.before, e.after])).toEqual([
      ['comment.hide', operator.uid, 'Ngôn từ xúc phạm', { hidden: false, content: 'Lời lẽ thô tục' }, { hidden: true }],
    ]);
    expect((await auditOf(reply._id)).map((e) => e.action)).toEqual(['comment.hide', 'comment.restore']);
  });

  it('refuses a missing reason (400), a too long one (413) and an unknown comment (404)', async () => {
    expect((await act(hideCommentHandler, '1', {})).status).toBe(400);
    expect((await act(hideCommentHandler, '1', { reason: 'x'.repeat(501) })).status).toBe(413);
    expect((await act(hideCommentHandler, '999999', { reason: 'spam' })).status).toBe(404);
    expect((await act(hideCommentHandler, 'abc', { reason: 'spam' })).status).toBe(400);
  });
});

describe('hiding and restoring a review', () => {
  it('takes it out of the list, the count and the story rating, then back', async () => {
    await review(author, 1, 'Dở tệ, đừng đọc (spam)');
    const fair = (await review(other, 5, 'Truyện hay')).body.message;
    const spam = (await reviewPage(author)).mine!;
    expect((await reviewPage()).summary).toEqual({ avg: 3, count: 2 });

    expect((await act(hideReviewHandler, spam._id, { reason: 'Spam' })).body).toEqual({ message: { _id: spam._id, hidden: true } });
    const page = await reviewPage(author);
    expect(page.total).toBe(1);
    expect(page.results.map((r) => r._id)).toEqual([fair._id]);
    expect(page.summary).toEqual({ avg: 5, count: 1 });
    expect(page.mine).toBeNull();
    expect(await storyRating()).toEqual({ avg: 5, count: 1 });

    await act(restoreReviewHandler, spam._id, {});
    expect((await reviewPage()).summary).toEqual({ avg: 3, count: 2 });
    expect(await storyRating()).toEqual({ avg: 3, count: 2 });
    expect((await auditOf(spam._id)).map((e) => e.action)).toEqual(['review.hide', 'review.restore']);
  });
});

describe('muting an account', () => {
  it('refuses its comments, edits and reviews with 403, the date and the reason, until lifted', async () => {
    const mine = (await comment(author, { content: 'Trước khi bị khóa' })).body.message;
    const muted = await callApi<{ message: AdminUser } & Failure>(muteHandler, {
      method: 'POST',
      token: operator.token,
      params: { id: author.uid },
      body: { days: 3, reason: 'Spam nhiều lần' },
    });
    expect(muted.status).toBe(200);
    const until = muted.body.message.mute!.until;
    expect(until).toBeGreaterThan(Date.now() + 3 * 86_400_000 - 60_000);
    expect(muted.body.message).toMatchObject({ _id: author.uid, email: author.email, role: 'reader', mute: { reason: 'Spam nhiều lần' } });

    const when = new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Ho_Chi_Minh', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .format(new Date(until))
      .replace(',', '');
    const expected = { message: `Tài khoản của bạn bị tạm khóa viết bình luận đến ${when}. Lý do: Spam nhiều lần` };
    expect(expected.message).toMatch(/đến \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}\. Lý do/);
    const refused = [
      await comment(author, { content: 'Lại spam' }),
      await callApi<Failure>(updateCommentHandler, { method: 'PUT', token: author.token, body: { commentId: mine._id, content: 'sửa' } }),
      await review(author, 1, 'Spam'),
    ];
    for (const answer of refused) {
      expect(answer.status).toBe(403);
      expect(answer.body).toEqual(expected);
    }
    // Other readers still write.
    expect((await comment(other, { content: 'Vẫn viết được' })).status).toBe(200);

    const lifted = await callApi<{ message: AdminUser }>(muteHandler, { method: 'DELETE', token: operator.token, params: { id: author.uid }, body: {} });
    expect(lifted.body.message.mute).toBeNull();
    expect((await comment(author, { content: 'Đã được mở khóa' })).status).toBe(200);
    expect((await auditOf(author.uid)).map((e) => e.action)).toEqual(['user.mute', 'user.unmute']);
  });

  it('refuses days outside 1–365 and an unknown account', async () => {
    const mute = (id: string, body: unknown) => callApi<Failure>(muteHandler, { method: 'POST', token: operator.token, params: { id }, body });
    expect((await mute(author.uid, { days: 0, reason: 'x' })).status).toBe(400);
    expect((await mute(author.uid, { days: 366, reason: 'x' })).status).toBe(400);
    expect((await mute(author.uid, { days: 2, reason: '' })).status).toBe(400);
    expect((await mute('khong-co-ai', { days: 2, reason: 'x' })).status).toBe(404);
  });
});

describe('accounts', () => {
  it('are found by email or username, accents and case ignored', async () => {
    const search = async (query: string) => (await callApi<Paged<AdminUser>>(usersHandler, { token: operator.token, params: { query } })).body;
    expect((await search('nguoi viet on ao')).results.map((u) => u._id)).toEqual([author.uid]);
    expect((await search(author.email.toUpperCase())).results.map((u) => u._id)).toEqual([author.uid]);
    const all = await search('');
    expect(all.total).toBe(3);
    expect(all).toMatchObject({ page: 0, perpage: 20 });
  });

  it('show everything one wrote, hidden comments and reviews included, newest first', async () => {
    const { status, body } = await callApi<{ message: AdminAccount }>(userHandler, { token: operator.token, params: { id: author.uid } });
    expect(status).toBe(200);
    const { user, comments, reviews, orders } = body.message;
    expect(user).toMatchObject({ _id: author.uid, username: 'Người Viết Ồn Ào', mute: null });
    expect(comments.map((c) => c.content)).toEqual(['Đã được mở khóa', 'Trước khi bị khóa', 'Trả lời quấy rối', 'Lời lẽ thô tục']);
    expect(comments.find((c) => c.content === 'Lời lẽ thô tục')).toMatchObject({ hidden: true, deleted: false, story: { title: 'Truyện Kiểm Duyệt' } });
    expect(reviews).toEqual([expect.objectContaining({ rating: 1, hidden: false, truyenId: storyId })]);
    expect(orders).toEqual([]);
    expect((await callApi(userHandler, { token: operator.token, params: { id: 'khong-co-ai' } })).status).toBe(404);
    expect(await db().$count(users)).toBe(3);
  });
});
