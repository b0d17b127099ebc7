import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Story, StoryCard } from '@/lib/types';
import type { Database } from '../db/client';
import { genres, stories, storyGenres } from '../db/schema';

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

/** A visible story by slug (hidden stories do not exist for readers). */
export async function findVisibleStory(database: Database, slug: string): Promise<StoryRow | undefined> {
  const [row] = await database
    .select()
    .from(stories)
    .where(and(eq(stories.slug, slug), eq(stories.hidden, false)))
    .limit(1);
  return row;
}
