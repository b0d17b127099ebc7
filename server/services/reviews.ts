import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { LikeState, Review, ReviewPage } from '@/lib/api/community';
import type { Database } from '../db/client';
import { reviewLikes, reviews, stories, users } from '../db/schema';
import { existsIn } from '../db/subquery';
import { forbidden, notFound } from '../http/errors';
import { authorColumns, COMMUNITY_LIMITS, pageWindow, requireVisibleStory, toCommunityUser, TOO_FAST_MESSAGES, type AuthorFields } from './community';
import type { TSaveReviewInput, TSearchReviewsInput } from './communityInputs';
import { assertMayWrite } from './admin/mutes';
import { enforceRateLimit } from './rateLimit';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

const REVIEW_NOT_FOUND = 'Không tìm thấy đánh giá.';
const HIDDEN_REVIEW = 'Đánh giá của bạn về truyện này đã bị quản trị viên ẩn nên không thể sửa hay viết lại.';

const reviewColumns = {
  id: reviews.id,
  storyId: reviews.storyId,
  rating: reviews.rating,
  content: reviews.content,
  likeCount: reviews.likeCount,
  createdAt: reviews.createdAt,
  updatedAt: reviews.updatedAt,
  ...authorColumns,
};

type ReviewRow = AuthorFields & {
  id: number;
  storyId: number;
  rating: number;
  content: string;
  likeCount: number;
  createdAt: Date;
  updatedAt: Date;
  liked: boolean;
};

function toReview(row: ReviewRow): Review {
  return {
    _id: String(row.id),
    truyenId: String(row.storyId),
    user: toCommunityUser(row),
    rating: row.rating,
    content: row.content,
    likes: row.likeCount,
    liked: row.liked,
    createdAt: row.createdAt.getTime(),
    updatedAt: row.updatedAt.getTime(),
  };
}

/** Whether `viewerId` likes the review of the row (false for a signed-out viewer). */
function likedBy(viewerId: string | null): SQL<boolean> {
  if (!viewerId) return sql<boolean>`false`;
  return existsIn(sql`select 1 from ${reviewLikes} where ${reviewLikes.reviewId} = ${reviews.id} and ${reviewLikes.userId} = ${viewerId}`);
}

function selectReviews(database: Pick<Database, 'select'>, viewerId: string | null) {
  return database
    .select({ ...reviewColumns, liked: likedBy(viewerId) })
    .from(reviews)
    .leftJoin(users, eq(users.id, reviews.userId));
}

/** A page of a story's reviews, newest or most liked first, with the story's rating summary. */
export async function searchReviews(database: Database, input: TSearchReviewsInput, viewerId: string | null): Promise<ReviewPage> {
  await requireVisibleStory(database, input.truyenId);
  const order = input.sort === 'liked' ? [desc(reviews.likeCount), desc(reviews.createdAt), desc(reviews.id)] : [desc(reviews.createdAt), desc(reviews.id)];
  const { limit, offset } = pageWindow(input.page, input.perpage);
  const visible = and(eq(reviews.storyId, input.truyenId), eq(reviews.hidden, false));
  const [rows, [{ total }], [summary], [mine]] = await Promise.all([
    selectReviews(database, viewerId)
      .where(visible)
      .orderBy(...order)
      .limit(limit)
      .offset(offset),
    database.select({ total: count() }).from(reviews).where(visible),
    database.select({ avg: stories.ratingAvg, count: stories.ratingCount }).from(stories).where(eq(stories.id, input.truyenId)),
    viewerId
      ? selectReviews(database, viewerId).where(and(visible, eq(reviews.userId, viewerId)))
      : Promise.resolve([] as ReviewRow[]),
  ]);
  return {
    results: rows.map(toReview),
    total,
    page: input.page,
    perpage: input.perpage,
    summary: { avg: Math.round(summary.avg * 10) / 10, count: summary.count },
    mine: mine ? toReview(mine) : null,
  };
}

/**
 * Sets the story's average and count from its visible reviews (hidden ones count for nothing);
 * the story row is locked by the caller.
 */
export async function recomputeRating(tx: Tx, storyId: number): Promise<void> {
  const [figures] = await tx
    .select({ avg: sql<number>`coalesce(avg(${reviews.rating}), 0)::float8`, count: count() })
    .from(reviews)
    .where(and(eq(reviews.storyId, storyId), eq(reviews.hidden, false)));
  await tx.update(stories).set({ ratingAvg: figures.avg, ratingCount: figures.count }).where(eq(stories.id, storyId));
}

/** Creates the reader's review of a story, or replaces it: one per reader and story. */
export async function saveReview(database: Database, userId: string, input: TSaveReviewInput): Promise<Review> {
  await assertMayWrite(database, userId);
  await enforceRateLimit(database, `review:${userId}`, COMMUNITY_LIMITS.review, TOO_FAST_MESSAGES.review);
  const id = await database.transaction(async (tx) => {
    // The story row lock orders concurrent writers, so each recompute sees the others' reviews.
    await requireVisibleStory(tx, input.truyenId, true);
    const [existing] = await tx
      .select({ hidden: reviews.hidden })
      .from(reviews)
      .where(and(eq(reviews.storyId, input.truyenId), eq(reviews.userId, userId)));
    // A later restore must publish what the operator hid, not text written since.
    if (existing?.hidden) throw forbidden(HIDDEN_REVIEW);
    const now = new Date();
    const [row] = await tx
      .insert(reviews)
      .values({ storyId: input.truyenId, userId, rating: input.rating, content: input.content })
      .onConflictDoUpdate({
        target: [reviews.storyId, reviews.userId],
        set: { rating: input.rating, content: input.content, updatedAt: now },
      })
      .returning({ id: reviews.id });
    await recomputeRating(tx, input.truyenId);
    return row.id;
  });
  const [row] = await selectReviews(database, userId).where(eq(reviews.id, id));
  return toReview(row);
}

/**
 * Deletes the reader's own review (403 for another reader's; 404 when there is none, or when it
 * or its story is hidden: an operator's hide is not the author's to undo).
 */
export async function deleteReview(database: Database, userId: string, reviewId: number): Promise<void> {
  await database.transaction(async (tx) => {
    const [found] = await tx.select({ storyId: reviews.storyId, userId: reviews.userId }).from(reviews).where(eq(reviews.id, reviewId));
    if (!found) throw notFound(REVIEW_NOT_FOUND);
    if (found.userId !== userId) throw forbidden('Bạn chỉ có thể xóa đánh giá của mình.');
    await requireVisibleStory(tx, found.storyId, true);
    const removed = await tx
      .delete(reviews)
      .where(and(eq(reviews.id, reviewId), eq(reviews.userId, userId), eq(reviews.hidden, false)))
      .returning({ id: reviews.id });
    if (removed.length === 0) throw notFound(REVIEW_NOT_FOUND);
    await recomputeRating(tx, found.storyId);
  });
}

/**
 * Likes a review, or takes the like back when there is one; 404 for a hidden review or one of a
 * hidden story. The review row is locked first, then the like row is inserted or deleted and the
 * count moves by exactly the rows that changed.
 */
export async function toggleReviewLike(database: Database, userId: string, reviewId: number): Promise<LikeState> {
  await enforceRateLimit(database, `like:${userId}`, COMMUNITY_LIMITS.like, TOO_FAST_MESSAGES.like);
  return database.transaction(async (tx) => {
    const [review] = await tx
      .select({ hidden: reviews.hidden, storyHidden: stories.hidden })
      .from(reviews)
      .innerJoin(stories, eq(stories.id, reviews.storyId))
      .where(eq(reviews.id, reviewId))
      .for('update', { of: reviews });
    if (!review || review.hidden || review.storyHidden) throw notFound(REVIEW_NOT_FOUND);
    const added = await tx.insert(reviewLikes).values({ reviewId, userId }).onConflictDoNothing().returning({ id: reviewLikes.reviewId });
    const removed =
      added.length > 0
        ? []
        : await tx
            .delete(reviewLikes)
            .where(and(eq(reviewLikes.reviewId, reviewId), eq(reviewLikes.userId, userId)))
            .returning({ id: reviewLikes.reviewId });
    const delta = added.length - removed.length;
    const [row] = await tx
      .update(reviews)
      .set({ likeCount: sql`${reviews.likeCount} + ${delta}` })
      .where(eq(reviews.id, reviewId))
      .returning({ likes: reviews.likeCount });
    return { liked: added.length > 0, likes: row.likes };
  });
}
