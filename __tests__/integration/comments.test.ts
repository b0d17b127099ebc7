import { eq } from 'drizzle-orm';
import type { Comment, LikeState } from '@/lib/api/community';
import type { Paged } from '@/lib/types';
import childHandler from '@/pages/api/comments/child';
import createHandler from '@/pages/api/comments/create';
import deleteHandler from '@/pages/api/comments/delete';
import toggleLikeHandler from '@/pages/api/comments/toggle-like';
import topLevelHandler from '@/pages/api/comments/top-level';
import updateHandler from '@/pages/api/comments/update';
import { db } from '@/server/db/client';
import { commentLikes, comments, rateLimits } from '@/server/db/schema';
import { callApi } from '../helpers/api';
import { createTestUser, type TestIdentity } from '../helpers/auth';
import { insertStory, resetDatabase } from '../helpers/db';

type Failure = { message: string };
type One = { message: Comment } & Failure;

jest.setTimeout(60_000);

let readers: TestIdentity[];
let storyId: string;
let hiddenId: string;

const post = (who: TestIdentity, body: Record<string, unknown>) =>
  callApi<One>(createHandler, { method: 'POST', token: who.token, body: { truyenId: storyId, ...body } });
const topLevel = (body: Record<string, unknown>, who?: TestIdentity) =>
  callApi<Paged<Comment> & Failure>(topLevelHandler, { method: 'POST', token: who?.token, body: { truyenId: storyId, ...body } });
const replies = (who: TestIdentity | undefined, body: Record<string, unknown>) =>
  callApi<Paged<Comment> & Failure>(childHandler, { method: 'POST', token: who?.token, body });
const edit = (who: TestIdentity, commentId: string, content: unknown) =>
  callApi<One>(updateHandler, { method: 'PUT', token: who.token, body: { commentId, content } });
const remove = (who: TestIdentity, commentId: string) =>
  callApi<Failure>(deleteHandler, { method: 'DELETE', token: who.token, body: { commentId } });
const toggle = (who: TestIdentity, commentId: string) =>
  callApi<{ message: LikeState } & Failure>(toggleLikeHandler, { method: 'POST', token: who.token, body: { commentId } });

const row = async (id: string) => (await db().select().from(comments).where(eq(comments.id, Number(id))))[0];

beforeAll(async () => {
  await resetDatabase();
  readers = await Promise.all(Array.from({ length: 5 }, (_, i) => createTestUser(`comment${i}`)));
  storyId = String((await insertStory({ title: 'Truyện Bình Luận', chapters: 3 })).id);
  hiddenId = String((await insertStory({ title: 'Truyện Ẩn', chapters: 1, hidden: true })).id);
});

beforeEach(async () => {
  await db().delete(rateLimits);
});

describe('bearer comment endpoints', () => {
  it.each([
    ['child', childHandler, 'POST'],
    ['create', createHandler, 'POST'],
    ['update', updateHandler, 'PUT'],
    ['delete', deleteHandler, 'DELETE'],
    ['toggle-like', toggleLikeHandler, 'POST'],
  ] as const)('%s refuses a missing or bad token with 401 {message}', async (_name, handler, method) => {
    for (const token of [undefined, 'not-a-jwt']) {
      const { status, body } = await callApi<Failure>(handler, { method, token, body: { truyenId: storyId, commentId: '1', content: 'x' } });
      expect(status).toBe(401);
      expect(body.message).toMatch(/đăng nhập/);
    }
  });
});

describe('POST /api/comments/create and /top-level', () => {
  it('posts trimmed plain text on the story page and under a chapter, kept apart', async () => {
    const onStory = await post(readers[0], { content: '  <script>alert(1)</script> hay quá  ' });
    expect(onStory.status).toBe(200);
    expect(onStory.body.message).toMatchObject({
      truyenId: storyId,
      chapter: null,
      parentId: null,
      content: '<script>alert(1)</script> hay quá',
      likes: 0,
      liked: false,
      replies: 0,
      deleted: false,
      user: { _id: readers[0].uid },
    });
    const onChapter = await post(readers[1], { content: 'Chương 2 cảm động.', chapter: 2 });
    expect(onChapter.body.message.chapter).toBe(2);

    const story = await topLevel({});
    expect(story.body.results.map((comment) => comment._id)).toEqual([onStory.body.message._id]);
    const chapter = await topLevel({ chapter: 2 });
    expect(chapter.body).toMatchObject({ total: 1, page: 0, perpage: 20 });
    expect(chapter.body.results[0]._id).toBe(onChapter.body.message._id);
    expect((await topLevel({ chapter: 3 })).body.total).toBe(0);
  });

  it('refuses empty or over-long text, unknown chapters, stories and parents', async () => {
    expect((await post(readers[2], { content: ' \n ' })).body.message).toBe('Bình luận không được để trống.');
    const tooLong = await post(readers[2], { content: 'b'.repeat(2001) });
    expect(tooLong.status).toBe(413);
    expect(tooLong.body.message).toMatch(/tối đa 2\.000 ký tự/);
    expect((await post(readers[2], { content: 'Chương lạ', chapter: 99 })).status).toBe(400);
    expect((await post(readers[2], { truyenId: '999999', content: 'Ở đâu?' })).status).toBe(404);
    expect((await post(readers[2], { truyenId: hiddenId, content: 'Ở đâu?' })).status).toBe(404);
    expect((await post(readers[2], { content: 'Trả lời ai?', parentId: '999999' })).status).toBe(404);
  });

  it('pages newest first, caps the page size at 50, and is public', async () => {
    const story = String((await insertStory({ title: 'Truyện Nhiều Bình Luận', chapters: 1 })).id);
    await db().insert(comments).values(
      Array.from({ length: 60 }, (_, i) => ({ storyId: Number(story), userId: readers[i % 3].uid, content: `Bình luận ${i}`, createdAt: new Date(Date.UTC(2024, 0, 1, 0, i)) })),
    );
    const first = await topLevel({ truyenId: story, page: 0, perpage: 500 });
    expect(first.body).toMatchObject({ total: 60, page: 0, perpage: 50 });
    expect(first.body.results).toHaveLength(50);
    expect(first.body.results[0].content).toBe('Bình luận 59');
    const second = await topLevel({ truyenId: story, page: 1, perpage: 50 });
    expect(second.body.results.map((comment) => comment.content)).toEqual(Array.from({ length: 10 }, (_, i) => `Bình luận ${9 - i}`));
    expect((await topLevel({ truyenId: story, page: -1 })).status).toBe(400);
    expect((await topLevel({ truyenId: hiddenId })).status).toBe(404);
  });

  it('answers 429 with a Vietnamese message after 5 comments in a minute', async () => {
    const statuses: number[] = [];
    let last: Failure | undefined;
    for (let i = 0; i < 6; i += 1) {
      const answer = await post(readers[4], { content: `Nhanh ${i}`, chapter: 1 });
      statuses.push(answer.status);
      last = answer.body;
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect(last?.message).toMatch(/quá nhanh.*Hãy thử lại sau \d+ giây/);
  });
});

describe('replies: POST /api/comments/create with parentId and /child', () => {
  it('counts replies, pages them oldest first, and flattens a reply to a reply into the thread', async () => {
    const root = (await post(readers[0], { content: 'Ai đọc tới chương 3 chưa?', chapter: 3 })).body.message;
    const a = (await post(readers[1], { content: 'Rồi nè.', parentId: root._id })).body.message;
    expect(a).toMatchObject({ parentId: root._id, chapter: 3 });
    const b = (await post(readers[2], { content: 'Trả lời bạn trên.', parentId: a._id })).body.message;
    expect(b.parentId).toBe(root._id);
    expect((await row(root._id)).replyCount).toBe(2);

    const listed = await replies(readers[3], { commentId: root._id, perpage: 1, page: 1 });
    expect(listed.body).toMatchObject({ total: 2, page: 1, perpage: 1 });
    expect(listed.body.results[0]._id).toBe(b._id);
    expect((await replies(readers[3], { commentId: '999999' })).status).toBe(404);
    const top = (await topLevel({ chapter: 3 })).body.results.find((comment) => comment._id === root._id);
    expect(top?.replies).toBe(2);
  });
});

describe('PUT /api/comments/update', () => {
  it('lets only the author edit (403), 404s unknown ids, validates the text', async () => {
    const mine = (await post(readers[0], { content: 'Bản đầu.' })).body.message;
    const edited = await edit(readers[0], mine._id, '  Bản sửa.  ');
    expect(edited.status).toBe(200);
    expect(edited.body.message).toMatchObject({ _id: mine._id, content: 'Bản sửa.' });
    const other = await edit(readers[1], mine._id, 'Sửa hộ.');
    expect(other.status).toBe(403);
    expect(other.body.message).toMatch(/của mình/);
    expect((await row(mine._id)).content).toBe('Bản sửa.');
    expect((await edit(readers[0], '999999', 'Không có.')).status).toBe(404);
    expect((await edit(readers[0], mine._id, '')).status).toBe(400);
    expect((await edit(readers[0], mine._id, 'c'.repeat(2001))).status).toBe(413);
  });
});

describe('DELETE /api/comments/delete', () => {
  it('keeps a comment with replies as deleted, removes one without, and counts down', async () => {
    const root = (await post(readers[0], { content: 'Gốc sẽ bị xóa.' })).body.message;
    const reply = (await post(readers[1], { content: 'Câu trả lời.', parentId: root._id })).body.message;
    expect((await remove(readers[1], root._id)).status).toBe(403);

    expect((await remove(readers[0], root._id)).body).toEqual({ message: 'ok' });
    const kept = (await topLevel({})).body.results.find((comment) => comment._id === root._id);
    expect(kept).toMatchObject({ deleted: true, content: '', user: null, replies: 1 });
    expect((await edit(readers[0], root._id, 'Hồi sinh.')).status).toBe(404);
    expect((await toggle(readers[2], root._id)).status).toBe(404);
    expect((await replies(readers[2], { commentId: root._id })).body.results.map((comment) => comment._id)).toEqual([reply._id]);

    // The last reply of a deleted comment goes, and the empty shell goes with it.
    expect((await remove(readers[1], reply._id)).status).toBe(200);
    expect(await row(reply._id)).toBeUndefined();
    expect(await row(root._id)).toBeUndefined();
    expect((await remove(readers[1], reply._id)).status).toBe(404);
  });

  it('removes a reply and decrements its parent’s count', async () => {
    const root = (await post(readers[2], { content: 'Gốc còn lại.' })).body.message;
    const first = (await post(readers[3], { content: 'Một.', parentId: root._id })).body.message;
    await post(readers[3], { content: 'Hai.', parentId: root._id });
    await remove(readers[3], first._id);
    expect((await row(root._id)).replyCount).toBe(1);
    expect(await row(first._id)).toBeUndefined();
    await remove(readers[2], (await post(readers[2], { content: 'Xóa ngay.' })).body.message._id);
    expect((await topLevel({})).body.results.some((comment) => comment.content === 'Xóa ngay.')).toBe(false);
  });
});

describe('POST /api/comments/toggle-like', () => {
  it('toggling twice returns to the start and `liked` is per reader', async () => {
    const target = (await post(readers[0], { content: 'Thích đi.' })).body.message;
    expect((await toggle(readers[1], target._id)).body.message).toEqual({ liked: true, likes: 1 });
    const seen = (await topLevel({}, readers[1])).body.results.find((comment) => comment._id === target._id);
    expect(seen).toMatchObject({ liked: true, likes: 1 });
    const anonymous = (await topLevel({})).body.results.find((comment) => comment._id === target._id);
    expect(anonymous).toMatchObject({ liked: false, likes: 1 });
    expect((await toggle(readers[1], target._id)).body.message).toEqual({ liked: false, likes: 0 });
    expect((await toggle(readers[1], '999999')).status).toBe(404);
  });

  it('keeps like counts exact under many concurrent toggles from several readers', async () => {
    const target = (await post(readers[1], { content: 'Đếm cho đúng.' })).body.message;
    const togglesPerReader = [2, 3, 4, 5, 9];
    const answers = await Promise.all(readers.flatMap((who, i) => Array.from({ length: togglesPerReader[i] }, () => toggle(who, target._id))));
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    const expected = togglesPerReader.filter((n) => n % 2 === 1).length;
    const likes = await db().select().from(commentLikes).where(eq(commentLikes.commentId, Number(target._id)));
    expect((await row(target._id)).likeCount).toBe(expected);
    expect(likes.map((like) => like.userId).sort()).toEqual(readers.filter((_, i) => togglesPerReader[i] % 2 === 1).map((r) => r.uid).sort());
  });
});
