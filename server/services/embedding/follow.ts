import { and, eq, sql } from 'drizzle-orm';
import type { FollowState } from '@/lib/api/embedding';
import type { Database } from '@/server/db/client';
import { bookmarks, stories } from '@/server/db/schema';
import { notFound } from '@/server/http/errors';

async function embeddedStory(database: Pick<Database, 'select'>, storyId: number) {
  const [story] = await database
    .select({ id: stories.id, chapterCount: stories.chapterCount })
    .from(stories)
    .where(and(eq(stories.id, storyId), eq(stories.origin, 'embedded'), eq(stories.hidden, false)))
    .limit(1);
  if (!story) throw notFound('Không tìm thấy truyện nhúng.');
  return story;
}

/** Whether a reader follows a story, and how many of its chapters are new to them. */
export async function followState(database: Database, userId: string, storyId: number): Promise<FollowState> {
  const story = await embeddedStory(database, storyId);
  const [row] = await database
    .select({ follow: bookmarks.follow, seen: bookmarks.seenChapters })
    .from(bookmarks)
    .where(and(eq(bookmarks.userId, userId), eq(bookmarks.storyId, storyId)))
    .limit(1);
  const follow = row?.follow ?? false;
  const seenChapters = row?.seen ?? 0;
  return {
    follow,
    chapters: story.chapterCount,
    seenChapters,
    newChapters: newChaptersOf({ follow, seenChapters }, story.chapterCount),
  };
}

/**
 * Follows an embedded story: it is saved in the reader's story cabinet and every chapter there
 * now counts as seen, so only chapters the follow check adds later are marked new.
 */
export async function followStory(database: Database, userId: string, storyId: number, now = Date.now()): Promise<FollowState> {
  await database.transaction(async (tx) => {
    const story = await embeddedStory(tx, storyId);
    const [before] = await tx
      .select({ save: bookmarks.save })
      .from(bookmarks)
      .where(and(eq(bookmarks.userId, userId), eq(bookmarks.storyId, storyId)))
      .for('update');
    await tx
      .insert(bookmarks)
      .values({ userId, storyId, chapter: 1, save: true, time: now, follow: true, seenChapters: story.chapterCount })
      .onConflictDoUpdate({
        target: [bookmarks.userId, bookmarks.storyId],
        set: { follow: true, save: true, seenChapters: story.chapterCount },
      });
    if (!before?.save) {
      await tx.update(stories).set({ bookmarkCount: sql`${stories.bookmarkCount} + 1` }).where(eq(stories.id, storyId));
    }
  });
  return followState(database, userId, storyId);
}

/** Stops following; the story stays in the cabinet until the reader removes it. */
export async function unfollowStory(database: Database, userId: string, storyId: number): Promise<FollowState> {
  await embeddedStory(database, storyId);
  await database
    .update(bookmarks)
    .set({ follow: false })
    .where(and(eq(bookmarks.userId, userId), eq(bookmarks.storyId, storyId)));
  return followState(database, userId, storyId);
}

/** For the story cabinet: how many chapters the follow check added since the reader last read. */
export function newChaptersOf(bookmark: { follow: boolean; seenChapters: number }, chapterCount: number): number {
  return bookmark.follow ? Math.max(0, chapterCount - bookmark.seenChapters) : 0;
}

