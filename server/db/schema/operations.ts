import { bigint, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** Counters, scheduled job claims and rate limits shared by every site process. */

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
