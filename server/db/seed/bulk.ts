import { sql } from 'drizzle-orm';
import type { Database } from '../client';
import { arrayParam } from '../params';
import type { StoryStats } from './stats';

export { arrayParam };

/** The database or an open transaction: anything that runs a statement. */
export type Executor = Pick<Database, 'execute'>;


export function isoDates(dates: readonly Date[]): string[] {
  return dates.map((date) => date.toISOString());
}

export interface StoryRow extends StoryStats {
  slug: string;
  title: string;
  author: string;
  description: string;
  status: 'ongoing' | 'completed';
  chapterCount: number;
  wordCount: number;
  searchTitle: string;
  searchAuthor: string;
  createdAt: Date;
  latestChapterAt: Date;
}

/**
 * Inserts stories in one statement and returns their ids by slug. Slugs already taken are
 * skipped (ON CONFLICT DO NOTHING) and missing from the result.
 */
export async function insertStories(executor: Executor, rows: readonly StoryRow[]): Promise<Map<string, number>> {
  const column = <K extends keyof StoryRow>(key: K) => rows.map((row) => row[key]);
  const result = await executor.execute(sql`
    INSERT INTO stories (slug, title, author, description, status, chapter_count, word_count, views_total, views_day,
      views_week, views_month, rating_avg, rating_count, bookmark_count, search_title, search_author,
      created_at, updated_at, latest_chapter_at)
    SELECT slug, title, author, description, status, chapter_count, word_count, views_total, views_day,
      views_week, views_month, rating_avg, rating_count, bookmark_count, search_title, search_author,
      created_at, latest_chapter_at, latest_chapter_at
    FROM unnest(${arrayParam(column('slug'), 'text')}, ${arrayParam(column('title'), 'text')},
      ${arrayParam(column('author'), 'text')}, ${arrayParam(column('description'), 'text')},
      ${arrayParam(column('status'), 'text')}, ${arrayParam(column('chapterCount'), 'int')},
      ${arrayParam(column('wordCount'), 'bigint')}, ${arrayParam(column('viewsTotal'), 'bigint')},
      ${arrayParam(column('viewsDay'), 'int')}, ${arrayParam(column('viewsWeek'), 'int')},
      ${arrayParam(column('viewsMonth'), 'int')}, ${arrayParam(column('ratingAvg'), 'real')},
      ${arrayParam(column('ratingCount'), 'int')}, ${arrayParam(column('bookmarkCount'), 'int')},
      ${arrayParam(column('searchTitle'), 'text')}, ${arrayParam(column('searchAuthor'), 'text')},
      ${arrayParam(isoDates(column('createdAt')), 'timestamptz')},
      ${arrayParam(isoDates(column('latestChapterAt')), 'timestamptz')})
      AS s(slug, title, author, description, status, chapter_count, word_count, views_total, views_day,
        views_week, views_month, rating_avg, rating_count, bookmark_count, search_title, search_author,
        created_at, latest_chapter_at)
    ON CONFLICT (slug) DO NOTHING
    RETURNING id, slug`);
  return new Map(result.rows.map((row) => [String(row.slug), Number(row.id)]));
}

export async function insertStoryGenres(executor: Executor, pairs: readonly (readonly [number, number])[]): Promise<void> {
  if (pairs.length === 0) return;
  await executor.execute(sql`
    INSERT INTO story_genres (story_id, genre_id)
    SELECT * FROM unnest(${arrayParam(pairs.map(([story]) => story), 'int')}, ${arrayParam(pairs.map(([, genre]) => genre), 'int')})
    ON CONFLICT DO NOTHING`);
}

export interface ChapterInsert {
  storyId: number;
  index: number;
  title: string;
  content: string;
  wordCount: number;
  vip: boolean;
  createdAt: Date;
}

export async function insertChapters(executor: Executor, rows: readonly ChapterInsert[]): Promise<void> {
  if (rows.length === 0) return;
  const column = <K extends keyof ChapterInsert>(key: K) => rows.map((row) => row[key]);
  await executor.execute(sql`
    INSERT INTO chapters (story_id, index, title, content, word_count, vip, created_at, updated_at)
    SELECT story_id, index, title, content, word_count, vip, created_at, created_at
    FROM unnest(${arrayParam(column('storyId'), 'int')}, ${arrayParam(column('index'), 'int')},
      ${arrayParam(column('title'), 'text')}, ${arrayParam(column('content'), 'text')},
      ${arrayParam(column('wordCount'), 'int')}, ${arrayParam(column('vip'), 'boolean')},
      ${arrayParam(isoDates(column('createdAt')), 'timestamptz')})
      AS c(story_id, index, title, content, word_count, vip, created_at)`);
}

/** Genre ids by name, for linking stories. */
export async function genreIds(executor: Executor): Promise<Map<string, number>> {
  const result = await executor.execute(sql`SELECT id, name FROM genres`);
  return new Map(result.rows.map((row) => [String(row.name), Number(row.id)]));
}
