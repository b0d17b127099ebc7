import handler from '@/pages/api/user/stats';
import type { ListeningStats } from '@/lib/listeningStats';
import { db } from '@/server/db/client';
import type { AuthUser } from '@/server/auth/requireUser';
import { readingHistory } from '@/server/db/schema';
import { HISTORY_ROWS_KEPT, recordHistory } from '@/server/services/history';
import { callApi } from '../helpers/api';
import { createTestUser, type TestIdentity } from '../helpers/auth';
import { insertStory, resetDatabase } from '../helpers/db';

let reader: TestIdentity;
let other: TestIdentity;
const MINUTE = 60_000;
const authUser = (identity: TestIdentity): AuthUser => ({ uid: identity.uid, email: identity.email, emailVerified: true, name: null, picture: null, authTime: 0 }) as AuthUser;

beforeAll(async () => {
  await resetDatabase();
  [reader, other] = await Promise.all([createTestUser('stats-a'), createTestUser('stats-b')]);
  await insertStory({ title: 'Truyện Đệm', chapters: 1 });
  const first = await insertStory({ title: 'Kiếm Đạo Độc Tôn', chapters: 5 });
  const second = await insertStory({ title: 'Toàn Chức Pháp Sư', chapters: 3 });
  await db().execute(`update chapters set word_count = 1800`);
  const now = Date.now();
  const start = now - 3 * 60 * MINUTE;
  for (const [story, chapter, at] of [
    [first.id, 1, start],
    [first.id, 2, start + 15 * MINUTE],
    [first.id, 3, start + 25 * MINUTE],
    [second.id, 1, start + 2 * 60 * MINUTE],
  ] as const) {
    await recordHistory(db(), authUser(reader), { truyenId: String(story), chapter, audio_time: 1 }, at);
  }
  await recordHistory(db(), authUser(other), { truyenId: String(second.id), chapter: 2, audio_time: 1 }, start);
});

describe('GET /api/user/stats', () => {
  it('needs a signed-in reader', async () => {
    expect((await callApi(handler, {})).status).toBe(401);
  });

  it('gives the reader’s own minutes per day and per story from their history', async () => {
    const { status, body } = await callApi<{ message: ListeningStats }>(handler, { token: reader.token });
    expect(status).toBe(200);
    expect(body.message.days).toHaveLength(84);
    // 15 + 10 minutes between chapters, then 10 for the third (1,800 words at 180 a minute); 10 for the other story.
    expect(body.message.stories.map(({ title, minutes, chapters }) => ({ title, minutes, chapters }))).toEqual([
      { title: 'Kiếm Đạo Độc Tôn', minutes: 35, chapters: 3 },
      { title: 'Toàn Chức Pháp Sư', minutes: 10, chapters: 1 },
    ]);
    expect(body.message.totalMinutes).toBe(45);
    // Four visits: the history holds everything, and the whole window counts.
    expect(body.message.historyFrom).toBeNull();

    const theirs = await callApi<{ message: ListeningStats }>(handler, { token: other.token });
    expect(theirs.body.message.stories).toEqual([expect.objectContaining({ title: 'Toàn Chức Pháp Sư', chapters: 1 })]);
  });

  it('says from when a full history counts: a reader of 20 chapters a day keeps 25 days of visits', async () => {
    const heavy = await createTestUser('stats-heavy');
    const story = await insertStory({ title: 'Truyện Đọc Nhiều', chapters: 1 });
    const now = Date.now();
    const day = 24 * 60 * MINUTE;
    const rows = Array.from({ length: HISTORY_ROWS_KEPT }, (_, i) => ({ userId: heavy.uid, storyId: story.id, chapter: 1, audioTime: 1, time: now - Math.floor(i / 20) * day - (i % 20) * MINUTE }));
    // The reader's first write makes their row; that visit, far outside the window, is then gone.
    await recordHistory(db(), authUser(heavy), { truyenId: String(story.id), chapter: 1, audio_time: 1 }, now - 200 * day);
    await db().insert(readingHistory).values(rows);
    await db().execute(`delete from reading_history where user_id = '${heavy.uid}' and time < ${now - 100 * day}`);
    const { body } = await callApi<{ message: ListeningStats }>(handler, { token: heavy.token });
    const oldest = Math.min(...rows.map((row) => row.time));
    expect(body.message.historyFrom).toBe(new Date(oldest + 7 * 60 * MINUTE).toISOString().slice(0, 10));
    expect(body.message.days.findIndex((entry) => entry.minutes > 0)).toBe(body.message.days.findIndex((entry) => entry.date === body.message.historyFrom));
  });
});
