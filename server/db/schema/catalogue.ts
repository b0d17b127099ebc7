import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, primaryKey, real, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt, FOLD_FROM, FOLD_TO } from './columns';

/** The catalogue: genres, stories, their chapters, daily views and takedowns. */

export const genres = pgTable('genres', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull().unique(),
  hot: boolean('hot').notNull().default(true),
  position: integer('position').notNull(),
  description: text('description').notNull().default(''),
});

export const stories = pgTable(
  'stories',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    title: text('title').notNull(),
    author: text('author').notNull(),
    description: text('description').notNull().default(''),
    cover: text('cover'),
    /** 'ongoing' (đang ra) or 'completed' (hoàn thành). */
    status: text('status', { enum: ['ongoing', 'completed'] }).notNull().default('ongoing'),
    origin: text('origin', { enum: ['native', 'embedded'] }).notNull().default('native'),
    sourceUrl: text('source_url'),
    sourceSite: text('source_site'),
    /** Original (Chinese) title and author of an embedded story. */
    originalTitle: text('original_title'),
    originalAuthor: text('original_author'),
    chapterCount: integer('chapter_count').notNull().default(0),
    wordCount: bigint('word_count', { mode: 'number' }).notNull().default(0),
    viewsTotal: bigint('views_total', { mode: 'number' }).notNull().default(0),
    viewsDay: integer('views_day').notNull().default(0),
    viewsWeek: integer('views_week').notNull().default(0),
    viewsMonth: integer('views_month').notNull().default(0),
    ratingAvg: real('rating_avg').notNull().default(0),
    ratingCount: integer('rating_count').notNull().default(0),
    bookmarkCount: integer('bookmark_count').notNull().default(0),
    /** Hidden stories (copyright takedowns, unapproved) are not served anywhere. */
    hidden: boolean('hidden').notNull().default(false),
    /** Embedded stories stay out of search engines until an operator approves them. */
    indexable: boolean('indexable').notNull().default(true),
    /** Title and author folded to lower-case ASCII (see lib/text/fold.ts) for search. */
    searchTitle: text('search_title').notNull().default(''),
    searchAuthor: text('search_author').notNull().default(''),
    /**
     * The description folded like search_title (accents, đ, case, runs of white space), computed by
     * the database so every writer gets it; searched through its trigram index.
     */
    searchDescription: text('search_description').generatedAlwaysAs(
      sql`lower(regexp_replace(translate(description, ${sql.raw(`'${FOLD_FROM}'`)}, ${sql.raw(`'${FOLD_TO}'`)}), '[[:space:]]+', ' ', 'g'))`,
    ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    latestChapterAt: timestamp('latest_chapter_at', { withTimezone: true }),
  },
  (t) => [
    index('stories_search_title_trgm').using('gin', sql`${t.searchTitle} gin_trgm_ops`),
    index('stories_search_author_trgm').using('gin', sql`${t.searchAuthor} gin_trgm_ops`),
    index('stories_search_description_trgm').using('gin', sql`${t.searchDescription} gin_trgm_ops`),
    index('stories_chapter_count_idx').on(t.chapterCount),
    index('stories_author_idx').on(t.searchAuthor),
    // One index per ranking order (server/services/rankings.ts), newest id breaking ties.
    index('stories_rank_hot_idx').on(sql`(${t.viewsWeek} + ${t.bookmarkCount} * 20) desc`, sql`${t.id} desc`),
    index('stories_rank_day_idx').on(sql`${t.viewsDay} desc`, sql`${t.id} desc`),
    index('stories_rank_week_idx').on(sql`${t.viewsWeek} desc`, sql`${t.id} desc`),
    index('stories_rank_month_idx').on(sql`${t.viewsMonth} desc`, sql`${t.id} desc`),
    index('stories_rank_total_idx').on(sql`${t.viewsTotal} desc`, sql`${t.id} desc`),
    index('stories_rank_rating_idx').on(sql`(${t.ratingAvg} * least(${t.ratingCount}, 50)) desc`, sql`${t.id} desc`),
    index('stories_rank_bookmark_idx').on(sql`${t.bookmarkCount} desc`, sql`${t.id} desc`),
    index('stories_rank_updated_idx').on(sql`${t.updatedAt} desc`, sql`${t.id} desc`),
    index('stories_rank_created_idx').on(sql`${t.createdAt} desc`, sql`${t.id} desc`),
    index('stories_rank_completed_idx')
      .on(sql`${t.updatedAt} desc`, sql`${t.id} desc`)
      .where(sql`${t.status} = 'completed'`),
  ],
);

/** A row's story: removed with it. */
export const storyRef = () =>
  integer('story_id')
    .notNull()
    .references(() => stories.id, { onDelete: 'cascade' });

export const storyGenres = pgTable(
  'story_genres',
  {
    storyId: storyRef(),
    genreId: integer('genre_id')
      .notNull()
      .references(() => genres.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.storyId, t.genreId] }), index('story_genres_genre_idx').on(t.genreId)],
);

export const chapters = pgTable(
  'chapters',
  {
    storyId: storyRef(),
    /** 1-based chapter number, as in /slug/chuong-N. */
    index: integer('index').notNull(),
    title: text('title').notNull(),
    /** Paragraphs separated by '\n'; null for an embedded chapter not fetched yet. */
    content: text('content'),
    wordCount: integer('word_count').notNull().default(0),
    vip: boolean('vip').notNull().default(false),
    /** Source page of an embedded chapter. */
    sourceUrl: text('source_url'),
    /** Original (Chinese) text of an embedded chapter, kept so it can be converted again with new names. */
    sourceText: text('source_text'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.storyId, t.index] })],
);

export const storyViewsDaily = pgTable(
  'story_views_daily',
  {
    storyId: storyRef(),
    day: text('day').notNull(),
    views: integer('views').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.storyId, t.day] }), index('story_views_daily_day_idx').on(t.day)],
);

/**
 * Story takedowns (the console and `npm run story`), kept by slug and by the embedded story's
 * canonical source URL after a removal; the audit log records them too. A takedown holds until it
 * is lifted (an unhide): while it holds, no path brings the story back under its slug or from its
 * source.
 */
export const takedowns = pgTable(
  'takedowns',
  {
    id: serial('id').primaryKey(),
    storyId: integer('story_id').references(() => stories.id, { onDelete: 'set null' }),
    storySlug: text('story_slug').notNull(),
    /** The canonical book URL of an embedded story (server/services/embedding/links.ts). */
    sourceUrl: text('source_url'),
    kind: text('kind', { enum: ['copyright', 'content', 'other'] }).notNull().default('copyright'),
    action: text('action', { enum: ['hide', 'remove', 'none'] }).notNull().default('none'),
    note: text('note').notNull().default(''),
    createdAt: createdAt(),
    /** When the takedown was undone; null while it holds. */
    liftedAt: timestamp('lifted_at', { withTimezone: true }),
  },
  (t) => [
    index('takedowns_slug_held_idx').on(t.storySlug).where(sql`${t.liftedAt} is null`),
    index('takedowns_source_held_idx').on(t.sourceUrl).where(sql`${t.liftedAt} is null`),
  ],
);
