import { and, eq } from 'drizzle-orm';
import type { CommunityUser } from '@/lib/api/community';
import type { Database } from '../db/client';
import { stories, users } from '../db/schema';
import { notFound } from '../http/errors';
import type { RateLimitRule } from './rateLimit';

/** Pieces shared by the reviews and comments services. */

type Executor = Pick<Database, 'select'>;

/** How fast a reader may write (shared by all instances through the rate limiter). */
export const COMMUNITY_LIMITS = {
  comment: { limit: 5, windowMs: 60_000 },
  review: { limit: 10, windowMs: 60_000 },
  like: { limit: 120, windowMs: 60_000 },
} as const satisfies Record<string, RateLimitRule>;

export const TOO_FAST_MESSAGES = {
  comment: 'Bạn bình luận quá nhanh (tối đa 5 bình luận mỗi phút).',
  review: 'Bạn gửi đánh giá quá nhanh.',
  like: 'Bạn thích quá nhanh.',
} as const;

export const STORY_NOT_FOUND = 'Không tìm thấy truyện.';

/** The author columns selected with a review or comment. */
export const authorColumns = {
  authorId: users.id,
  authorName: users.username,
  authorAvatar: users.avatar,
};

export interface AuthorFields {
  authorId: string | null;
  authorName: string | null;
  authorAvatar: string | null;
}

export function toCommunityUser(row: AuthorFields): CommunityUser | null {
  return row.authorId ? { _id: row.authorId, username: row.authorName ?? '', avatar: row.authorAvatar } : null;
}

/**
 * A story readers may see (hidden ones do not exist for them), or 404. With `lock`, the row is
 * locked until the transaction ends so that its rating figures are recomputed one writer at a time.
 */
export async function requireVisibleStory(database: Executor, storyId: number, lock = false): Promise<{ id: number; chapterCount: number }> {
  const query = database
    .select({ id: stories.id, chapterCount: stories.chapterCount })
    .from(stories)
    .where(and(eq(stories.id, storyId), eq(stories.hidden, false)))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound(STORY_NOT_FOUND);
  return row;
}

/** Page bounds of a paged answer. */
export function pageWindow(page: number, perpage: number): { limit: number; offset: number } {
  return { limit: perpage, offset: page * perpage };
}
