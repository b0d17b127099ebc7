import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { stories, storyRef } from './catalogue';
import { readerRef } from './readers';

/** Nhúng: the source of each embedded story, readers' names lists, fetched pages and operator dictionaries. */

export const embeddedSources = pgTable('embedded_sources', {
  storyId: integer('story_id')
    .primaryKey()
    .references(() => stories.id, { onDelete: 'cascade' }),
  site: text('site').notNull(),
  sourceUrl: text('source_url').notNull().unique(),
  lastCheckedAt: timestamp('last_checked_at', { withTimezone: true }),
  lastChapterSeen: integer('last_chapter_seen').notNull().default(0),
  /** Operator approval for search-engine indexing. */
  approved: boolean('approved').notNull().default(false),
  /** Why the last follow check of the story failed (null once a check succeeds), for the console. */
  lastError: text('last_error'),
  lastErrorAt: timestamp('last_error_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/** A reader's own names list for one embedded story: applied for that reader only, on top of the story's shared list. */
export const storyNames = pgTable(
  'story_names',
  {
    storyId: storyRef(),
    userId: readerRef(),
    entries: jsonb('entries').$type<Record<string, string>>().notNull().default({}),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.storyId, t.userId] })],
);

/**
 * A story's shared names list: what every reader of the story reads (a reader's own list, in
 * story_names, applies on top of it for that reader only). An entry is shared by an operator, by
 * NAMES_SHARE_THRESHOLD eligible readers proposing the same form, or was the readers' agreement when
 * lists were still merged; a locked entry is changed by operators only.
 */
export const storySharedNames = pgTable(
  'story_shared_names',
  {
    storyId: storyRef(),
    original: text('original').notNull(),
    translation: text('translation').notNull(),
    locked: boolean('locked').notNull().default(false),
    source: text('source', { enum: ['operator', 'readers', 'migrated'] }).notNull(),
    /** The operator who accepted, locked or unlocked it last ('cli' or an id); null when readers shared it. */
    decidedBy: text('decided_by'),
    sharedAt: timestamp('shared_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.storyId, t.original] })],
);

/** A reader's proposal of one entry of their own list for the story's shared list: one per reader per original. */
export const storyNameProposals = pgTable(
  'story_name_proposals',
  {
    storyId: storyRef(),
    userId: readerRef(),
    original: text('original').notNull(),
    translation: text('translation').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.storyId, t.userId, t.original] }),
    index('story_name_proposals_form_idx').on(t.storyId, t.original, t.translation),
  ],
);

/** Fetched source pages, so a chapter list or chapter is not fetched twice in a short time. */
export const fetchCache = pgTable(
  'fetch_cache',
  {
    url: text('url').primaryKey(),
    body: text('body').notNull(),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('fetch_cache_fetched_idx').on(t.fetchedAt)],
);

/**
 * QuickTranslator files an operator loaded from the console: the newest of each kind is read by
 * every site process, before the configured files (its entries win), and a process that sees a
 * newer upload loads it again.
 */
export const convertUploads = pgTable(
  'convert_uploads',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: ['vietphrase', 'names'] }).notNull(),
    name: text('name').notNull(),
    content: text('content').notNull(),
    entries: integer('entries').notNull(),
    skipped: integer('skipped').notNull().default(0),
    firstSkipped: text('first_skipped'),
    uploadedBy: text('uploaded_by').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('convert_uploads_kind_idx').on(t.kind, t.id)],
);
