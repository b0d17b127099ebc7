import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AccountProfile } from '@/lib/auth/types';
import type { AuthUser } from '../auth/requireUser';
import { adminAuth } from '../auth/firebaseAdmin';
import type { Database } from '../db/client';
import { preparedStatement } from '../db/prepared';
import { bookmarks, commentLikes, comments, readingHistory, reviewLikes, reviews, stories, users } from '../db/schema';
import { assertMayWrite } from './admin/mutes';
import { findVisibleStory } from './storyCards';
import { isVipActive } from './vip';

export type UserRow = typeof users.$inferSelect;

const MAX_USERNAME_LENGTH = 40;

/** The name a new reader starts with: their identity name, else the part of the email before @. */
export function defaultUsername(user: Pick<AuthUser, 'name' | 'email' | 'uid'>): string {
  const name = user.name?.trim() || user.email.split('@')[0] || `doc-gia-${user.uid.slice(0, 6)}`;
  return name.slice(0, MAX_USERNAME_LENGTH);
}

/**
 * The reader's row, created on their first verified request. A changed email (changed on the
 * identity side) is copied over; nothing else is touched.
 */
export async function ensureUser(database: Database, user: AuthUser): Promise<UserRow> {
  await ensureUserExists(database, user);
  const [row] = await database.select().from(users).where(eq(users.id, user.uid)).limit(1);
  return row;
}

/**
 * The statement that creates a reader's row on their first verified request, or copies over an
 * email changed on the identity side, with the placeholders `user`, `email`, `username` and `avatar` (readerRowValues): alone in
 * ensureUserExists, and as the first part of the statements that write for a reader in one round
 * trip (a bookmark save, a history row).
 */
export function readerRowInsert(): SQL {
  return sql`insert into ${users} (id, email, username, avatar)
    values (${sql.placeholder('user')}, ${sql.placeholder('email')}, ${sql.placeholder('username')}, ${sql.placeholder('avatar')})
    on conflict (id) do update set email = excluded.email, updated_at = now() where ${users.email} <> excluded.email`;
}

/** The values of readerRowInsert's placeholders for a reader. */
export function readerRowValues(user: AuthUser): Record<'user' | 'email' | 'username' | 'avatar', string | null> {
  return { user: user.uid, email: user.email, username: defaultUsername(user), avatar: user.picture };
}

const ensureReaderRow = preparedStatement('ensure_reader_row', readerRowInsert);

/** As ensureUser, for a request that only needs the row to exist: one round trip. */
export async function ensureUserExists(database: Database, user: AuthUser): Promise<void> {
  await ensureReaderRow(database, readerRowValues(user));
}

export function toUserProfile(row: UserRow, emailVerified: boolean): AccountProfile {
  return {
    _id: row.id,
    email: row.email,
    username: row.username,
    avatar: row.avatar,
    expireTime: row.expireTime,
    createdAt: row.createdAt.getTime(),
    emailVerified,
  };
}

/** Changes the reader's display name, which every reader sees beside their writing (403 while muted). */
export async function updateUsername(database: Database, userId: string, username: string): Promise<UserRow> {
  await assertMayWrite(database, userId);
  const [row] = await database
    .update(users)
    .set({ username: username.trim().slice(0, MAX_USERNAME_LENGTH), updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning();
  return row;
}

/**
 * Removes a reader's data: bookmarks, reading history, likes and the profile row. Their reviews
 * and comments stay, anonymised, as the privacy page says, and so do their VIP orders (kept for
 * accounting and disputes), detached from the person: the foreign keys set user_id to null. Counters that the reader's rows fed are lowered first. Idempotent.
 */
export async function deleteUserData(database: Database, userId: string): Promise<void> {
  await database.transaction(async (tx) => {
    const saved = await tx
      .select({ storyId: bookmarks.storyId })
      .from(bookmarks)
      .where(and(eq(bookmarks.userId, userId), eq(bookmarks.save, true)));
    if (saved.length > 0) {
      await tx
        .update(stories)
        .set({ bookmarkCount: sql`greatest(${stories.bookmarkCount} - 1, 0)` })
        .where(inArray(stories.id, saved.map((row) => row.storyId)));
    }
    await tx
      .update(reviews)
      .set({ likeCount: sql`greatest(${reviews.likeCount} - 1, 0)` })
      .where(inArray(reviews.id, tx.select({ id: reviewLikes.reviewId }).from(reviewLikes).where(eq(reviewLikes.userId, userId))));
    await tx
      .update(comments)
      .set({ likeCount: sql`greatest(${comments.likeCount} - 1, 0)` })
      .where(inArray(comments.id, tx.select({ id: commentLikes.commentId }).from(commentLikes).where(eq(commentLikes.userId, userId))));
    await tx.delete(reviewLikes).where(eq(reviewLikes.userId, userId));
    await tx.delete(commentLikes).where(eq(commentLikes.userId, userId));
    await tx.delete(readingHistory).where(eq(readingHistory.userId, userId));
    await tx.delete(bookmarks).where(eq(bookmarks.userId, userId));
    // The profile row: reviews and comments keep their content with user_id set null (FK rule).
    await tx.delete(users).where(eq(users.id, userId));
  });
}

/** Deletes the reader's data, then their identity account (already gone counts as done). */
export async function deleteAccount(database: Database, userId: string): Promise<void> {
  await deleteUserData(database, userId);
  try {
    await adminAuth().deleteUser(userId);
  } catch (error) {
    if ((error as { code?: string }).code !== 'auth/user-not-found') throw error;
  }
}

/**
 * Whether the signed-in reader may open VIP chapters of a story: `email` must be their own
 * account (so the answer never reveals another reader's status) and their VIP must be active.
 */
export async function canReadVip(database: Database, user: AuthUser, email: string, slug: string): Promise<boolean> {
  if (email.toLowerCase() !== user.email.toLowerCase()) return false;
  const [row] = await database.select({ expireTime: users.expireTime }).from(users).where(eq(users.id, user.uid)).limit(1);
  if (!row || !isVipActive(row.expireTime)) return false;
  return Boolean(await findVisibleStory(database, slug));
}
