import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** Vietnamese letters with diacritics (both cases) and their plain lower-case letters, for search_description. */
const VIETNAMESE_FOLDS: Record<string, string> = {
  a: 'àáảãạăằắẳẵặâầấẩẫậ',
  e: 'èéẻẽẹêềếểễệ',
  i: 'ìíỉĩị',
  o: 'òóỏõọôồốổỗộơờớởỡợ',
  u: 'ùúủũụưừứửữự',
  y: 'ỳýỷỹỵ',
  d: 'đ',
};
const FOLD_FROM = Object.values(VIETNAMESE_FOLDS)
  .map((forms) => forms + forms.toUpperCase())
  .join('');
const FOLD_TO = Object.entries(VIETNAMESE_FOLDS)
  .map(([plain, forms]) => plain.repeat(forms.length * 2))
  .join('');

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

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

export const storyGenres = pgTable(
  'story_genres',
  {
    storyId: integer('story_id')
      .notNull()
      .references(() => stories.id, { onDelete: 'cascade' }),
    genreId: integer('genre_id')
      .notNull()
      .references(() => genres.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.storyId, t.genreId] }), index('story_genres_genre_idx').on(t.genreId)],
);

export const chapters = pgTable(
  'chapters',
  {
    storyId: integer('story_id')
      .notNull()
      .references(() => stories.id, { onDelete: 'cascade' }),
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

export const bookmarks = pgTable(
  'bookmarks',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    storyId: integer('story_id')
      .notNull()
      .references(() => stories.id, { onDelete: 'cascade' }),
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
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    storyId: integer('story_id')
      .notNull()
      .references(() => stories.id, { onDelete: 'cascade' }),
    chapter: integer('chapter').notNull(),
    audioTime: integer('audio_time').notNull().default(1),
    time: bigint('time', { mode: 'number' }).notNull(),
  },
  (t) => [index('reading_history_user_time_idx').on(t.userId, t.time)],
);

export const reviews = pgTable(
  'reviews',
  {
    id: serial('id').primaryKey(),
    storyId: integer('story_id')
      .notNull()
      .references(() => stories.id, { onDelete: 'cascade' }),
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
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.reviewId, t.userId] })],
);

export const comments = pgTable(
  'comments',
  {
    id: serial('id').primaryKey(),
    storyId: integer('story_id')
      .notNull()
      .references(() => stories.id, { onDelete: 'cascade' }),
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
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.commentId, t.userId] })],
);

export const vipPlans = pgTable('vip_plans', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  days: integer('days').notNull(),
  /** Price in VND. */
  price: integer('price').notNull(),
  active: boolean('active').notNull().default(true),
  position: integer('position').notNull().default(0),
});

export const vipOrders = pgTable(
  'vip_orders',
  {
    id: serial('id').primaryKey(),
    /** The order reference sent to the payment provider (vnp_TxnRef). */
    ref: text('ref').notNull().unique(),
    /** Null once the buyer deleted their account: the record stays for accounting and disputes. */
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    planId: integer('plan_id')
      .notNull()
      .references(() => vipPlans.id),
    amount: integer('amount').notNull(),
    status: text('status', { enum: ['pending', 'paid', 'cancelled', 'failed'] }).notNull().default('pending'),
    provider: text('provider').notNull(),
    providerRef: text('provider_ref'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('vip_orders_user_idx').on(t.userId, t.createdAt),
    index('vip_orders_created_idx').on(t.createdAt),
    index('vip_orders_paid_idx').on(t.paidAt),
  ],
);

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

/** A reader's names list for one embedded story, applied on top of the global dictionaries. */
export const storyNames = pgTable(
  'story_names',
  {
    storyId: integer('story_id')
      .notNull()
      .references(() => stories.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    entries: jsonb('entries').$type<Record<string, string>>().notNull().default({}),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.storyId, t.userId] })],
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

export const storyViewsDaily = pgTable(
  'story_views_daily',
  {
    storyId: integer('story_id')
      .notNull()
      .references(() => stories.id, { onDelete: 'cascade' }),
    day: text('day').notNull(),
    views: integer('views').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.storyId, t.day] }), index('story_views_daily_day_idx').on(t.day)],
);

/** Story takedowns of `npm run story` (kept by slug after a removal); the audit log records them too. */
export const takedowns = pgTable('takedowns', {
  id: serial('id').primaryKey(),
  storyId: integer('story_id').references(() => stories.id, { onDelete: 'set null' }),
  storySlug: text('story_slug').notNull(),
  kind: text('kind', { enum: ['copyright', 'content', 'other'] }).notNull().default('copyright'),
  action: text('action', { enum: ['hide', 'remove', 'none'] }).notNull().default('none'),
  note: text('note').notNull().default(''),
  createdAt: createdAt(),
});

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

/** Every payment notification (IPN) received for an order, for support: when, the code, accepted or not. */
export const vipOrderNotifications = pgTable(
  'vip_order_notifications',
  {
    id: serial('id').primaryKey(),
    ref: text('ref').notNull(),
    /** The provider's response code (vnp_ResponseCode) and our answer (RspCode). */
    code: text('code').notNull(),
    answer: text('answer').notNull(),
    ok: boolean('ok').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('vip_order_notifications_ref_idx').on(t.ref, t.at)],
);

/**
 * Counters of the day (Vietnam's calendar) kept in memory by each process and added here in
 * batches: listens, and per source site its fetches, blocks, challenges and parse errors.
 */
export const dailyCounters = pgTable(
  'daily_counters',
  {
    day: text('day').notNull(),
    name: text('name').notNull(),
    /** The source site for source counters; '' otherwise. */
    key: text('key').notNull().default(''),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.name, t.key] })],
);

/** The console's daily figures, recomputed on a schedule from the tables the site writes. */
export const siteDailyStats = pgTable('site_daily_stats', {
  day: text('day').primaryKey(),
  reads: integer('reads').notNull().default(0),
  listens: integer('listens').notNull().default(0),
  signups: integer('signups').notNull().default(0),
  /** VND of the VIP orders paid that day. */
  revenue: bigint('revenue', { mode: 'number' }).notNull().default(0),
  computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Claims of scheduled jobs: one row per job and time slot, so of all the processes that wake up
 * for a slot exactly one runs the job.
 */
export const jobRuns = pgTable(
  'job_runs',
  {
    name: text('name').notNull(),
    slot: bigint('slot', { mode: 'number' }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** Which process ran it: host and pid. */
    runner: text('runner').notNull(),
  },
  (t) => [primaryKey({ columns: [t.name, t.slot] })],
);

/** Fixed-window counters shared by all instances (rate limits). */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    windowStart: bigint('window_start', { mode: 'number' }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [index('rate_limits_window_idx').on(t.windowStart)],
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

export * from './notificationSchema';
