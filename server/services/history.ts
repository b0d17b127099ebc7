import { and, eq, notInArray, sql, desc } from 'drizzle-orm';
import type { Database } from '../db/client';
import { bookmarks, readingHistory, stories } from '../db/schema';
import { notFound } from '../http/errors';
import { parseStoryId } from './bookmarks';
import { markChaptersSeen } from './embedding/follow';

export interface HistoryInput {
  chapter: number;
  truyenId: string;
  audio_time: number;
}

/** History rows kept per reader; older ones are dropped as new ones arrive. */
export const HISTORY_ROWS_KEPT = 500;

/**
 * Records that a reader reached a chapter now: a history row, the story's progress entry
 * (created unsaved, or moved to this chapter unless a later reading is already recorded), and,
 * for a followed story, its chapters up to this one no longer marked new.
 */
export async function recordHistory(database: Database, userId: string, input: HistoryInput, now = Date.now()): Promise<void> {
  const storyId = parseStoryId(input.truyenId);
  const readStoryId = await database.transaction(async (tx) => {
    const [story] =
      storyId === null
        ? []
        : await tx
            .select({ id: stories.id })
            .from(stories)
            .where(and(eq(stories.id, storyId), eq(stories.hidden, false)));
    if (!story) throw notFound('Không tìm thấy truyện.');
    await tx.insert(readingHistory).values({ userId, storyId: story.id, chapter: input.chapter, audioTime: input.audio_time, time: now });
    await tx
      .insert(bookmarks)
      .values({ userId, storyId: story.id, chapter: input.chapter, save: false, time: now })
      .onConflictDoUpdate({
        target: [bookmarks.userId, bookmarks.storyId],
        set: { chapter: sql`excluded.chapter`, time: sql`excluded.time` },
        setWhere: sql`excluded.time >= ${bookmarks.time}`,
      });
    const kept = tx
      .select({ id: readingHistory.id })
      .from(readingHistory)
      .where(eq(readingHistory.userId, userId))
      .orderBy(desc(readingHistory.time), desc(readingHistory.id))
      .limit(HISTORY_ROWS_KEPT);
    await tx.delete(readingHistory).where(and(eq(readingHistory.userId, userId), notInArray(readingHistory.id, kept)));
    return story.id;
  });
  await markChaptersSeen(database, userId, readStoryId, input.chapter);
}
