import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { SortKey } from '@/lib/constants';
import type { Paged, StoryCard } from '@/lib/types';
import type { Database } from '../db/client';
import { stories } from '../db/schema';
import { toStoryCards } from './storyCards';
import { cachedTotal } from './totals';

/** Ordering (and extra condition) of each ranking key of the `sort` filter. */
export const RANKINGS: Record<SortKey, { order: SQL[]; where?: SQL }> = {
  hot: { order: [desc(sql`${stories.viewsWeek} + ${stories.bookmarkCount} * 20`), desc(stories.id)] },
  view_day: { order: [desc(stories.viewsDay), desc(stories.id)] },
  view_week: { order: [desc(stories.viewsWeek), desc(stories.id)] },
  view_month: { order: [desc(stories.viewsMonth), desc(stories.id)] },
  view_total: { order: [desc(stories.viewsTotal), desc(stories.id)] },
  rating: { order: [desc(sql`${stories.ratingAvg} * least(${stories.ratingCount}, 50)`), desc(stories.id)] },
  bookmark: { order: [desc(stories.bookmarkCount), desc(stories.id)] },
  new: { order: [desc(stories.updatedAt), desc(stories.id)] },
  completed: { order: [desc(stories.updatedAt), desc(stories.id)], where: eq(stories.status, 'completed') },
  newest: { order: [desc(stories.createdAt), desc(stories.id)] },
};

export async function topStories(database: Database, sort: SortKey, page: number, perpage: number): Promise<Paged<StoryCard>> {
  const ranking = RANKINGS[sort];
  const where = and(eq(stories.hidden, false), ranking.where);
  const [rows, total] = await Promise.all([
    database
      .select()
      .from(stories)
      .where(where)
      .orderBy(...ranking.order)
      .limit(perpage)
      .offset(page * perpage),
    cachedTotal(`ranking:${ranking.where ? sort : 'all'}`, async () => {
      const [row] = await database.select({ total: sql<number>`count(*)::int` }).from(stories).where(where);
      return row.total;
    }),
  ]);
  return { results: await toStoryCards(database, rows), total, page, perpage };
}
