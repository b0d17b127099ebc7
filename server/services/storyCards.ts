import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Story, StoryCard } from '@/lib/types';
import type { Database } from '../db/client';
import { perDatabase } from '../db/prepared';
import { subquery } from '../db/subquery';
import { chapters, genres, stories, storyGenres } from '../db/schema';

export type StoryRow = typeof stories.$inferSelect;
type GenreRef = { _id: string; name: string };

/** Genres of many stories in one query, keyed by story id. */
export async function genresOf(database: Database, storyIds: number[]): Promise<Map<number, GenreRef[]>> {
  const byStory = new Map<number, GenreRef[]>();
  if (storyIds.length === 0) return byStory;
  const rows = await database
    .select({ storyId: storyGenres.storyId, id: genres.id, name: genres.name })
    .from(storyGenres)
    .innerJoin(genres, eq(genres.id, storyGenres.genreId))
    .where(inArray(storyGenres.storyId, storyIds))
    .orderBy(asc(genres.position));
  for (const row of rows) {
    const list = byStory.get(row.storyId) ?? [];
    list.push({ _id: String(row.id), name: row.name });
    byStory.set(row.storyId, list);
  }
  return byStory;
}

export function toStoryCard(row: StoryRow, storyGenresList: GenreRef[] = []): StoryCard {
  return {
    _id: String(row.id),
    slug: row.slug,
    title: row.title,
    author: row.author,
    cover: row.cover,
    status: row.status,
    chapters: row.chapterCount,
    genres: storyGenresList,
    updatedAt: row.updatedAt.getTime(),
  };
}

export function toStory(row: StoryRow, storyGenresList: GenreRef[], latestChapter: Story['latestChapter']): Story {
  return {
    ...toStoryCard(row, storyGenresList),
    description: row.description,
    latestChapter,
    views: row.viewsTotal,
    rating: { avg: Math.round(row.ratingAvg * 10) / 10, count: row.ratingCount },
    bookmarks: row.bookmarkCount,
    origin: row.origin,
  };
}

/** Story rows to cards, keeping their order, with genres loaded in one query. */
export async function toStoryCards(database: Database, rows: StoryRow[]): Promise<StoryCard[]> {
  const byStory = await genresOf(database, rows.map((row) => row.id));
  return rows.map((row) => toStoryCard(row, byStory.get(row.id)));
}

const visibleStoryBySlug = perDatabase((database) =>
  database
    .select()
    .from(stories)
    .where(and(eq(stories.slug, sql.placeholder('slug')), eq(stories.hidden, false)))
    .limit(1)
    .prepare('visible_story_by_slug'),
);

/** A visible story by slug (hidden stories do not exist for readers). */
export async function findVisibleStory(database: Database, slug: string): Promise<StoryRow | undefined> {
  const [row] = await visibleStoryBySlug(database).execute({ slug });
  return row;
}

/** The newest chapter as the statement below reads it: the time in epoch milliseconds. */
type LatestChapter = { index: number; title: string; time: number } | null;

/** A story's genres as `toStoryCard` takes them, selected beside the story's row. */
export function genresJson(): SQL<GenreRef[]> {
  const ofStory = subquery(sql`
    select json_agg(json_build_object('_id', ${genres.id}::text, 'name', ${genres.name}) order by ${genres.position})
    from ${storyGenres} inner join ${genres} on ${genres.id} = ${storyGenres.genreId}
    where ${storyGenres.storyId} = ${stories.id}`);
  return sql<GenreRef[]>`coalesce(${ofStory}, '[]'::json)`;
}

/** A story's newest chapter as `LatestChapter`, selected beside the story's row. */
function latestChapterJson(): SQL<LatestChapter> {
  return subquery<LatestChapter>(sql`
    select json_build_object('index', ${chapters.index}, 'title', ${chapters.title},
      'time', floor(extract(epoch from ${chapters.createdAt}) * 1000)::bigint)
    from ${chapters} where ${chapters.storyId} = ${stories.id}
    order by ${chapters.index} desc limit 1`);
}

const visibleStoryDetails = perDatabase((database) =>
  database
    .select({
      story: stories,
      genres: genresJson(),
      latest: latestChapterJson(),
    })
    .from(stories)
    .where(and(eq(stories.slug, sql.placeholder('slug')), eq(stories.hidden, false)))
    .limit(1)
    .prepare('visible_story_details'),
);

/**
 * A visible story by slug with its genres and newest chapter, in one statement; the row too, for
 * what a page needs beyond the API's story.
 */
export async function findVisibleStoryDetails(database: Database, slug: string): Promise<{ row: StoryRow; story: Story } | undefined> {
  const [found] = await visibleStoryDetails(database).execute({ slug });
  if (!found) return undefined;
  const latest = found.latest ? { index: found.latest.index, title: found.latest.title, time: Number(found.latest.time) } : null;
  return { row: found.story, story: toStory(found.story, found.genres, latest) };
}
