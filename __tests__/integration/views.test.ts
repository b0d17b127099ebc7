import { eq, sql } from 'drizzle-orm';
import { db } from '@/server/db/client';
import { stories, storyViewsDaily } from '@/server/db/schema';
import { readChapter, type ChapterRef } from '@/server/services/chapters';
import { topStories } from '@/server/services/rankings';
import { loadEmbeddedChapter } from '@/server/services/embedding';
import { flushViews, refreshViewWindows, writeViews } from '@/server/services/views';
import { daysBefore, viewDay } from '@/server/services/views/windows';
import { insertStory, resetDatabase } from '../helpers/db';

const loadEmbedded = (ref: ChapterRef) => loadEmbeddedChapter(db(), ref);

// 2026-11-23 12:00 in Vietnam.
const NOON = Date.parse('2026-11-23T05:00:00Z');
const TODAY = viewDay(NOON);

async function bucket(storyId: number, daysAgo: number, views: number) {
  await db().insert(storyViewsDaily).values({ storyId, day: daysBefore(TODAY, daysAgo), views });
}

async function figures(storyId: number) {
  const [row] = await db()
    .select({ day: stories.viewsDay, week: stories.viewsWeek, month: stories.viewsMonth, total: stories.viewsTotal })
    .from(stories)
    .where(eq(stories.id, storyId));
  return row;
}

describe('views and ranking windows', () => {
  beforeEach(() => resetDatabase());

  it('ranks the day, the week and the month from real windows', async () => {
    const fresh = await insertStory({ title: 'Truyện Mới Nổi' });
    const steady = await insertStory({ title: 'Truyện Đều Đặn' });
    const old = await insertStory({ title: 'Truyện Ngày Xưa' });
    await bucket(fresh.id, 0, 300);
    for (let day = 0; day < 30; day++) await bucket(steady.id, day, 50);
    await bucket(old.id, 20, 5_000);
    await bucket(old.id, 45, 90_000);

    await refreshViewWindows(db(), NOON);

    expect(await figures(fresh.id)).toMatchObject({ day: 300, week: 300, month: 300 });
    // Today, and half of yesterday (noon to noon); 7 days plus half of the 8th; 30 plus half.
    expect(await figures(steady.id)).toMatchObject({ day: 75, week: 375, month: 1_500 });
    expect(await figures(old.id)).toMatchObject({ day: 0, week: 0, month: 5_000 });

    const ids = async (sort: 'view_day' | 'view_week' | 'view_month') =>
      (await topStories(db(), sort, 0, 10)).results.map((card) => card.title);
    expect(await ids('view_day')).toEqual(['Truyện Mới Nổi', 'Truyện Đều Đặn', 'Truyện Ngày Xưa']);
    expect(await ids('view_week')).toEqual(['Truyện Đều Đặn', 'Truyện Mới Nổi', 'Truyện Ngày Xưa']);
    expect(await ids('view_month')).toEqual(['Truyện Ngày Xưa', 'Truyện Đều Đặn', 'Truyện Mới Nổi']);

    // A day later the fresh story's burst has left the day window.
    await refreshViewWindows(db(), NOON + 86_400_000 * 1.5);
    expect((await figures(fresh.id)).day).toBe(0);
  });

  it('writes a batch of views to the day’s bucket and the total in one statement, concurrently', async () => {
    const a = await insertStory({ title: 'Truyện A' });
    const b = await insertStory({ title: 'Truyện B' });
    const batches = Array.from({ length: 20 }, (_, i) =>
      writeViews(db(), new Map([[a.id, 3], [b.id, i % 2 === 0 ? 1 : 2]]), NOON),
    );
    await Promise.all(batches);
    const rows = await db().select().from(storyViewsDaily).orderBy(storyViewsDaily.storyId);
    expect(rows.map(({ storyId, day, views }) => ({ storyId, day, views }))).toEqual([
      { storyId: a.id, day: TODAY, views: 60 },
      { storyId: b.id, day: TODAY, views: 30 },
    ]);
    expect((await figures(a.id)).total).toBe(60);
    expect((await figures(b.id)).total).toBe(30);
  });

  it('skips a story removed before its views were written', async () => {
    const kept = await insertStory({ title: 'Truyện Còn' });
    await writeViews(db(), new Map([[kept.id, 2], [999_999, 5]]), NOON);
    expect((await figures(kept.id)).total).toBe(2);
  });

  it('counts a chapter read without touching the story row on the read itself', async () => {
    const story = await insertStory({ title: 'Truyện Được Đọc' });
    for (let i = 0; i < 5; i++) await readChapter(db(), { storyId: story.id, index: 1 }, false, { loadEmbedded });
    expect((await figures(story.id)).total).toBe(0);
    await flushViews();
    expect((await figures(story.id)).total).toBe(5);
    const [{ views }] = await db().execute<{ views: number }>(sql`select sum(views)::int as views from story_views_daily`).then((r) => r.rows);
    expect(views).toBe(5);
  });
});
