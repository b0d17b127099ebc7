import { and, eq } from 'drizzle-orm';
import type { Comment, LikeState, Review } from '@/lib/api/community';
import type { StoryNames } from '@/lib/api/embedding';
import hideCommentHandler from '@/pages/api/admin/comments/[id]/hide';
import hideReviewHandler from '@/pages/api/admin/reviews/[id]/hide';
import restoreReviewHandler from '@/pages/api/admin/reviews/[id]/restore';
import muteHandler from '@/pages/api/admin/users/[id]/mute';
import createCommentHandler from '@/pages/api/comments/create';
import deleteCommentHandler from '@/pages/api/comments/delete';
import likeCommentHandler from '@/pages/api/comments/toggle-like';
import updateCommentHandler from '@/pages/api/comments/update';
import namesHandler from '@/pages/api/embedding/names';
import proposalsHandler from '@/pages/api/embedding/names/proposals';
import saveReviewHandler from '@/pages/api/reviews/create-update';
import deleteReviewHandler from '@/pages/api/reviews/delete';
import likeReviewHandler from '@/pages/api/reviews/toggle-like';
import meHandler from '@/pages/api/user/me';
import { db } from '@/server/db/client';
import { auditLog, comments, rateLimits, reviews, stories, storyNameProposals, storySharedNames, users } from '@/server/db/schema';
import { callApi } from '../helpers/api';
import { createOperator, createReader } from '../helpers/admin';
import type { TestIdentity } from '../helpers/auth';
import { insertStory, resetDatabase } from '../helpers/db';

/** What an operator hides stays as the operator saw it; nothing hidden can be liked or answered. */

type Failure = { message: string };

let operator: TestIdentity;
let author: TestIdentity;
let other: TestIdentity;

const comment = (who: TestIdentity, truyenId: number, body: Record<string, unknown>) =>
  callApi<{ message: Comment } & Failure>(createCommentHandler, { method: 'POST', token: who.token, body: { truyenId: String(truyenId), ...body } });
const review = (who: TestIdentity, truyenId: number, rating: number, content: string) =>
  callApi<{ message: Review } & Failure>(saveReviewHandler, { method: 'POST', token: who.token, body: { truyenId: String(truyenId), rating, content } });
const hide = (handler: typeof hideCommentHandler, id: string, reason: string) =>
  callApi(handler, { method: 'POST', token: operator.token, params: { id }, body: { reason } });
const editComment = (who: TestIdentity, commentId: string, content: string) =>
  callApi<Failure>(updateCommentHandler, { method: 'PUT', token: who.token, body: { commentId, content } });
const deleteComment = (who: TestIdentity, commentId: string) => callApi<Failure>(deleteCommentHandler, { method: 'DELETE', token: who.token, body: { commentId } });
const likeComment = (who: TestIdentity, commentId: string) => callApi<{ message: LikeState } & Failure>(likeCommentHandler, { method: 'POST', token: who.token, body: { commentId } });
const likeReview = (who: TestIdentity, reviewId: string) => callApi<{ message: LikeState } & Failure>(likeReviewHandler, { method: 'POST', token: who.token, body: { reviewId } });
const auditOf = (action: string, targetId: string) =>
  db().select().from(auditLog).where(and(eq(auditLog.action, action), eq(auditLog.targetId, targetId)));
const commentRow = async (id: string) => (await db().select().from(comments).where(eq(comments.id, Number(id))))[0];
const reviewRow = async (id: string) => (await db().select().from(reviews).where(eq(reviews.id, Number(id))))[0];

beforeAll(async () => {
  await resetDatabase();
  operator = await createOperator('holes-op');
  [author, other] = await Promise.all([createReader('holes-author', 'Người Viết'), createReader('holes-other', 'Người Đọc')]);
});

beforeEach(async () => {
  await db().delete(rateLimits);
});

describe('a hidden review or comment', () => {
  it('cannot be rewritten or deleted by its author, and the hide keeps the hidden review in the audit log', async () => {
    const story = await insertStory({ title: 'Truyện Đánh Giá Ẩn', slug: 'truyen-danh-gia-an' });
    const written = (await review(author, story.id, 1, 'Lời chê bai bị báo cáo')).body.message;
    expect((await hide(hideReviewHandler, written._id, 'Spam')).status).toBe(200);

    const rewrite = await review(author, story.id, 5, 'Nội dung mới không ai duyệt');
    expect(rewrite.status).toBe(403);
    expect(rewrite.body.message).toBe('Đánh giá của bạn về truyện này đã bị quản trị viên ẩn nên không thể sửa hay viết lại.');
    const removal = await callApi<Failure>(deleteReviewHandler, { method: 'DELETE', token: author.token, body: { reviewId: written._id } });
    expect(removal.status).toBe(404);
    expect(removal.body.message).toBe('Không tìm thấy đánh giá.');
    expect(await reviewRow(written._id)).toMatchObject({ rating: 1, content: 'Lời chê bai bị báo cáo', hidden: true });

    const [entry] = await auditOf('review.hide', written._id);
    expect(entry.before).toEqual({ hidden: false, rating: 1, content: 'Lời chê bai bị báo cáo' });
    expect(entry.after).toEqual({ hidden: true });

    // Restored, it is the reader's to change again, and the restore shows what it publishes.
    await callApi(restoreReviewHandler, { method: 'POST', token: operator.token, params: { id: written._id }, body: { reason: 'Nhầm' } });
    const [restore] = await auditOf('review.restore', written._id);
    expect(restore.before).toEqual({ hidden: true, rating: 1, content: 'Lời chê bai bị báo cáo' });
    expect((await review(author, story.id, 3, 'Đã sửa lại')).status).toBe(200);
  });

  it('cannot be edited or deleted by its author, nor can a reply under a hidden comment; the hide keeps the text', async () => {
    const story = await insertStory({ title: 'Truyện Bình Luận Ẩn', slug: 'truyen-binh-luan-an' });
    const hidden = (await comment(author, story.id, { content: 'Lời lẽ bị báo cáo' })).body.message;
    const root = (await comment(other, story.id, { content: 'Chủ đề tranh cãi' })).body.message;
    const reply = (await comment(author, story.id, { content: 'Trả lời trong chủ đề', parentId: root._id })).body.message;
    expect((await hide(hideCommentHandler, hidden._id, 'Xúc phạm')).status).toBe(200);
    expect((await hide(hideCommentHandler, root._id, 'Cả chủ đề')).status).toBe(200);

    for (const target of [hidden, reply]) {
      const edit = await editComment(author, target._id, 'Nội dung mới không ai duyệt');
      expect(edit.status).toBe(404);
      expect(edit.body.message).toBe('Không tìm thấy bình luận.');
      expect((await deleteComment(author, target._id)).status).toBe(404);
      expect(await commentRow(target._id)).toMatchObject({ content: target.content, deleted: false });
    }

    const [entry] = await auditOf('comment.hide', hidden._id);
    expect(entry.before).toEqual({ hidden: false, content: 'Lời lẽ bị báo cáo' });
    expect(entry.after).toEqual({ hidden: true });
  });
});

describe('likes and replies', () => {
  it('are refused on a hidden reply, under a hidden comment and on a hidden story', async () => {
    const story = await insertStory({ title: 'Truyện Thích Và Trả Lời', slug: 'truyen-thich-va-tra-loi' });
    const root = (await comment(other, story.id, { content: 'Chủ đề' })).body.message;
    const hiddenReply = (await comment(author, story.id, { content: 'Trả lời bị ẩn', parentId: root._id })).body.message;
    await hide(hideCommentHandler, hiddenReply._id, 'Spam');

    // Answering a hidden reply would join its thread: refused as if it did not exist.
    const answer = await comment(other, story.id, { content: 'Trả lời cái bị ẩn', parentId: hiddenReply._id });
    expect(answer.status).toBe(404);
    expect(answer.body.message).toBe('Không tìm thấy bình luận.');
    expect((await likeComment(other, hiddenReply._id)).status).toBe(404);

    const visibleReply = (await comment(author, story.id, { content: 'Trả lời bình thường', parentId: root._id })).body.message;
    await hide(hideCommentHandler, root._id, 'Cả chủ đề');
    const underHidden = await likeComment(other, visibleReply._id);
    expect(underHidden.status).toBe(404);
    expect(underHidden.body.message).toBe('Không tìm thấy bình luận.');
    expect((await commentRow(visibleReply._id)).likeCount).toBe(0);

    const open = (await comment(author, story.id, { content: 'Bình luận trên truyện sắp bị ẩn' })).body.message;
    const rated = (await review(author, story.id, 4, 'Đánh giá trên truyện sắp bị ẩn')).body.message;
    await db().update(stories).set({ hidden: true }).where(eq(stories.id, story.id));
    for (const refused of [
      await likeComment(other, open._id),
      await likeReview(other, rated._id),
      await comment(other, story.id, { content: 'Trả lời trên truyện bị ẩn', parentId: open._id }),
    ]) {
      expect(refused.status).toBe(404);
      expect(refused.body.message).toMatch(/^Không tìm thấy (bình luận|đánh giá|truyện)\.$/);
    }
    expect((await commentRow(open._id)).likeCount).toBe(0);
    expect((await reviewRow(rated._id)).likeCount).toBe(0);
    // Neither can the authors rewrite what the hidden story carries.
    expect((await editComment(author, open._id, 'Sửa khi truyện bị ẩn')).status).toBe(404);
  });
});

describe('a muted reader', () => {
  it('cannot change their display name nor propose a story’s shared names; their own names stay theirs', async () => {
    const story = await insertStory({ title: 'Truyện Nhúng Có Tên', slug: 'truyen-nhung-co-ten' });
    await db().update(stories).set({ origin: 'embedded' }).where(eq(stories.id, story.id));
    const muted = await callApi(muteHandler, { method: 'POST', token: operator.token, params: { id: author.uid }, body: { days: 2, reason: 'Đổi tên xúc phạm' } });
    expect(muted.status).toBe(200);

    const rename = await callApi<Failure>(meHandler, { method: 'PUT', token: author.token, body: { username: 'Tên Xúc Phạm' } });
    expect(rename.status).toBe(403);
    expect(rename.body.message).toMatch(/^Tài khoản của bạn bị tạm khóa viết bình luận đến .+\. Lý do: Đổi tên xúc phạm$/);
    expect((await db().select({ username: users.username }).from(users).where(eq(users.id, author.uid)))[0].username).toBe('Người Viết');

    const proposal = await callApi<Failure>(proposalsHandler, { method: 'PUT', token: author.token, body: { storyId: String(story.id), original: '林渊', translation: 'Tên Xúc Phạm' } });
    expect(proposal.status).toBe(403);
    expect(proposal.body.message).toBe(rename.body.message);
    expect(await db().$count(storyNameProposals, eq(storyNameProposals.storyId, story.id))).toBe(0);
    // The muted reader's own list changes their reading only.
    const own = await callApi<{ message: StoryNames }>(namesHandler, { method: 'PUT', token: author.token, body: { storyId: String(story.id), names: { 林渊: 'Tên Xúc Phạm' } } });
    expect(own.status).toBe(200);
    expect(own.body.message.names).toEqual({});
    expect(await db().$count(storySharedNames, eq(storySharedNames.storyId, story.id))).toBe(0);

    // Another reader still names and renames.
    const shared = await callApi<{ message: StoryNames }>(namesHandler, { method: 'PUT', token: other.token, body: { storyId: String(story.id), names: { 林渊: 'Lâm Uyên' } } });
    expect(shared.status).toBe(200);
    expect(shared.body.message.mine).toEqual({ 林渊: 'Lâm Uyên' });
    expect((await callApi(meHandler, { method: 'PUT', token: other.token, body: { username: 'Độc Giả Mới' } })).status).toBe(200);
  });
});
