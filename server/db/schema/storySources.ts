import { bigint, boolean, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt } from './columns';
import { stories } from './catalogue';

/**
 * Every source of an embedded story: the site it was embedded from and the other sites that hold
 * the same book. One of them serves (reads chapters and the follow check); the others wait in
 * `priority` order for a failover. A source that failed `SOURCE_FAILOVER_AFTER` times in a row
 * hands over and is tried again from `retry_at`.
 */
export const storySources = pgTable(
  'story_sources',
  {
    id: serial('id').primaryKey(),
    storyId: integer('story_id')
      .notNull()
      .references(() => stories.id, { onDelete: 'cascade' }),
    site: text('site').notNull(),
    /** The canonical book page on the site's canonical domain at the time it was added. */
    sourceUrl: text('source_url').notNull().unique(),
    /** Order of preference: the lowest serves when it is healthy (0: the source the story was embedded from). */
    /** The book's key on that site (bookKey of its title and author), to find the story of another site's copy. */
    bookKey: text('book_key'),
    priority: integer('priority').notNull(),
    serving: boolean('serving').notNull().default(false),
    /** Failures in a row (chapters or follow checks); an answer that parses sets it back to 0. */
    failures: integer('failures').notNull().default(0),
    lastError: text('last_error'),
    lastErrorAt: timestamp('last_error_at', { withTimezone: true }),
    /** A source that handed over is tried again from then on. */
    retryAt: timestamp('retry_at', { withTimezone: true }),
    chapterCount: integer('chapter_count').notNull().default(0),
    addedBy: text('added_by', { enum: ['embed', 'reader', 'operator'] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('story_sources_story_idx').on(t.storyId, t.priority),
    index('story_sources_book_key_idx').on(t.bookKey),
    uniqueIndex('story_sources_serving_idx').on(t.storyId).where(sql`${t.serving}`),
  ],
);

/** Where each chapter of a story is on each of its sources (chapters aligned by number and title). */
export const storySourceChapters = pgTable(
  'story_source_chapters',
  {
    sourceId: integer('source_id')
      .notNull()
      .references(() => storySources.id, { onDelete: 'cascade' }),
    /** The story's chapter index. */
    chapterIndex: integer('chapter_index').notNull(),
    url: text('url').notNull(),
    /** The chapter's title on that site, in Chinese. */
    title: text('title').notNull(),
  },
  (t) => [primaryKey({ columns: [t.sourceId, t.chapterIndex] })],
);

/** A site's canonical domain as an operator set it in the console (over SOURCE_DOMAINS and the adapter's own). */
export const siteDomains = pgTable('site_domains', {
  site: text('site').primaryKey(),
  domain: text('domain').notNull(),
  updatedBy: text('updated_by').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Politeness toward each source host shared by every site process: the next start any process may
 * make and the host's cool-down after a refusal, in milliseconds of the database's clock.
 */
export const sourceHostTurns = pgTable('source_host_turns', {
  host: text('host').primaryKey(),
  nextAt: bigint('next_at', { mode: 'number' }).notNull(),
  cooldownUntil: bigint('cooldown_until', { mode: 'number' }).notNull().default(0),
});

/** Requests in flight to a host across processes: a slot held until released or its lease ends. */
export const sourceHostSlots = pgTable(
  'source_host_slots',
  {
    host: text('host').notNull(),
    slot: integer('slot').notNull(),
    holder: text('holder').notNull(),
    leaseUntil: bigint('lease_until', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.host, t.slot] })],
);
