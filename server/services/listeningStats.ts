import { and, asc, count, eq, gte, min } from 'drizzle-orm';
import { STATS_DAYS, summariseHistory, type ListeningStats } from '@/lib/listeningStats';
import type { Database } from '../db/client';
import { chapters, readingHistory, stories } from '../db/schema';
import { HISTORY_ROWS_KEPT } from './history';

/**
 * A reader's minutes per day over the last 12 weeks and per story, from their reading history;
 * a history that holds all HISTORY_ROWS_KEPT visits says from when it holds them.
 */
export async function listeningStatsOf(database: Database, userId: string, now = Date.now()): Promise<ListeningStats> {
  // A day more than the window, so the first day's visits know when the next one came.
  const since = now - (STATS_DAYS + 1) * 86_400_000;
  const visits = await database
    .select({ storyId: readingHistory.storyId, chapter: readingHistory.chapter, time: readingHistory.time, words: chapters.wordCount, title: stories.title, slug: stories.slug })
    .from(readingHistory)
    .innerJoin(stories, eq(stories.id, readingHistory.storyId))
    .leftJoin(chapters, and(eq(chapters.storyId, readingHistory.storyId), eq(chapters.index, readingHistory.chapter)))
    .where(and(eq(readingHistory.userId, userId), gte(readingHistory.time, since), eq(stories.hidden, false)))
    .orderBy(asc(readingHistory.time));
  const [kept] = await database.select({ rows: count(), oldest: min(readingHistory.time) }).from(readingHistory).where(eq(readingHistory.userId, userId));
  const oldestKept = kept.rows >= HISTORY_ROWS_KEPT && kept.oldest !== null ? Number(kept.oldest) : null;
  return summariseHistory(
    visits.map((visit) => ({ ...visit, words: visit.words ?? 0 })),
    now,
    oldestKept,
  );
}
