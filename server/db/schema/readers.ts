import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { storyRef } from './catalogue';

/** Readers: accounts (the Firebase uid), their cabinet and reading history. */

export const users = pgTable('users', {
  /** The Firebase uid. */
  id: text('id').primaryKey(),
  email: text('email').notNull(),
  username: text('username').notNull(),
  avatar: text('avatar'),
  /** VIP expiry in unix seconds; 0 when never a member. */
  expireTime: bigint('expire_time', { mode: 'number' }).notNull().default(0),
  role: text('role', { enum: ['reader', 'admin'] }).notNull().default('reader'),
  /** Who gave the current role ('cli' or an operator's id) and when; null for a reader never granted. */
  roleGrantedBy: text('role_granted_by'),
  roleGrantedAt: timestamp('role_granted_at', { withTimezone: true }),
  /** An operator's mute: no comments or reviews until then, with the reason the reader is shown. */
  mutedUntil: timestamp('muted_until', { withTimezone: true }),
  muteReason: text('mute_reason'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [index('users_created_idx').on(t.createdAt), index('users_role_idx').on(t.role).where(sql`${t.role} <> 'reader'`)]);

/** A row's reader: removed with the account. */
export const readerRef = () =>
  text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

export const bookmarks = pgTable(
  'bookmarks',
  {
    userId: readerRef(),
    storyId: storyRef(),
    chapter: integer('chapter').notNull().default(1),
    /** true: saved in the story cabinet; false: only reading progress. */
    save: boolean('save').notNull().default(false),
    /** Milliseconds since the epoch of the last reading. */
    time: bigint('time', { mode: 'number' }).notNull(),
    /** Newest chapter index the reader has been told about (followed embedded stories). */
    seenChapters: integer('seen_chapters').notNull().default(0),
    follow: boolean('follow').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.userId, t.storyId] }), index('bookmarks_story_idx').on(t.storyId)],
);

export const readingHistory = pgTable(
  'reading_history',
  {
    id: serial('id').primaryKey(),
    userId: readerRef(),
    storyId: storyRef(),
    chapter: integer('chapter').notNull(),
    audioTime: integer('audio_time').notNull().default(1),
    time: bigint('time', { mode: 'number' }).notNull(),
  },
  (t) => [index('reading_history_user_time_idx').on(t.userId, t.time)],
);
