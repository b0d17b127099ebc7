import { eq } from 'drizzle-orm';
import firebaseConfigHandler from '@/pages/api/auth/firebase-config';
import bookvipHandler from '@/pages/api/user/bookvip';
import deleteHandler from '@/pages/api/user/delete';
import meHandler from '@/pages/api/user/me';
import asyncBookmarkHandler from '@/pages/api/user/web/async_bookmark';
import bookmarkHandler from '@/pages/api/user/web/bookmark';
import bookmarksHandler from '@/pages/api/user/web/bookmarks';
import lichsuHandler from '@/pages/api/user/web/lichsu';
import vipOrdersHandler from '@/pages/api/vip/orders';
import { adminAuth } from '@/server/auth/firebaseAdmin';
import { db } from '@/server/db/client';
import { bookmarks, comments, readingHistory, reviewLikes, reviews, stories, users } from '@/server/db/schema';
import { callApi } from '../helpers/api';
import { createTestUser, expiredToken, type TestIdentity } from '../helpers/auth';
import { insertStory, resetDatabase } from '../helpers/db';

type Profile = { _id: string; email: string; username: string; expireTime: number; emailVerified: boolean };

const bearerCalls = [
  { name: 'GET /user/me', handler: meHandler, method: 'GET' as const, body: undefined },
  { name: 'GET /user/web/bookmarks', handler: bookmarksHandler, method: 'GET' as const, body: undefined },
  { name: 'POST /user/web/async_bookmark', handler: asyncBookmarkHandler, method: 'POST' as const, body: { data: [] } },
  { name: 'POST /user/web/bookmark', handler: bookmarkHandler, method: 'POST' as const, body: { _id: '1', save: true } },
  { name: 'POST /user/web/lichsu', handler: lichsuHandler, method: 'POST' as const, body: { chapter: 1, truyenId: '1', audio_time: 1 } },
  { name: 'DELETE /user/delete', handler: deleteHandler, method: 'DELETE' as const, body: { token: 'x' } },
];

let reader: TestIdentity;

beforeAll(async () => {
  await resetDatabase();
  reader = await createTestUser('me');
});

describe('bearer endpoints refuse a missing, malformed, expired or revoked token with 401', () => {
  it.each(bearerCalls)('$name', async ({ handler, method, body }) => {
    for (const token of [undefined, 'undefined', 'not-a-jwt', 'a.b.c', expiredToken(reader.uid)]) {
      const { status, body: answer } = await callApi<{ message: string }>(handler, { method, body, token });
      expect(status).toBe(401);
      expect(answer.message).toMatch(/đăng nhập/);
    }
  });

  // Revocation is asked where it matters (payments, account deletion), not on every request.
  it('a token issued before its refresh tokens were revoked, where revocation is checked', async () => {
    const victim = await createTestUser('revoked');
    expect((await callApi(meHandler, { token: victim.token })).status).toBe(200);
    expect((await callApi(vipOrdersHandler, { token: victim.token })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await adminAuth().revokeRefreshTokens(victim.uid);
    expect((await callApi(vipOrdersHandler, { token: victim.token })).status).toBe(401);
  });
});

describe('GET /api/user/me', () => {
  it('creates the reader row on the first verified request, once', async () => {
    const first = await callApi<Profile>(meHandler, { token: reader.token });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ _id: reader.uid, email: reader.email, username: reader.email.split('@')[0], expireTime: 0, emailVerified: false });
    await callApi(meHandler, { token: reader.token });
    expect(await db().select().from(users).where(eq(users.id, reader.uid))).toHaveLength(1);
  });

  it('copies over an email changed on the identity side, and nothing else', async () => {
    await db().update(users).set({ email: 'email-cu@example.com', username: 'Tên Đã Chọn' }).where(eq(users.id, reader.uid));
    const { body } = await callApi<Profile>(meHandler, { token: reader.token });
    expect(body).toMatchObject({ email: reader.email, username: 'Tên Đã Chọn' });
    const [row] = await db().select().from(users).where(eq(users.id, reader.uid));
    expect(row).toMatchObject({ email: reader.email, username: 'Tên Đã Chọn' });
  });

  it('PUT changes the display name, and refuses one that is too short', async () => {
    const ok = await callApi<Profile>(meHandler, { method: 'PUT', token: reader.token, body: { username: '  Độc Giả Mới ' } });
    expect(ok.status).toBe(200);
    expect(ok.body.username).toBe('Độc Giả Mới');
    const bad = await callApi<{ message: string }>(meHandler, { method: 'PUT', token: reader.token, body: { username: 'a' } });
    expect(bad.status).toBe(400);
  });
});

describe('POST /api/user/bookvip', () => {
  let slug: string;
  beforeAll(async () => {
    slug = (await insertStory({ title: 'Truyện VIP Thử', chapters: 3, vipFrom: 2 })).slug;
  });

  it('is false when email or slug is missing, even for a member', async () => {
    await db().update(users).set({ expireTime: Math.floor(Date.now() / 1000) + 3_600 }).where(eq(users.id, reader.uid));
    for (const body of [{}, { email: reader.email }, { slug }, { email: '', slug }]) {
      const { status, body: answer } = await callApi(bookvipHandler, { method: 'POST', token: reader.token, body });
      expect(status).toBe(200);
      expect(answer).toEqual({ data: { result: false } });
    }
  });

  it('is true while VIP is active, for the bearer\'s own email only', async () => {
    const own = await callApi(bookvipHandler, { method: 'POST', token: reader.token, body: { email: reader.email.toUpperCase(), slug } });
    expect(own.body).toEqual({ data: { result: true } });
    const other = await callApi(bookvipHandler, { method: 'POST', token: reader.token, body: { email: 'someone@example.com', slug } });
    expect(other.body).toEqual({ data: { result: false } });
    const anonymous = await callApi(bookvipHandler, { method: 'POST', body: { email: reader.email, slug } });
    expect(anonymous.body).toEqual({ data: { result: false } });
    const unknownStory = await callApi(bookvipHandler, { method: 'POST', token: reader.token, body: { email: reader.email, slug: 'khong-co' } });
    expect(unknownStory.body).toEqual({ data: { result: false } });
  });

  it('is false once VIP has expired', async () => {
    await db().update(users).set({ expireTime: Math.floor(Date.now() / 1000) - 1 }).where(eq(users.id, reader.uid));
    const { body } = await callApi(bookvipHandler, { method: 'POST', token: reader.token, body: { email: reader.email, slug } });
    expect(body).toEqual({ data: { result: false } });
  });
});

describe('GET /api/auth/firebase-config', () => {
  it('points the browser at the emulator of the test project', async () => {
    const { status, body } = await callApi(firebaseConfigHandler);
    expect(status).toBe(200);
    expect(body).toEqual({
      apiKey: 'demo-api-key',
      authDomain: 'demo-truyen-audio-test.firebaseapp.com',
      projectId: 'demo-truyen-audio-test',
      emulatorUrl: `http://${process.env.FIREBASE_AUTH_EMULATOR_HOST}`,
    });
  });
});

describe('DELETE /api/user/delete', () => {
  it('removes the reader\'s data and identity, anonymises reviews and comments, and leaves others alone', async () => {
    const leaving = await createTestUser('leaving');
    const staying = await createTestUser('staying');
    const story = await insertStory({ title: 'Truyện Xóa Thử', chapters: 5 });
    const id = String(story.id);
    for (const who of [leaving, staying]) {
      await callApi(bookmarkHandler, { method: 'POST', token: who.token, body: { _id: id, save: true, chapter: 2 } });
      await callApi(lichsuHandler, { method: 'POST', token: who.token, body: { chapter: 3, truyenId: id, audio_time: 1 } });
    }
    const [stayingReview] = await db().insert(reviews).values({ storyId: story.id, userId: staying.uid, rating: 5, content: 'Hay', likeCount: 1 }).returning();
    await db().insert(reviewLikes).values({ reviewId: stayingReview.id, userId: leaving.uid });
    const [leavingReview] = await db().insert(reviews).values({ storyId: story.id, userId: leaving.uid, rating: 4, content: 'Được' }).returning();
    const [leavingComment] = await db().insert(comments).values({ storyId: story.id, userId: leaving.uid, content: 'Chào' }).returning();

    const wrongToken = await callApi(deleteHandler, { method: 'DELETE', token: leaving.token, body: { token: staying.token } });
    expect(wrongToken.status).toBe(403);

    const { status, body } = await callApi(deleteHandler, { method: 'DELETE', token: leaving.token, body: { token: leaving.token } });
    expect(status).toBe(200);
    expect(body).toEqual({ message: 'Đã xóa tài khoản' });

    expect(await db().select().from(users).where(eq(users.id, leaving.uid))).toHaveLength(0);
    expect(await db().select().from(bookmarks).where(eq(bookmarks.userId, leaving.uid))).toHaveLength(0);
    expect(await db().select().from(readingHistory).where(eq(readingHistory.userId, leaving.uid))).toHaveLength(0);
    expect(await db().select().from(reviewLikes).where(eq(reviewLikes.userId, leaving.uid))).toHaveLength(0);
    const [review] = await db().select().from(reviews).where(eq(reviews.id, leavingReview.id));
    expect(review).toMatchObject({ userId: null, content: 'Được' });
    const [comment] = await db().select().from(comments).where(eq(comments.id, leavingComment.id));
    expect(comment).toMatchObject({ userId: null, content: 'Chào' });
    const [liked] = await db().select().from(reviews).where(eq(reviews.id, stayingReview.id));
    expect(liked.likeCount).toBe(0);
    const [counted] = await db().select().from(stories).where(eq(stories.id, story.id));
    expect(counted.bookmarkCount).toBe(1);
    await expect(adminAuth().getUser(leaving.uid)).rejects.toMatchObject({ code: 'auth/user-not-found' });

    expect(await db().select().from(bookmarks).where(eq(bookmarks.userId, staying.uid))).toHaveLength(1);
    expect((await callApi(meHandler, { token: staying.token })).status).toBe(200);
  });
});
