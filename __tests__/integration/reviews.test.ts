import { eq } from 'drizzle-orm';
import type { LikeState, Review, ReviewPage } from '@/lib/api/community';
import createUpdateHandler from '@/pages/api/reviews/create-update';
import deleteHandler from '@/pages/api/reviews/delete';
import searchHandler from '@/pages/api/reviews/search';
import toggleLikeHandler from '@/pages/api/reviews/toggle-like';
import { db } from '@/server/db/client';
import { rateLimits, reviewLikes, reviews, stories } from '@/server/db/schema';
import { callApi } from '../helpers/api';
import { createTestUser, type TestIdentity } from '../helpers/auth';
import { insertStory, resetDatabase } from '../helpers/db';

type Failure = { message: string };

jest.setTimeout(60_000);

let readers: TestIdentity[];
let storyId: string;
let hiddenId: string;

const save = (who: TestIdentity, body: Record<string, unknown>) =>
  callApi<{ message: Review } & Failure>(createUpdateHandler, { method: 'POST', token: who.token, body: { truyenId: storyId, ...body } });
const search = (body: Record<string, unknown>, who?: TestIdentity) =>
  callApi<ReviewPage & Failure>(searchHandler, { method: 'POST', token: who?.token, body: { truyenId: storyId, ...body } });
const toggle = (who: TestIdentity, reviewId: string) =>
  callApi<{ message: LikeState } & Failure>(toggleLikeHandler, { method: 'POST', token: who.token, body: { reviewId } });
const remove = (who: TestIdentity, reviewId: string) =>
  callApi<Failure>(deleteHandler, { method: 'DELETE', token: who.token, body: { reviewId } });

async function storyRating(id: string) {
  const [row] = await db().select({ avg: stories.ratingAvg, count: stories.ratingCount }).from(stories).where(eq(stories.id, Number(id)));
  return row;
}

beforeAll(async () => {
  await resetDatabase();
  readers = await Promise.all(Array.from({ length: 6 }, (_, i) => createTestUser(`review${i}`)));
  storyId = String((await insertStory({ title: 'Truyện Đánh Giá', chapters: 2 })).id);
  hiddenId = String((await insertStory({ title: 'Truyện Ẩn', chapters: 1, hidden: true })).id);
});

describe('bearer review endpoints', () => {
  it.each([
    ['create-update', createUpdateHandler, 'POST'],
    ['delete', deleteHandler, 'DELETE'],
    ['toggle-like', toggleLikeHandler, 'POST'],
  ] as const)('%s refuses a missing or bad token with 401 {message}', async (_name, handler, method) => {
    for (const token of [undefined, 'not-a-jwt']) {
      const { status, body } = await callApi<Failure>(handler, { method, token, body: { truyenId: storyId, reviewId: '1', rating: 5, content: 'x' } });
      expect(status).toBe(401);
      expect(body.message).toMatch(/đăng nhập/);
    }
  });
});

describe('POST /api/reviews/create-update', () => {
  it('creates one review per reader, then replaces it, keeping the rating figures exact', async () => {
    const first = await save(readers[0], { rating: 4, content: '  Truyện hay, <b>nên đọc</b>.  ' });
    expect(first.status).toBe(200);
    expect(first.body.message).toMatchObject({ truyenId: storyId, rating: 4, content: 'Truyện hay, <b>nên đọc</b>.', likes: 0, liked: false });
    expect(first.body.message.user).toMatchObject({ _id: readers[0].uid, username: expect.any(String) });
    expect(await storyRating(storyId)).toEqual({ avg: 4, count: 1 });

    await save(readers[1], { rating: 1, content: 'Không hợp gu.' });
    expect(await storyRating(storyId)).toEqual({ avg: 2.5, count: 2 });

    const again = await save(readers[0], { rating: 2, content: 'Đọc tiếp thì thấy chán.' });
    expect(again.body.message._id).toBe(first.body.message._id);
    expect(again.body.message.updatedAt).toBeGreaterThanOrEqual(first.body.message.updatedAt);
    expect(await storyRating(storyId)).toEqual({ avg: 1.5, count: 2 });
    expect(await db().select().from(reviews).where(eq(reviews.storyId, Number(storyId)))).toHaveLength(2);
  });

  it('refuses a bad rating, empty text and an unknown story; over-long text is 413', async () => {
    for (const rating of [0, 6, 3.5, 'năm', undefined]) {
      const { status, body } = await save(readers[2], { rating, content: 'Ổn.' });
      expect(status).toBe(400);
      expect(body.message).toBe('Hãy chọn số sao từ 1 đến 5.');
    }
    expect((await save(readers[2], { rating: 3, content: '   ' })).body.message).toBe('Nội dung đánh giá không được để trống.');
    const tooLong = await save(readers[2], { rating: 3, content: 'a'.repeat(5001) });
    expect(tooLong.status).toBe(413);
    expect(tooLong.body.message).toMatch(/tối đa 5\.000 ký tự/);
    expect((await save(readers[2], { rating: 3, content: 'a'.repeat(5000) })).status).toBe(200);
    await remove(readers[2], (await search({}, readers[2])).body.mine!._id);
    expect((await save(readers[2], { truyenId: '999999', rating: 3, content: 'Ổn.' })).status).toBe(404);
    expect((await save(readers[2], { truyenId: hiddenId, rating: 3, content: 'Ổn.' })).status).toBe(404);
    expect((await save(readers[2], { truyenId: 'abc', rating: 3, content: 'Ổn.' })).status).toBe(400);
  });

  it('keeps the figures exact when many readers review at once', async () => {
    const story = String((await insertStory({ title: 'Truyện Đồng Thời', chapters: 1 })).id);
    const ratings = [5, 4, 3, 5, 1, 2];
    const answers = await Promise.all(readers.map((who, i) => save(who, { truyenId: story, rating: ratings[i], content: `Ý kiến ${i}` })));
    expect(answers.map((answer) => answer.status)).toEqual(ratings.map(() => 200));
    const { avg, count } = await storyRating(story);
    expect(count).toBe(6);
    expect(avg).toBeCloseTo(20 / 6, 5);
  });

  it('answers 429 with a Vietnamese message to a reader who writes too fast', async () => {
    await db().delete(rateLimits);
    const statuses: number[] = [];
    let last: Failure | undefined;
    for (let i = 0; i < 11; i += 1) {
      const answer = await save(readers[5], { rating: 5, content: `Lần ${i}` });
      statuses.push(answer.status);
      last = answer.body;
    }
    expect(statuses.slice(0, 10).every((status) => status === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
    expect(last?.message).toMatch(/quá nhanh/);
    await db().delete(rateLimits);
  });
});

describe('POST /api/reviews/search', () => {
  it('is public, paged, sorted, with the summary and the caller’s own review and likes', async () => {
    const signedOut = await search({ page: 0, perpage: 1 });
    expect(signedOut.status).toBe(200);
    expect(signedOut.body).toMatchObject({ total: 3, page: 0, perpage: 1, mine: null });
    expect(signedOut.body.results).toHaveLength(1);
    expect(signedOut.body.summary.count).toBe(3);

    const all = (await search({})).body.results;
    expect(all.map((review) => review.user?._id)).toEqual([readers[5].uid, readers[1].uid, readers[0].uid]);
    await toggle(readers[3], all[2]._id);
    await toggle(readers[4], all[2]._id);
    await toggle(readers[3], all[1]._id);

    const liked = await search({ sort: 'liked' }, readers[3]);
    expect(liked.body.results.map((review) => [review._id, review.likes, review.liked])).toEqual([
      [all[2]._id, 2, true],
      [all[1]._id, 1, true],
      [all[0]._id, 0, false],
    ]);
    const mine = await search({}, readers[0]);
    expect(mine.body.mine).toMatchObject({ _id: all[2]._id, rating: 2 });
  });

  it('caps the page size at 50, and 404s an unknown or hidden story', async () => {
    expect((await search({ perpage: 500 })).body.perpage).toBe(50);
    expect((await search({ perpage: 0 })).status).toBe(400);
    expect((await search({ truyenId: '424242' })).status).toBe(404);
    const hidden = await search({ truyenId: hiddenId });
    expect(hidden.status).toBe(404);
    expect(hidden.body.message).toBe('Không tìm thấy truyện.');
  });
});

describe('POST /api/reviews/toggle-like', () => {
  it('toggling twice returns to the start; unknown reviews are 404', async () => {
    const target = (await search({}, readers[1])).body.mine!;
    const on = await toggle(readers[2], target._id);
    expect(on.body.message).toEqual({ liked: true, likes: target.likes + 1 });
    const off = await toggle(readers[2], target._id);
    expect(off.body.message).toEqual({ liked: false, likes: target.likes });
    expect((await toggle(readers[2], '999999')).status).toBe(404);
  });

  it('keeps like counts exact under many concurrent toggles from several readers', async () => {
    await db().delete(rateLimits);
    const target = (await search({}, readers[5])).body.mine!;
    const togglesPerReader = [3, 4, 5, 6, 7];
    const likers = readers.slice(0, 5);
    const answers = await Promise.all(likers.flatMap((who, i) => Array.from({ length: togglesPerReader[i] }, () => toggle(who, target._id))));
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    const expected = target.likes + togglesPerReader.filter((n) => n % 2 === 1).length;
    const [row] = await db().select({ likes: reviews.likeCount }).from(reviews).where(eq(reviews.id, Number(target._id)));
    const likeRows = await db().select().from(reviewLikes).where(eq(reviewLikes.reviewId, Number(target._id)));
    expect(row.likes).toBe(expected);
    expect(likeRows).toHaveLength(expected);
  });
});

describe('DELETE /api/reviews/delete', () => {
  it('lets only the author delete (403), 404s unknown ids, and recomputes the figures', async () => {
    const target = (await search({}, readers[1])).body.mine!;
    const before = await storyRating(storyId);
    const other = await remove(readers[0], target._id);
    expect(other.status).toBe(403);
    expect(other.body.message).toMatch(/của mình/);
    expect((await remove(readers[1], target._id)).body).toEqual({ message: 'ok' });
    expect((await remove(readers[1], target._id)).status).toBe(404);
    expect((await remove(readers[1], 'x')).status).toBe(400);
    const after = await storyRating(storyId);
    expect(after.count).toBe(before.count - 1);
    const rows = await db().select({ rating: reviews.rating }).from(reviews).where(eq(reviews.storyId, Number(storyId)));
    expect(after.avg).toBeCloseTo(rows.reduce((sum, row) => sum + row.rating, 0) / rows.length, 5);
  });
});
