import { eq, sql } from 'drizzle-orm';
import storyBySlugHandler from '@/pages/api/book/slug/[slug]';
import bookmarkHandler from '@/pages/api/user/web/bookmark';
import bookmarksHandler from '@/pages/api/user/web/bookmarks';
import storiesHandler from '@/pages/api/admin/stories';
import { getStaticProps as storyProps } from '@/pages/[storyslug]/index';
import { storyJsonLd } from '@/lib/seo';
import type { Bookmark, Paged, Story } from '@/lib/types';
import { db } from '@/server/db/client';
import { bookmarks, embeddedSources, stories } from '@/server/db/schema';
import type { AdminStory } from '@/server/services/admin/stories';
import { relatedStories } from '@/server/services/catalogue';
import { storiesSitemap } from '@/server/services/sitemap';
import type { StoryPageData } from '@/server/services/story';
import { listVipStories } from '@/server/services/vipChapters';
import { callApi } from '../helpers/api';
import { createOperator } from '../helpers/admin';
import { createTestUser, type TestIdentity } from '../helpers/auth';
import { insertGenre, insertStory, resetDatabase } from '../helpers/db';

/**
 * Several stories with their own genres, newest chapters, VIP chapters and followers, whose ids do
 * not line up with their genres' ids: every list and flag beside a story must be that
 * story's own.
 */

type Fixture = { slug: string; genres: string[]; chapters: number; vipFrom?: number; embedded?: boolean; followed?: boolean };

const GENRES = ['Tiên Hiệp', 'Kiếm Hiệp', 'Ngôn Tình', 'Đô Thị', 'Lịch Sử', 'Trọng Sinh', 'Mạt Thế', 'Xuyên Không'];
const FIXTURES: Fixture[] = [
  { slug: 'xuyen-thanh-tuong-quan', genres: ['Lịch Sử', 'Trọng Sinh'], chapters: 7, vipFrom: 6, embedded: true, followed: true },
  { slug: 'mat-the-doc-hanh-gia', genres: ['Mạt Thế', 'Xuyên Không'], chapters: 4, embedded: true, followed: false },
  { slug: 'kiem-lai', genres: ['Tiên Hiệp', 'Kiếm Hiệp'], chapters: 12, vipFrom: 10 },
  { slug: 'do-thi-tu-tien', genres: ['Tiên Hiệp', 'Đô Thị'], chapters: 2 },
  { slug: 'khong-the-loai', genres: [], chapters: 1 },
];

let reader: TestIdentity;
let operator: TestIdentity;
const idOf = new Map<string, number>();

beforeAll(async () => {
  await resetDatabase();
  [reader, operator] = await Promise.all([createTestUser('correlated'), createOperator('correlated-op')]);
  const genreIds = new Map<string, number>();
  // Genres in an order of their own, so position and id disagree too.
  for (const [i, name] of [...GENRES].reverse().entries()) genreIds.set(name, (await insertGenre(name, GENRES.length - i)).id);
  for (const fixture of FIXTURES) {
    const story = await insertStory({ title: fixture.slug, slug: fixture.slug, chapters: fixture.chapters, vipFrom: fixture.vipFrom, genreIds: fixture.genres.map((name) => genreIds.get(name)!) });
    idOf.set(fixture.slug, story.id);
    if (fixture.embedded) {
      await db().update(stories).set({ origin: 'embedded' }).where(eq(stories.id, story.id));
      await db().insert(embeddedSources).values({ storyId: story.id, site: '69shuba', sourceUrl: `https://www.69shuba.com/book/${story.id}.htm` });
    }
  }
  // Chapter titles that name their story, so a newest chapter from another story shows.
  await db().execute(sql`update chapters set title = 'Chương ' || chapters.index || ' của ' || stories.slug from stories where stories.id = chapters.story_id`);
  for (const fixture of FIXTURES) {
    await callApi(bookmarkHandler, { method: 'POST', token: reader.token, body: { _id: String(idOf.get(fixture.slug)), save: true } });
    if (fixture.followed) await db().update(bookmarks).set({ follow: true }).where(eq(bookmarks.storyId, idOf.get(fixture.slug)!));
  }
});

it('seeds ids that do not line up across stories and genres', async () => {
  const { rows } = await db().execute<{ story: number; genre: number }>(sql`select (select min(id) from stories) as story, (select min(id) from genres) as genre`);
  expect(Number(rows[0].story)).not.toBe(Number(rows[0].genre));
});

describe.each(FIXTURES)('$slug', (fixture) => {
  const latestTitle = `Chương ${fixture.chapters} của ${fixture.slug}`;

  it('has exactly its own genres and newest chapter through the story API', async () => {
    const { status, body } = await callApi<{ results: Story[] }>(storyBySlugHandler, { params: { slug: fixture.slug } });
    expect(status).toBe(200);
    const [story] = body.results;
    expect(story.genres.map((genre) => genre.name)).toEqual(GENRES.filter((name) => fixture.genres.includes(name)));
    expect(story.latestChapter).toMatchObject({ index: fixture.chapters, title: latestTitle });
  });

  it('has exactly its own genres on the rendered page and in its structured data', async () => {
    const result = (await storyProps({ params: { storyslug: fixture.slug } })) as { props: StoryPageData };
    const { story } = result.props;
    const own = GENRES.filter((name) => fixture.genres.includes(name));
    expect(story.genres.map((genre) => genre.name)).toEqual(own);
    expect(story.latestChapter?.title).toBe(latestTitle);
    expect(storyJsonLd(story, '').genre).toEqual(own);
  });

  it('has its own genres in the cabinet', async () => {
    const { body } = await callApi<{ message: Bookmark[] }>(bookmarksHandler, { token: reader.token });
    const entry = body.message.find((item) => item._id === String(idOf.get(fixture.slug)));
    expect(entry?.story?.genres.map((genre) => genre.name)).toEqual(GENRES.filter((name) => fixture.genres.includes(name)));
  });
});

it('shows the console\'s "followed" flag of each embedded story', async () => {
  const { status, body } = await callApi<Paged<AdminStory>>(storiesHandler, { token: operator.token, params: { origin: 'embedded' } });
  expect(status).toBe(200);
  const following = Object.fromEntries(body.results.map((story) => [story.slug, story.source?.following]));
  expect(following).toEqual({ 'xuyen-thanh-tuong-quan': true, 'mat-the-doc-hanh-gia': false });
});

it('counts each story\'s own VIP chapters', async () => {
  const vip = await listVipStories(db());
  expect(Object.fromEntries(vip.map((story) => [story.slug, [story.firstVipChapter, story.vipChapters]]))).toEqual({
    'xuyen-thanh-tuong-quan': [6, 2],
    'kiem-lai': [10, 3],
  });
});

it('relates stories by their own shared genres', async () => {
  // All fixtures share one author; with another author, only genres relate them.
  await db().update(stories).set({ searchAuthor: sql`${stories.slug}` });
  const slugs = async (slug: string) => (await relatedStories(db(), idOf.get(slug)!)).map((story) => story.slug);
  expect(await slugs('do-thi-tu-tien')).toEqual(['kiem-lai']);
  expect(await slugs('kiem-lai')).toEqual(['do-thi-tu-tien']);
  expect(await slugs('mat-the-doc-hanh-gia')).toEqual([]);
});

it('dates each story in the sitemap by its own newest chapter', async () => {
  const at = (day: number) => new Date(Date.UTC(2026, 0, day));
  for (const [i, fixture] of FIXTURES.entries()) {
    await db().update(stories).set({ updatedAt: at(1), latestChapterAt: at(10 + i), indexable: true }).where(eq(stories.id, idOf.get(fixture.slug)!));
  }
  const xml = (await storiesSitemap(db(), 1))!;
  for (const [i, fixture] of FIXTURES.entries()) {
    expect(xml).toContain(`/${fixture.slug}</loc><lastmod>${at(10 + i).toISOString()}`);
  }
});
