import { count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { AdminAccount, AdminUser } from '@/lib/api/admin';
import { foldVietnamese } from '@/lib/text/fold';
import type { Database } from '../../db/client';
import { comments, reviews, stories, users } from '../../db/schema';
import { notFound } from '../../http/errors';
import type { TUsersQuery } from './inputs';
import { offsetOf, paged, type Paged } from './paging';
import { listOrderRows } from './orders';

export type { AdminAccount, AdminUser };

/** What the console shows of accounts: the list, and everything one account wrote. */

/** At most this many of each kind of an account's writing is shown, newest first. */
export const ACCOUNT_ITEMS_MAX = 200;

type UserRow = typeof users.$inferSelect;

export function toAdminUser(row: UserRow, now = Date.now()): AdminUser {
  const muted = row.mutedUntil !== null && row.mutedUntil.getTime() > now;
  return {
    _id: row.id,
    email: row.email,
    username: row.username,
    role: row.role,
    expireTime: row.expireTime,
    createdAt: row.createdAt.getTime(),
    mute: muted ? { until: row.mutedUntil!.getTime(), reason: row.muteReason ?? '' } : null,
  };
}

export async function loadAdminUser(database: Database, userId: string): Promise<AdminUser> {
  const [row] = await database.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!row) throw notFound('Không tìm thấy tài khoản.');
  return toAdminUser(row);
}

/** Folds like lib/text/fold.ts in SQL (accents, đ, case), for an accent-insensitive match. */
const folded = (column: SQL | typeof users.email) => sql`lower(unaccent(replace(replace(${column}, 'đ', 'd'), 'Đ', 'D')))`;

/** Accounts whose email or username contains the query (accents and case ignored), newest first. */
export async function listUsers(database: Database, query: TUsersQuery): Promise<Paged<AdminUser>> {
  const needle = query.query ? `%${foldVietnamese(query.query).replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const where = needle ? sql`(${folded(users.email)} like ${needle} or ${folded(sql`${users.username}`)} like ${needle})` : undefined;
  const [rows, [{ total }]] = await Promise.all([
    database.select().from(users).where(where).orderBy(desc(users.createdAt), desc(users.id)).limit(query.perpage).offset(offsetOf(query)),
    database.select({ total: count() }).from(users).where(where),
  ]);
  return paged(rows.map((row) => toAdminUser(row)), total, query);
}

/** An account with everything it wrote, hidden and deleted included, and its VIP orders. */
export async function loadAccount(database: Database, userId: string): Promise<AdminAccount> {
  const user = await loadAdminUser(database, userId);
  const [commentRows, reviewRows, orders] = await Promise.all([
    database
      .select({ comment: comments, slug: stories.slug, title: stories.title })
      .from(comments)
      .leftJoin(stories, eq(stories.id, comments.storyId))
      .where(eq(comments.userId, userId))
      .orderBy(desc(comments.createdAt), desc(comments.id))
      .limit(ACCOUNT_ITEMS_MAX),
    database
      .select({ review: reviews, slug: stories.slug, title: stories.title })
      .from(reviews)
      .leftJoin(stories, eq(stories.id, reviews.storyId))
      .where(eq(reviews.userId, userId))
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(ACCOUNT_ITEMS_MAX),
    listOrderRows(database, { userId, limit: ACCOUNT_ITEMS_MAX }),
  ]);
  return {
    user,
    comments: commentRows.map(({ comment, slug, title }) => ({
      _id: String(comment.id),
      truyenId: String(comment.storyId),
      story: slug && title ? { slug, title } : null,
      chapter: comment.chapter,
      content: comment.content,
      hidden: comment.hidden,
      deleted: comment.deleted,
      createdAt: comment.createdAt.getTime(),
    })),
    reviews: reviewRows.map(({ review, slug, title }) => ({
      _id: String(review.id),
      truyenId: String(review.storyId),
      story: slug && title ? { slug, title } : null,
      rating: review.rating,
      content: review.content,
      hidden: review.hidden,
      createdAt: review.createdAt.getTime(),
    })),
    orders,
  };
}
