import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, index, integer, pgTable, primaryKey, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { stories, storyRef } from './catalogue';
import { readerRef, users } from './readers';

/**
 * New-chapter notifications: the reader's centre (one entry per story per check or import, kept
 * 30 days), Web Push subscriptions and preferences, and the queue of push deliveries.
 */

/** One entry of a reader's centre: chapters `fromChapter`..`toChapter` of a story arrived. */
export const notifications = pgTable(
  'notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: readerRef(),
    storyId: storyRef(),
    fromChapter: integer('from_chapter').notNull(),
    toChapter: integer('to_chapter').notNull(),
    /** Title of the first new chapter, as the entry says it ("Chương N – title"). */
    chapterTitle: text('chapter_title').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    index('notifications_user_created_idx').on(t.userId, t.createdAt),
    index('notifications_unread_idx').on(t.userId).where(sql`${t.readAt} is null`),
    index('notifications_created_idx').on(t.createdAt),
  ],
);

/** A reader's push preferences; no row means push off and the default quiet hours. */
export const notificationSettings = pgTable('notification_settings', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  pushEnabled: boolean('push_enabled').notNull().default(false),
  /** Quiet hours in minutes after midnight, Vietnam time; start = end means none. */
  quietStart: smallint('quiet_start').notNull().default(22 * 60),
  quietEnd: smallint('quiet_end').notNull().default(7 * 60),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Stories whose new chapters a reader wants pushed (besides the centre, which gets them all). */
export const pushStoryOptIns = pgTable(
  'push_story_opt_ins',
  {
    userId: readerRef(),
    storyId: storyRef(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.storyId] }), index('push_story_opt_ins_story_idx').on(t.storyId)],
);

/** A browser's push subscription (PushSubscription.toJSON()). */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: readerRef(),
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    /** What the reader sees in settings to tell devices apart. */
    label: text('label').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }),
  },
  (t) => [index('push_subscriptions_user_idx').on(t.userId)],
);

export const PUSH_DELIVERY_STATUSES = ['pending', 'sent', 'failed'] as const;

/**
 * The push queue: one row per notification and subscription. A worker claims due rows
 * (`next_attempt_at`), sends, and on a passing failure tries again later with a longer wait.
 */
export const pushDeliveries = pgTable(
  'push_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: 'cascade' }),
    /** Null for a test notification. */
    notificationId: bigint('notification_id', { mode: 'number' }).references(() => notifications.id, { onDelete: 'cascade' }),
    userId: readerRef(),
    /** Null for a test notification. */
    storyId: integer('story_id').references(() => stories.id, { onDelete: 'cascade' }),
    payload: text('payload').notNull(),
    status: text('status', { enum: PUSH_DELIVERY_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('push_deliveries_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    index('push_deliveries_user_story_idx').on(t.userId, t.storyId, t.createdAt),
    index('push_deliveries_created_idx').on(t.createdAt),
  ],
);
