import { and, asc, desc, eq, ne, or, sql } from 'drizzle-orm';
import type { Story, StoryCard } from '@/lib/types';
import type { Database } from '../db/client';
import { renamed, subquery } from '../db/subquery';
import { genres, stories, storyGenres } from '../db/schema';
import { notFound } from '../http/errors';
import { topStories } from './rankings';
import { searchStories } from './search';
import { findVisibleStoryDetails, toStoryCards } from './storyCards';

export const RELATED_LIMIT = 12;

/** The full story of a slug, with its genres and newest chapter; undefined when none is visible. */
export async function storyBySlug(database: Database, slug: string): Promise<Story | undefined> {
  return (await findVisibleStoryDetails(database, slug))?.story;
}

/**
 * Stories related to one: by the same author first, then by how many genres they share, then by
 * popularity. 404 when the story is not there.
 */
export async function relatedStories(database: Database, storyId: number, limit = RELATED_LIMIT): Promise<StoryCard[]> {
  const [story] = await database
    .select({ id: stories.id, author: stories.searchAuthor })
    .from(stories)
    .where(and(eq(stories.id, storyId), eq(stories.hidden, false)))
    .limit(1);
  if (!story) throw notFound('Không tìm thấy truyện.');
  // The story's own genres, from story_genres under another name than the outer query's.
  const ofStory = renamed(storyGenres, 'of_story');
  const genreIds = subquery(sql`select ${ofStory.columns.genreId} from ${ofStory.from} where ${ofStory.columns.storyId} = ${story.id}`);
  const shared = database
    .select({ storyId: storyGenres.storyId, count: sql<number>`count(*)`.as('shared') })
    .from(storyGenres)
    .where(sql`${storyGenres.genreId} in ${genreIds}`)
    .groupBy(storyGenres.storyId)
    .as('shared');
  const sameAuthor = sql<number>`(${stories.searchAuthor} = ${story.author})::int`;
  const rows = await database
    .select({ story: stories })
    .from(stories)
    .leftJoin(shared, eq(shared.storyId, stories.id))
    .where(and(ne(stories.id, story.id), eq(stories.hidden, false), or(eq(stories.searchAuthor, story.author), sql`${shared.count} > 0`)))
    .orderBy(desc(sameAuthor), desc(sql`coalesce(${shared.count}, 0)`), desc(stories.viewsWeek), desc(stories.id))
    .limit(limit);
  return toStoryCards(database, rows.map((row) => row.story));
}

export interface HomeGenreSection {
  genre: { _id: string; name: string };
  stories: StoryCard[];
}

export interface HomePageData {
  hot: StoryCard[];
  updated: StoryCard[];
  completed: StoryCard[];
  weekly: StoryCard[];
  genreSections: HomeGenreSection[];
}

const HOME_GENRE_SECTIONS = 4;

/** Everything the home page shows, in a handful of queries (the page is regenerated every minute). */
export async function loadHomePage(database: Database): Promise<HomePageData> {
  const featured = await database
    .select({ id: genres.id, name: genres.name })
    .from(genres)
    .where(eq(genres.hot, true))
    .orderBy(asc(genres.position))
    .limit(HOME_GENRE_SECTIONS);
  const [hot, updated, completed, weekly, ...perGenre] = await Promise.all([
    topStories(database, 'hot', 0, 12),
    topStories(database, 'new', 0, 14),
    topStories(database, 'completed', 0, 12),
    topStories(database, 'view_week', 0, 10),
    ...featured.map((genre) => searchStories(database, { cats: [genre.name], sort: 'hot', page: 0, perpage: 6 })),
  ]);
  return {
    hot: hot.results,
    updated: updated.results,
    completed: completed.results,
    weekly: weekly.results,
    genreSections: featured
      .map((genre, i) => ({ genre: { _id: String(genre.id), name: genre.name }, stories: perGenre[i].results }))
      .filter((section) => section.stories.length > 0),
  };
}
