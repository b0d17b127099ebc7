import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { comments, reports, reviews, stories, users } from '../../db/schema';
import { notFound } from '../../http/errors';
import { recomputeRating } from '../reviews';
import { recordAudit, type Actor } from './audit';
import { loadAdminUser, type AdminUser } from './accounts';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

const DAY_MS = 86_400_000;

export interface Visibility {
  _id: string;
  hidden: boolean;
}

/** Open reports on a target are closed as resolved when the operator acts on it. */
async function resolveOpenReports(tx: Tx, actor: Actor, targetType: 'comment' | 'review', targetId: number, note: string): Promise<number[]> {
  const handledBy = actor.id === 'cli' ? null : actor.id;
  const closed = await tx
    .update(reports)
    .set({ status: 'resolved', handledBy, note: sql`case when ${reports.note} = '' then ${note} else ${reports.note} end`, updatedAt: new Date() })
    .where(and(eq(reports.targetType, targetType), eq(reports.targetId, targetId), inArray(reports.status, ['new', 'in_progress'])))
    .returning({ id: reports.id });
  return closed.map((row) => row.id);
}

/**
 * Hides or restores a comment. A hidden reply leaves its thread's reply count, and comes back
 * into it when restored; a hidden top-level comment takes its replies out of sight with it. The
 * audit row keeps the text as the operator saw it (its author can no longer change it).
 */
export async function setCommentHidden(database: Database, actor: Actor, commentId: number, hidden: boolean, reason: string): Promise<Visibility> {
  return database.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: comments.id, hidden: comments.hidden, parentId: comments.parentId, storyId: comments.storyId, content: comments.content })
      .from(comments)
      .where(eq(comments.id, commentId))
      .for('update');
    if (!row) throw notFound('Không tìm thấy bình luận.');
    if (row.hidden !== hidden) {
      await tx.update(comments).set({ hidden }).where(eq(comments.id, commentId));
      if (row.parentId !== null) {
        await tx
          .update(comments)
          .set({ replyCount: hidden ? sql`greatest(${comments.replyCount} - 1, 0)` : sql`${comments.replyCount} + 1` })
          .where(eq(comments.id, row.parentId));
      }
    }
    const resolvedReports = hidden ? await resolveOpenReports(tx, actor, 'comment', commentId, reason) : [];
    await recordAudit(tx, actor, {
      action: hidden ? 'comment.hide' : 'comment.restore',
      targetType: 'comment',
      targetId: commentId,
      before: { hidden: row.hidden, content: row.content },
      after: { hidden, ...(resolvedReports.length > 0 ? { resolvedReports } : {}) },
      note: reason,
    });
    return { _id: String(commentId), hidden };
  });
}

/**
 * Hides or restores a review; the story's rating and review count follow in the same transaction.
 * The audit row keeps its rating and text as the operator saw them.
 */
export async function setReviewHidden(database: Database, actor: Actor, reviewId: number, hidden: boolean, reason: string): Promise<Visibility> {
  return database.transaction(async (tx) => {
    const [found] = await tx.select({ storyId: reviews.storyId }).from(reviews).where(eq(reviews.id, reviewId));
    if (!found) throw notFound('Không tìm thấy đánh giá.');
    // The story row first, as the readers' writers lock it (server/services/reviews.ts).
    await tx.select({ id: stories.id }).from(stories).where(eq(stories.id, found.storyId)).for('update');
    const [row] = await tx
      .select({ hidden: reviews.hidden, rating: reviews.rating, content: reviews.content })
      .from(reviews)
      .where(eq(reviews.id, reviewId))
      .for('update');
    if (!row) throw notFound('Không tìm thấy đánh giá.');
    if (row.hidden !== hidden) {
      await tx.update(reviews).set({ hidden }).where(eq(reviews.id, reviewId));
      await recomputeRating(tx, found.storyId);
    }
    const resolvedReports = hidden ? await resolveOpenReports(tx, actor, 'review', reviewId, reason) : [];
    await recordAudit(tx, actor, {
      action: hidden ? 'review.hide' : 'review.restore',
      targetType: 'review',
      targetId: reviewId,
      before: { hidden: row.hidden, rating: row.rating, content: row.content },
      after: { hidden, ...(resolvedReports.length > 0 ? { resolvedReports } : {}) },
      note: reason,
    });
    return { _id: String(reviewId), hidden };
  });
}

async function lockUser(tx: Tx, userId: string) {
  const [row] = await tx
    .select({ mutedUntil: users.mutedUntil, muteReason: users.muteReason })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  if (!row) throw notFound('Không tìm thấy tài khoản.');
  return { until: row.mutedUntil?.getTime() ?? null, reason: row.muteReason };
}

/** Mutes an account from writing comments and reviews for `days` days, with the reason it is shown. */
export async function muteUser(database: Database, actor: Actor, userId: string, days: number, reason: string, now = Date.now()): Promise<AdminUser> {
  await database.transaction(async (tx) => {
    const before = await lockUser(tx, userId);
    const until = new Date(now + days * DAY_MS);
    await tx.update(users).set({ mutedUntil: until, muteReason: reason, updatedAt: new Date(now) }).where(eq(users.id, userId));
    await recordAudit(tx, actor, { action: 'user.mute', targetType: 'user', targetId: userId, before, after: { until: until.getTime(), reason, days }, note: reason });
  });
  return loadAdminUser(database, userId);
}

/** Lifts an account's mute. */
export async function unmuteUser(database: Database, actor: Actor, userId: string, reason: string): Promise<AdminUser> {
  await database.transaction(async (tx) => {
    const before = await lockUser(tx, userId);
    await tx.update(users).set({ mutedUntil: null, muteReason: null, updatedAt: new Date() }).where(eq(users.id, userId));
    await recordAudit(tx, actor, { action: 'user.unmute', targetType: 'user', targetId: userId, before, after: { until: null }, note: reason });
  });
  return loadAdminUser(database, userId);
}
