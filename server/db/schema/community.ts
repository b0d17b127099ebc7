import { sql } from 'drizzle-orm';
import { bigserial, boolean, index, integer, jsonb, pgTable, primaryKey, serial, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { storyRef } from './catalogue';
import { readerRef, users } from './readers';

/** What readers write and report, and what operators do about it. */

export const reviews = pgTable(
  'reviews',
  {
    id: serial('id').primaryKey(),
    storyId: storyRef(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    rating: smallint('rating').notNull(),
    content: text('content').notNull(),
    likeCount: integer('like_count').notNull().default(0),
    /** Hidden by an operator: gone for readers, out of the story's rating. */
    hidden: boolean('hidden').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('reviews_story_user_uq').on(t.storyId, t.userId),
    index('reviews_story_created_idx').on(t.storyId, t.createdAt),
    index('reviews_user_created_idx').on(t.userId, t.createdAt),
  ],
);

export const reviewLikes = pgTable(
  'review_likes',
  {
    reviewId: integer('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    userId: readerRef(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.reviewId, t.userId] })],
);

export const comments = pgTable(
  'comments',
  {
    id: serial('id').primaryKey(),
    storyId: storyRef(),
    /** Chapter index for a comment under a chapter; null for the story page. */
    chapter: integer('chapter'),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    parentId: integer('parent_id'),
    content: text('content').notNull(),
    likeCount: integer('like_count').notNull().default(0),
    replyCount: integer('reply_count').notNull().default(0),
    deleted: boolean('deleted').notNull().default(false),
    /** Hidden by an operator: gone for readers, with its replies, and out of its parent's reply count. */
    hidden: boolean('hidden').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('comments_story_top_idx').on(t.storyId, t.chapter, t.parentId, t.createdAt),
    index('comments_parent_idx').on(t.parentId, t.createdAt),
    index('comments_user_created_idx').on(t.userId, t.createdAt),
  ],
);

export const commentLikes = pgTable(
  'comment_likes',
  {
    commentId: integer('comment_id')
      .notNull()
      .references(() => comments.id, { onDelete: 'cascade' }),
    userId: readerRef(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.commentId, t.userId] })],
);

export const REPORT_TARGET_TYPES = ['comment', 'review', 'story', 'copyright'] as const;
export const REPORT_REASONS = ['spam', 'abuse', 'spoiler', 'wrong_content', 'copyright', 'other'] as const;
export const REPORT_STATUSES = ['new', 'in_progress', 'resolved', 'rejected'] as const;

/**
 * Readers' reports on a comment, review or story, and copyright notices from the form: one queue
 * for the operators. A reader has at most one open (new or in progress) report per target.
 */
export const reports = pgTable(
  'reports',
  {
    id: serial('id').primaryKey(),
    targetType: text('target_type', { enum: REPORT_TARGET_TYPES }).notNull(),
    /** The comment, review or story id; null for a copyright notice. */
    targetId: integer('target_id'),
    reason: text('reason', { enum: REPORT_REASONS }).notNull(),
    detail: text('detail').notNull().default(''),
    status: text('status', { enum: REPORT_STATUSES }).notNull().default('new'),
    /** The reader who reported; null for a copyright notice or once the account is deleted. */
    reporterId: text('reporter_id').references(() => users.id, { onDelete: 'set null' }),
    contactName: text('contact_name'),
    contactEmail: text('contact_email'),
    links: jsonb('links').$type<string[]>().notNull().default([]),
    statement: text('statement').notNull().default(''),
    note: text('note').notNull().default(''),
    handledBy: text('handled_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('reports_status_created_idx').on(t.status, t.createdAt),
    index('reports_target_idx').on(t.targetType, t.targetId),
    uniqueIndex('reports_open_per_reader_uq')
      .on(t.reporterId, t.targetType, t.targetId)
      .where(sql`${t.status} in ('new', 'in_progress') and ${t.reporterId} is not null`),
  ],
);

/**
 * What operators did (and the command line, as actor 'cli'): one row per action, never changed
 * or removed; a trigger refuses UPDATE, DELETE and TRUNCATE (migration 0006). The actor is kept
 * by id and email, without a foreign key, so deleting an account cannot rewrite the log.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorId: text('actor_id').notNull(),
    actorEmail: text('actor_email').notNull(),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    note: text('note').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt),
    index('audit_log_target_idx').on(t.targetType, t.targetId, t.createdAt),
    index('audit_log_action_idx').on(t.action, t.createdAt),
  ],
);
