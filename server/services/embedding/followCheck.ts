import { and, asc, eq, exists, sql } from 'drizzle-orm';
import type { PoolClient } from 'pg';
import { pool, type Database } from '@/server/db/client';
import { bookmarks, embeddedSources, stories } from '@/server/db/schema';
import { logger } from '@/server/logger';
import { createFetcher, type TextFetcher } from '@/server/sources';
import { checkStory, markChecked, markDeferred } from './check';
import { isSourceBlockedError } from './links';

/** Key of the PostgreSQL advisory lock that lets one instance at a time run the check. */
export const FOLLOW_CHECK_LOCK_KEY = 7_240_001;
/** Stories looked at per run, the longest unchecked first; the rest wait for the next run. */
export const FOLLOW_CHECK_BATCH = 200;

export interface FollowCheckReport {
  /** True when another run (here or in another instance) held the lock. */
  skipped: boolean;
  checked: number;
  added: number;
  failed: number;
  /** Stories whose source refused automated access; left unchecked so the next run tries them first. */
  deferred: number;
  /** Stories that got new chapters, so their pages can be regenerated. */
  updated: number[];
}

export interface FollowCheckOptions {
  fetcher?: TextFetcher;
  limit?: number;
  /** Only this story, followed or not (the operator's "check now"). */
  storyId?: number;
}

/** Embedded, visible stories with at least one follower, the longest unchecked first. */
async function followedStoryIds(database: Database, limit: number): Promise<number[]> {
  const followed = database
    .select({ one: sql`1` })
    .from(bookmarks)
    .where(and(eq(bookmarks.storyId, stories.id), eq(bookmarks.follow, true)));
  const rows = await database
    .select({ id: stories.id })
    .from(stories)
    .innerJoin(embeddedSources, eq(embeddedSources.storyId, stories.id))
    .where(and(eq(stories.hidden, false), exists(followed)))
    .orderBy(sql`${embeddedSources.lastCheckedAt} asc nulls first`, asc(stories.id))
    .limit(limit);
  return rows.map((row) => row.id);
}

async function checkAll(database: Database, ids: number[], fetcher: TextFetcher): Promise<FollowCheckReport> {
  const report: FollowCheckReport = { skipped: false, checked: 0, added: 0, failed: 0, deferred: 0, updated: [] };
  for (const storyId of ids) {
    try {
      const { added } = await checkStory(database, storyId, fetcher);
      report.added += added;
      report.checked++;
      if (added > 0) report.updated.push(storyId);
    } catch (error) {
      if (isSourceBlockedError(error)) {
        // The fetcher's back-off makes the site's other stories fail fast too, without a request.
        report.deferred++;
        logger.info({ storyId }, 'embedded story check deferred: the source refuses automated access');
        await markDeferred(database, storyId, error).catch(() => undefined);
        continue;
      }
      report.failed++;
      logger.warn({ err: error, storyId }, 'embedded story check failed');
      await markChecked(database, storyId, error).catch(() => undefined);
    }
  }
  return report;
}

async function tryLock(client: PoolClient): Promise<boolean> {
  const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [FOLLOW_CHECK_LOCK_KEY]);
  return rows[0]?.locked === true;
}

/**
 * One follow check: new chapters of followed embedded stories are appended, which marks them in
 * followers' cabinets (their seen count falls behind the chapter count). Runs at most once at a
 * time across every instance and in this process (a session advisory lock on a connection held
 * for the run).
 */
export async function runFollowCheck(database: Database, options: FollowCheckOptions = {}): Promise<FollowCheckReport> {
  const skipped: FollowCheckReport = { skipped: true, checked: 0, added: 0, failed: 0, deferred: 0, updated: [] };
  let client: PoolClient | undefined;
  try {
    client = await pool().connect();
    if (!(await tryLock(client))) return skipped;
    try {
      const ids = options.storyId !== undefined ? [options.storyId] : await followedStoryIds(database, options.limit ?? FOLLOW_CHECK_BATCH);
      const report = await checkAll(database, ids, options.fetcher ?? createFetcher({ cache: false }));
      if (ids.length > 0) logger.info(report, 'follow check done');
      return report;
    } finally {
      await client.query('select pg_advisory_unlock($1)', [FOLLOW_CHECK_LOCK_KEY]);
    }
  } finally {
    client?.release();
  }
}
