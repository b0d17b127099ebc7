import { and, eq } from 'drizzle-orm';
import asyncBookmarkHandler from '@/pages/api/user/web/async_bookmark';
import bookmarkHandler from '@/pages/api/user/web/bookmark';
import bookmarksHandler from '@/pages/api/user/web/bookmarks';
import lichsuHandler from '@/pages/api/user/web/lichsu';
import { HISTORY_ROWS_KEPT } from '@/server/services/history';
import { db } from '@/server/db/client';
import { bookmarks, readingHistory, stories, users } from '@/server/db/schema';
import type { Bookmark } from '@/lib/types';
import { callApi } from '../helpers/api';
import { createTestUser, type TestIdentity } from '../helpers/auth';
import { insertStory, resetDatabase } from '../helpers/db';

type Listed = { message: Bookmark[] };

let reader: TestIdentity;
let other: TestIdentity;
let ids: string[];

const list = async (who: TestIdentity) => (await callApi<Listed>(bookmarksHandler, { token: who.token })).body.message;
const merge = (who: TestIdentity, data: unknown[]) => callApi<Listed>(asyncBookmarkHandler, { method: 'POST', token: who.token, body: { data } });
const summary = (items: Bookmark[]) => items.map(({ _id, chapter, save, time }) => ({ _id, chapter, save, time })).sort((a, b) => a._id.localeCompare(b._id));

beforeAll(async () => {
  await resetDatabase();
  [reader, other] = await Promise.all([createTestUser('cabinet'), createTestUser('other')]);
  const rows = [];
  for (const title of ['Truyện Một', 'Truyện Hai', 'Truyện Ba']) rows.push(await insertStory({ title, chapters: 20 }));
  rows.push(await insertStory({ title: 'Truyện Ẩn', chapters: 5, hidden: true }));
  ids = rows.map((row) => String(row.id));
});

describe('POST /api/user/web/async_bookmark', () => {
  it('stores local readings as unsaved entries with their story card', async () => {
    const { status, body } = await merge(reader, [
      { _id: ids[0], chapter: 3, save: false, time: 1_000 },
      { _id: ids[1], chapter: 7, save: false, time: 2_000 },
    ]);
    expect(status).toBe(200);
    expect(summary(body.message)).toEqual(summary([
      { _id: ids[0], chapter: 3, save: false, time: 1_000 },
      { _id: ids[1], chapter: 7, save: false, time: 2_000 },
    ]));
    expect(body.message[0]).toMatchObject({ _id: ids[1], story: { _id: ids[1], slug: 'truyen-hai', title: 'Truyện Hai' } });
  });

  it('per story the later time wins; older data changes nothing; nothing is lost', async () => {
    await callApi(bookmarkHandler, { method: 'POST', token: reader.token, body: { _id: ids[1], save: true } });
    const { body } = await merge(reader, [
      { _id: ids[0], chapter: 9, save: false, time: 5_000 },
      { _id: ids[1], chapter: 2, save: false, time: 500 },
      { _id: ids[2], chapter: 4, save: false, time: 3_000 },
    ]);
    expect(summary(body.message)).toEqual(summary([
      { _id: ids[0], chapter: 9, save: false, time: 5_000 },
      { _id: ids[1], chapter: 7, save: true, time: 2_000 },
      { _id: ids[2], chapter: 4, save: false, time: 3_000 },
    ]));
  });

  it('is idempotent, collapses duplicates and skips unknown or hidden stories', async () => {
    const before = summary(await list(reader));
    const again = await merge(reader, [
      { _id: ids[0], chapter: 9, save: false, time: 5_000 },
      { _id: ids[0], chapter: 1, save: false, time: 100 },
      { _id: '999999', chapter: 1, save: false, time: 9_000 },
      { _id: ids[3], chapter: 1, save: false, time: 9_000 },
      { _id: 'not-an-id', chapter: 1, save: false, time: 9_000 },
    ]);
    expect(again.status).toBe(200);
    expect(summary(again.body.message)).toEqual(before);
    expect(summary((await merge(reader, [])).body.message)).toEqual(before);
  });

  it('never lets a future time pin an entry', async () => {
    const { body } = await merge(reader, [{ _id: ids[2], chapter: 15, save: false, time: Date.now() + 10 * 365 * 86_400_000 }]);
    const entry = body.message.find((item) => item._id === ids[2])!;
    expect(entry.chapter).toBe(15);
    expect(entry.time).toBeLessThanOrEqual(Date.now());
  });

  it('refuses a body without a data array', async () => {
    expect((await callApi(asyncBookmarkHandler, { method: 'POST', token: reader.token, body: { data: 'x' } })).status).toBe(400);
  });
});

describe('POST and DELETE /api/user/web/bookmark', () => {
  it('saves and unsaves a story, keeping its progress and the story\'s count', async () => {
    const saved = await callApi<{ message: Bookmark }>(bookmarkHandler, { method: 'POST', token: reader.token, body: { _id: ids[0], save: true, chapter: 1, time: 10 } });
    expect(saved.status).toBe(200);
    expect(saved.body.message).toMatchObject({ _id: ids[0], save: true, chapter: 9 });
    const count = async () => (await db().select().from(stories).where(eq(stories.id, Number(ids[0]))))[0].bookmarkCount;
    expect(await count()).toBe(1);
    await callApi(bookmarkHandler, { method: 'POST', token: reader.token, body: { _id: ids[0], save: true } });
    expect(await count()).toBe(1);
    const unsaved = await callApi<{ message: Bookmark }>(bookmarkHandler, { method: 'POST', token: reader.token, body: { _id: ids[0], save: false } });
    expect(unsaved.body.message).toMatchObject({ save: false, chapter: 9 });
    expect(await count()).toBe(0);
  });

  it('a new reader\'s first save creates their profile and answers the story card', async () => {
    const newcomer = await createTestUser('lan-dau');
    const { status, body } = await callApi<{ message: Bookmark }>(bookmarkHandler, { method: 'POST', token: newcomer.token, body: { _id: ids[1], save: true, chapter: 3 } });
    expect(status).toBe(200);
    expect(body.message).toMatchObject({ _id: ids[1], save: true, chapter: 3, newChapters: 0, story: { _id: ids[1], slug: 'truyen-hai', title: 'Truyện Hai', chapters: 20 } });
    expect(Array.isArray(body.message.story?.genres)).toBe(true);
    const [profile] = await db().select().from(users).where(eq(users.id, newcomer.uid));
    expect(profile).toMatchObject({ email: newcomer.email, username: newcomer.email.split('@')[0] });
  });

  it('keeps the story\'s count equal to its saved entries when readers save and unsave at once', async () => {
    const readers = await Promise.all(Array.from({ length: 6 }, (_, i) => createTestUser(`dong-thoi-${i}`)));
    const [story] = [ids[2]];
    const countOf = async () => (await db().select().from(stories).where(eq(stories.id, Number(story))))[0].bookmarkCount;
    const before = await countOf();
    // Each reader sends the same save twice and an unsave/save pair at once, in every order.
    const requests = readers.flatMap((who, i) =>
      [true, true, i % 2 === 0, true].map((save) => callApi(bookmarkHandler, { method: 'POST', token: who.token, body: { _id: story, save, chapter: 2 } })),
    );
    const answers = await Promise.all(requests);
    expect(answers.map((answer) => answer.status)).toEqual(requests.map(() => 200));
    const savedRows = await db()
      .select()
      .from(bookmarks)
      .where(and(eq(bookmarks.storyId, Number(story)), eq(bookmarks.save, true)));
    const savedBefore = savedRows.filter((row) => !readers.some((who) => who.uid === row.userId)).length;
    expect(await countOf()).toBe(before + savedRows.length - savedBefore);
  });

  it('answers 404 for an unknown or hidden story and 400 for a bad body', async () => {
    for (const _id of ['999999', ids[3], 'abc']) {
      expect((await callApi(bookmarkHandler, { method: 'POST', token: reader.token, body: { _id, save: true } })).status).toBe(404);
    }
    expect((await callApi(bookmarkHandler, { method: 'POST', token: reader.token, body: { _id: ids[0] } })).status).toBe(400);
  });

  it('DELETE forgets a story for this reader only', async () => {
    await merge(other, [{ _id: ids[2], chapter: 2, save: false, time: 1 }]);
    const { status } = await callApi(bookmarkHandler, { method: 'DELETE', token: reader.token, body: { _id: ids[2] } });
    expect(status).toBe(200);
    expect((await list(reader)).map((item) => item._id)).not.toContain(ids[2]);
    expect((await list(other)).map((item) => item._id)).toEqual([ids[2]]);
  });
});

describe('POST /api/user/web/lichsu', () => {
  it('records a history row and moves the story\'s progress to now', async () => {
    const before = Date.now();
    const { status, body } = await callApi(lichsuHandler, { method: 'POST', token: reader.token, body: { chapter: 12, truyenId: ids[1], audio_time: 1 } });
    expect(status).toBe(200);
    expect(body).toEqual({ message: 'ok' });
    const entry = (await list(reader)).find((item) => item._id === ids[1])!;
    expect(entry).toMatchObject({ chapter: 12, save: true });
    expect(entry.time).toBeGreaterThanOrEqual(before);
    const rows = await db().select().from(readingHistory).where(and(eq(readingHistory.userId, reader.uid), eq(readingHistory.storyId, Number(ids[1]))));
    expect(rows.map((row) => [row.chapter, row.audioTime])).toEqual([[12, 1]]);
  });

  it('refuses a missing payload and an unknown story', async () => {
    expect((await callApi(lichsuHandler, { method: 'POST', token: reader.token, body: {} })).status).toBe(400);
    expect((await callApi(lichsuHandler, { method: 'POST', token: reader.token, body: { chapter: 0, truyenId: ids[1] } })).status).toBe(400);
    expect((await callApi(lichsuHandler, { method: 'POST', token: reader.token, body: { chapter: 1, truyenId: '999999' } })).status).toBe(404);
  });

  it('keeps a reader\'s newest history rows and drops the oldest beyond the limit', async () => {
    const keeper = await createTestUser('lich-su-dai');
    await callApi(lichsuHandler, { method: 'POST', token: keeper.token, body: { chapter: 1, truyenId: ids[0], audio_time: 1 } });
    await db()
      .insert(readingHistory)
      .values(Array.from({ length: HISTORY_ROWS_KEPT }, (_, i) => ({ userId: keeper.uid, storyId: Number(ids[0]), chapter: 1, time: 1_000 + i })));
    const { status } = await callApi(lichsuHandler, { method: 'POST', token: keeper.token, body: { chapter: 2, truyenId: ids[0], audio_time: 1 } });
    expect(status).toBe(200);
    const rows = await db().select().from(readingHistory).where(eq(readingHistory.userId, keeper.uid));
    expect(rows).toHaveLength(HISTORY_ROWS_KEPT);
    const times = rows.map((row) => row.time).sort((a, b) => a - b);
    // The two oldest (inserted with times 1000 and 1001) went; the reading just recorded stayed.
    expect(times[0]).toBe(1_002);
    expect(rows.some((row) => row.chapter === 2)).toBe(true);
  });
});

describe('another reader\'s data is untouchable', () => {
  it('each reader sees and changes only their own entries', async () => {
    const mine = summary(await list(reader));
    await merge(other, [{ _id: ids[0], chapter: 20, save: true, time: Date.now() }]);
    await callApi(lichsuHandler, { method: 'POST', token: other.token, body: { chapter: 19, truyenId: ids[1] } });
    await callApi(bookmarkHandler, { method: 'DELETE', token: other.token, body: { _id: ids[1] } });
    expect(summary(await list(reader))).toEqual(mine);
    expect((await list(other)).map((item) => item._id).sort()).toEqual([ids[0], ids[2]].sort());
  });
});
