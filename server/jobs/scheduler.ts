import { db, type Database } from '@/server/db/client';
import { logger } from '@/server/logger';
import { refreshSiteStats } from '@/server/services/admin/health';
import { runFollowCheck } from '@/server/services/embedding/followCheck';
import { refreshViewWindows } from '@/server/services/views';
import { deliverDuePushes } from '@/server/services/notifications/delivery';
import { pruneNotificationData } from '@/server/services/notifications/prune';
import { claimJobRun, finishJobRun } from './claims';
import { jobsSettings } from '../env';
import { runUpkeep } from './upkeep';

export interface ScheduledJob {
  name: string;
  everyMs: number;
  /** Not before this long after the process starts, so a starting server serves its first pages first. */
  firstAfterMs: number;
  run: (database: Database) => Promise<unknown>;
}

const MINUTE_MS = 60_000;
const LONGEST_TICK_MS = 15_000;

/** The site's scheduled jobs; each runs once per period across every process of the site. */
export function scheduledJobs(followCheckMinutes = jobsSettings().EMBED_CHECK_INTERVAL_MINUTES): ScheduledJob[] {
  const jobs: ScheduledJob[] = [
    { name: 'view-windows', everyMs: 5 * MINUTE_MS, firstAfterMs: 10_000, run: refreshViewWindows },
    { name: 'upkeep', everyMs: 60 * MINUTE_MS, firstAfterMs: 5 * MINUTE_MS, run: runUpkeep },
    { name: 'site-stats', everyMs: 10 * MINUTE_MS, firstAfterMs: 30_000, run: refreshSiteStats },
    { name: 'push-deliveries', everyMs: MINUTE_MS, firstAfterMs: 20_000, run: (database) => deliverDuePushes(database) },
    { name: 'notifications-prune', everyMs: 60 * MINUTE_MS, firstAfterMs: 5 * MINUTE_MS, run: pruneNotificationData },
  ];
  if (followCheckMinutes > 0) {
    const everyMs = followCheckMinutes * MINUTE_MS;
    jobs.push({ name: 'follow-check', everyMs, firstAfterMs: Math.min(MINUTE_MS, everyMs), run: runFollowCheck });
  }
  return jobs;
}

interface SchedulerState {
  timer?: NodeJS.Timeout;
}

// One scheduler per process, even if the module is loaded twice (dev reloads, several bundles).
const store = globalThis as typeof globalThis & { __truyenJobs?: SchedulerState };

/**
 * Runs the due jobs of this tick. A job's period is cut into slots (`now / everyMs`); every
 * process tries to claim the current slot once, and the one whose claim lands runs it.
 */
export async function runDueJobs(database: Database, jobs: ScheduledJob[], tried: Map<string, number>, startedAt: number, now = Date.now()) {
  for (const job of jobs) {
    if (now - startedAt < job.firstAfterMs) continue;
    const slot = Math.floor(now / job.everyMs);
    if (tried.get(job.name) === slot) continue;
    tried.set(job.name, slot);
    try {
      if (!(await claimJobRun(database, job.name, slot))) continue;
      await job.run(database);
      await finishJobRun(database, job.name, slot);
    } catch (error) {
      logger.error({ err: error, job: job.name }, 'scheduled job failed');
    }
  }
}

/**
 * Starts the scheduled jobs in this process: queued pushes every minute, ranking windows every 5
 * minutes, the console's daily figures every 10, upkeep and old notifications hourly,
 * and the follow check of embedded stories every EMBED_CHECK_INTERVAL_MINUTES (0 turns it
 * off). Timers do not keep the process alive.
 */
export function startJobScheduler(): boolean {
  if (store.__truyenJobs) return false;
  const jobs = scheduledJobs();
  store.__truyenJobs = {};
  const startedAt = Date.now();
  const tried = new Map<string, number>();
  const tickMs = Math.min(LONGEST_TICK_MS, ...jobs.map((job) => job.everyMs / 2));
  let busy = false;
  store.__truyenJobs.timer = setInterval(() => {
    if (busy) return;
    busy = true;
    void runDueJobs(db(), jobs, tried, startedAt).finally(() => {
      busy = false;
    });
  }, tickMs).unref();
  const follow = jobs.find((job) => job.name === 'follow-check');
  if (follow) logger.info({ minutes: follow.everyMs / MINUTE_MS }, 'follow check of embedded stories scheduled');
  else logger.info('follow check of embedded stories is off (EMBED_CHECK_INTERVAL_MINUTES=0)');
  return true;
}

/** Stops the scheduler (tests, shutdown). */
export function stopJobScheduler(): void {
  const timer = store.__truyenJobs?.timer;
  if (timer) clearInterval(timer);
  store.__truyenJobs = undefined;
}
