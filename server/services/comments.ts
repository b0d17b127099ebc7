import { and, asc, count, desc, eq, isNull, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Comment, LikeState } from '@/lib/api/community';
import type { Paged } from '@/lib/types';
import type { Database } from '../db/client';
import { perDatabase } from '../db/prepared';
import { chapters, commentLikes, comments, stories, users } from '../db/schema';
import { existsIn, subquery } from '../db/subquery';
import { badRequest, forbidden, notFound } from '../http/errors';
import { authorColumns, COMMUNITY_LIMITS, pageWindow, requireVisibleStory, STORY_NOT_FOUND, toCommunityUser, TOO_FAST_MESSAGES, type AuthorFields } from './community';
import type { TChildCommentsInput, TCreateCommentInput, TTopLevelCommentsInput, TUpdateCommentInput } from './communityInputs';
import { assertMayWrite } from './admin/mutes';
import { enforceRateLimit } from './rateLimit';

type Executor = Pick<Database, 'select'>;

const COMMENT_NOT_FOUND = 'Không tìm thấy bình luận.';

type CommentRow = AuthorFields & {
  id: number;
  storyId: number;
  chapter: number | null;
  parentId: number | null;
  content: string;
  likeCount: number;
  replyCount: number;
  deleted: boolean;
  createdAt: Date;
  updatedAt: Date;
  liked: boolean;
};

/** A deleted comment keeps its place in the thread, without its text or its author. */
function toComment(row: CommentRow): Comment {
  return {
    _id: String(row.id),
    truyenId: String(row.storyId),
    chapter: row.chapter,
    parentId: row.parentId === null ? null : String(row.parentId),
    user: row.deleted ? null : toCommunityUser(row),
    content: row.deleted ? '' : row.content,
    likes: row.likeCount,
    liked: row.liked,
    replies: row.replyCount,
    deleted: row.deleted,
    createdAt: row.createdAt.getTime(),
    updatedAt: row.updatedAt.getTime(),
  };
}

/** Whether the viewer (an id, or the placeholder of a prepared statement) likes the comment. */
function likedBy(viewerId: string | Placeholder | null): SQL<boolean> {
  if (!viewerId) return sql<boolean>`false`;
  return existsIn(sql`select 1 from ${commentLikes} where ${commentLikes.commentId} = ${comments.id} and ${commentLikes.userId} = ${viewerId}`);
}

function selectComments(database: Executor, viewerId: string | Placeholder | null) {
  return database
    .select({
      id: comments.id,
      storyId: comments.storyId,
      chapter: comments.chapter,
      parentId: comments.parentId,
      content: comments.content,
      likeCount: comments.likeCount,
      replyCount: comments.replyCount,
      deleted: comments.deleted,
      createdAt: comments.createdAt,
      updatedAt: comments.updatedAt,
      ...authorColumns,
      liked: likedBy(viewerId),
    })
    .from(comments)
    .leftJoin(users, eq(users.id, comments.userId));
}

async function pagedComments(database: Database, where: SQL | undefined, order: SQL[], page: number, perpage: number, viewerId: string | null): Promise<Paged<Comment>> {
  const { limit, offset } = pageWindow(page, perpage);
  // The page's ids first (from the index alone), then the authors and likes of those rows only.
  const pageIds = database.select({ pageId: comments.id }).from(comments).where(where).orderBy(...order).limit(limit).offset(offset).as('page_ids');
  const [rows, [{ total }]] = await Promise.all([
    selectComments(database, viewerId)
      .innerJoin(pageIds, eq(pageIds.pageId, comments.id))
      .orderBy(...order),
    database.select({ total: count() }).from(comments).where(where),
  ]);
  return { results: rows.map(toComment), total, page, perpage };
}

const NEWEST_FIRST = [desc(comments.createdAt), desc(comments.id)];

/**
 * The two statements of a top-level comment page, prepared per shape: on a story page or under a
 * chapter, for a signed-in reader (their likes) or a visitor. `total` has no row when the story
 * is not visible.
 */
function prepareTopLevel(database: Database, onChapter: boolean, signedIn: boolean) {
  const where = and(
    eq(comments.storyId, sql.placeholder('story')),
    onChapter ? eq(comments.chapter, sql.placeholder('chapter')) : isNull(comments.chapter),
    isNull(comments.parentId),
    eq(comments.hidden, false),
  );
  const shape = `${onChapter ? 'chapter' : 'story'}_${signedIn ? 'reader' : 'visitor'}`;
  // The page's ids first (from the index alone), then the authors and likes of those rows only.
  const pageIds = database
    .select({ pageId: comments.id })
    .from(comments)
    .where(where)
    .orderBy(...NEWEST_FIRST)
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .as('page_ids');
  return {
    rows: selectComments(database, signedIn ? sql.placeholder('viewer') : null)
      .innerJoin(pageIds, eq(pageIds.pageId, comments.id))
      .orderBy(...NEWEST_FIRST)
      .prepare(`top_comments_${shape}`),
    total: database
      .select({ total: subquery<number>(sql`select count(*)::int from ${comments} where ${where}`) })
      .from(stories)
      .where(and(eq(stories.id, sql.placeholder('story')), eq(stories.hidden, false)))
      .prepare(`top_comments_total_${shape}`),
  };
}

const topLevelShapes = new Map(
  [false, true].flatMap((onChapter) => [false, true].map((signedIn) => [`${onChapter}:${signedIn}`, perDatabase((database) => prepareTopLevel(database, onChapter, signedIn))] as const)),
);

/**
 * A page of the top-level comments on a story page (no chapter) or under one chapter, newest
 * first; 404 when the story is not visible. Its rows and its total in one round trip.
 */
export async function listTopLevelComments(database: Database, input: TTopLevelCommentsInput, viewerId: string | null): Promise<Paged<Comment>> {
  const statements = topLevelShapes.get(`${Boolean(input.chapter)}:${viewerId !== null}`)!(database);
  const { limit, offset } = pageWindow(input.page, input.perpage);
  const values = { story: input.truyenId, chapter: input.chapter, viewer: viewerId, limit, offset };
  const [rows, [counted]] = await Promise.all([statements.rows.execute(values), statements.total.execute(values)]);
  if (!counted) throw notFound(STORY_NOT_FOUND);
  return { results: rows.map(toComment), total: counted.total, page: input.page, perpage: input.perpage };
}

/** A page of the replies to a comment, oldest first (the order of the conversation). */
export async function listReplies(database: Database, input: TChildCommentsInput, viewerId: string | null): Promise<Paged<Comment>> {
  const [parent] = await database.select({ storyId: comments.storyId, hidden: comments.hidden }).from(comments).where(eq(comments.id, input.commentId));
  if (!parent || parent.hidden) throw notFound(COMMENT_NOT_FOUND);
  await requireVisibleStory(database, parent.storyId);
  return pagedComments(database, and(eq(comments.parentId, input.commentId), eq(comments.hidden, false)), [asc(comments.createdAt), asc(comments.id)], input.page, input.perpage, viewerId);
}

async function findComment(database: Database, commentId: number, viewerId: string): Promise<Comment> {
  const [row] = await selectComments(database, viewerId).where(eq(comments.id, commentId));
  if (!row) throw notFound(COMMENT_NOT_FOUND);
  return toComment(row);
}

/**
 * Posts a comment on a story page or a chapter, or a reply. Threads are one level deep: a reply
 * to a reply joins the thread of its top-level comment.
 */
export async function createComment(database: Database, userId: string, input: TCreateCommentInput): Promise<Comment> {
  await assertMayWrite(database, userId);
  await enforceRateLimit(database, `comment:${userId}`, COMMUNITY_LIMITS.comment, TOO_FAST_MESSAGES.comment);
  const id = await database.transaction(async (tx) => {
    await requireVisibleStory(tx, input.truyenId);
    let chapter = input.chapter ?? null;
    let parentId: number | null = null;
    if (input.parentId) {
      const [target] = await tx.select({ parentId: comments.parentId, hidden: comments.hidden }).from(comments).where(eq(comments.id, input.parentId));
      const rootId = target?.parentId ?? input.parentId;
      // Locked so that a concurrent delete sees this reply in the count.
      const [root] = await tx
        .select({ storyId: comments.storyId, chapter: comments.chapter, deleted: comments.deleted, hidden: comments.hidden })
        .from(comments)
        .where(eq(comments.id, rootId))
        .for('update');
      if (!target || target.hidden || !root || root.deleted || root.hidden || root.storyId !== input.truyenId) throw notFound(COMMENT_NOT_FOUND);
      parentId = rootId;
      chapter = root.chapter;
    } else if (chapter !== null) {
      const [found] = await tx
        .select({ index: chapters.index })
        .from(chapters)
        .where(and(eq(chapters.storyId, input.truyenId), eq(chapters.index, chapter)));
      if (!found) throw badRequest('Chương này không tồn tại.');
    }
    const [row] = await tx
      .insert(comments)
      .values({ storyId: input.truyenId, chapter, parentId, userId, content: input.content })
      .returning({ id: comments.id });
    if (parentId !== null) {
      await tx.update(comments).set({ replyCount: sql`${comments.replyCount} + 1` }).where(eq(comments.id, parentId));
    }
    return row.id;
  });
  return findComment(database, id, userId);
}

const threadRoots = alias(comments, 'thread_root');

/**
 * The comment, locked, while readers see it; 404 when it is missing, deleted, hidden by an
 * operator, in the thread of a hidden comment or on a hidden story (it no longer exists for
 * readers, and a restore must bring back what the operator hid, unchanged).
 */
async function lockVisibleComment(tx: Executor, commentId: number) {
  const [row] = await tx
    .select({
      userId: comments.userId,
      parentId: comments.parentId,
      replyCount: comments.replyCount,
      deleted: comments.deleted,
      hidden: comments.hidden,
      rootHidden: threadRoots.hidden,
      storyHidden: stories.hidden,
    })
    .from(comments)
    .innerJoin(stories, eq(stories.id, comments.storyId))
    .leftJoin(threadRoots, eq(threadRoots.id, comments.parentId))
    .where(eq(comments.id, commentId))
    .for('update', { of: comments });
  if (!row || row.deleted || row.hidden || row.rootHidden || row.storyHidden) throw notFound(COMMENT_NOT_FOUND);
  return row;
}

/** The comment, locked, when `userId` may change it: 404 as lockVisibleComment, 403 when not theirs. */
async function ownComment(tx: Executor, commentId: number, userId: string, action: string) {
  const row = await lockVisibleComment(tx, commentId);
  if (row.userId !== userId) throw forbidden(`Bạn chỉ có thể ${action} bình luận của mình.`);
  return row;
}

/** Edits the text of the reader's own comment. */
export async function updateComment(database: Database, userId: string, input: TUpdateCommentInput): Promise<Comment> {
  await assertMayWrite(database, userId);
  await database.transaction(async (tx) => {
    await ownComment(tx, input.commentId, userId, 'sửa');
    await tx.update(comments).set({ content: input.content, updatedAt: new Date() }).where(eq(comments.id, input.commentId));
  });
  return findComment(database, input.commentId, userId);
}

/**
 * Deletes the reader's own comment. With replies it stays as "deleted" so the thread keeps its
 * place; without, it is removed and its parent's reply count drops. A deleted parent whose last
 * reply goes is removed too.
 */
export async function deleteComment(database: Database, userId: string, commentId: number): Promise<void> {
  await database.transaction(async (tx) => {
    const row = await ownComment(tx, commentId, userId, 'xóa');
    if (row.replyCount > 0) {
      await tx.update(comments).set({ deleted: true, content: '', updatedAt: new Date() }).where(eq(comments.id, commentId));
      return;
    }
    await tx.delete(comments).where(eq(comments.id, commentId));
    if (row.parentId === null) return;
    const [parent] = await tx
      .update(comments)
      .set({ replyCount: sql`greatest(${comments.replyCount} - 1, 0)` })
      .where(eq(comments.id, row.parentId))
      .returning({ replyCount: comments.replyCount, deleted: comments.deleted });
    if (parent?.deleted && parent.replyCount === 0) await tx.delete(comments).where(eq(comments.id, row.parentId));
  });
}

/**
 * Likes a comment or takes the like back (404 for one readers do not see); the count moves by
 * exactly the like rows that changed.
 */
export async function toggleCommentLike(database: Database, userId: string, commentId: number): Promise<LikeState> {
  await enforceRateLimit(database, `like:${userId}`, COMMUNITY_LIMITS.like, TOO_FAST_MESSAGES.like);
  return database.transaction(async (tx) => {
    await lockVisibleComment(tx, commentId);
    const added = await tx.insert(commentLikes).values({ commentId, userId }).onConflictDoNothing().returning({ id: commentLikes.commentId });
    const removed =
      added.length > 0
        ? []
        : await tx
            .delete(commentLikes)
            .where(and(eq(commentLikes.commentId, commentId), eq(commentLikes.userId, userId)))
            .returning({ id: commentLikes.commentId });
    const [row] = await tx
      .update(comments)
      .set({ likeCount: sql`${comments.likeCount} + ${added.length - removed.length}` })
      .where(eq(comments.id, commentId))
      .returning({ likes: comments.likeCount });
    return { liked: added.length > 0, likes: row.likes };
  });
}
