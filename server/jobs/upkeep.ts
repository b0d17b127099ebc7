import { lt } from 'drizzle-orm';
import type { Database } from '../db/client';
import { fetchCache } from '../db/schema';
import { pruneRateLimits } from '../services/rateLimit';
import { pruneViewBuckets } from '../services/views';
import { pruneJobRuns } from './claims';

const DAY_MS = 86_400_000;
/** Longer than any age a source fetch accepts from the cache (chapters: 30 days). */
export const FETCH_CACHE_KEEP_MS = 31 * DAY_MS;
export const JOB_RUNS_KEEP_MS = 7 * DAY_MS;

export interface UpkeepReport {
  rateLimits: number;
  fetchCache: number;
  viewBuckets: number;
  jobRuns: number;
}

/** Removes what has outlived its use, so no table grows forever. */
export async function runUpkeep(database: Database, now = Date.now()): Promise<UpkeepReport> {
  const fetched = await database
    .delete(fetchCache)
    .where(lt(fetchCache.fetchedAt, new Date(now - FETCH_CACHE_KEEP_MS)))
    .returning({ url: fetchCache.url });
  return {
    rateLimits: await pruneRateLimits(database, DAY_MS, now),
    fetchCache: fetched.length,
    viewBuckets: await pruneViewBuckets(database, now),
    jobRuns: await pruneJobRuns(database, JOB_RUNS_KEEP_MS, now),
  };
}
