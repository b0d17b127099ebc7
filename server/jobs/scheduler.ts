import { db } from '@/server/db/client';
import { logger } from '@/server/logger';
import { runFollowCheck } from '@/server/services/embedding/followCheck';
import { jobsConfig } from './config';

/** The first check waits a little, so a starting server serves its first pages first. */
const FIRST_RUN_DELAY_MS = 60_000;

interface SchedulerState {
  timer?: NodeJS.Timeout;
}

// One scheduler per process, even if the module is loaded twice (dev reloads, several bundles).
const store = globalThis as typeof globalThis & { __truyenJobs?: SchedulerState };

async function tick(): Promise<void> {
  try {
    await runFollowCheck(db());
  } catch (error) {
    logger.error({ err: error }, 'follow check failed');
  }
}

/**
 * Starts the scheduled follow check of embedded stories every EMBED_CHECK_INTERVAL_MINUTES
 * (0 turns it off). Every instance runs the timer; the advisory lock in runFollowCheck lets
 * only one of them check at a time. Timers do not keep the process alive.
 */
export function startJobScheduler(): boolean {
  if (store.__truyenJobs) return false;
  const minutes = jobsConfig().EMBED_CHECK_INTERVAL_MINUTES;
  store.__truyenJobs = {};
  if (minutes === 0) {
    logger.info('follow check of embedded stories is off (EMBED_CHECK_INTERVAL_MINUTES=0)');
    return false;
  }
  const intervalMs = minutes * 60_000;
  const first = setTimeout(() => {
    void tick();
    store.__truyenJobs!.timer = setInterval(() => void tick(), intervalMs).unref();
  }, Math.min(FIRST_RUN_DELAY_MS, intervalMs));
  first.unref();
  store.__truyenJobs.timer = first;
  logger.info({ minutes }, 'follow check of embedded stories scheduled');
  return true;
}

/** Stops the scheduler (tests, shutdown). */
export function stopJobScheduler(): void {
  const timer = store.__truyenJobs?.timer;
  if (timer) clearTimeout(timer);
  store.__truyenJobs = undefined;
}
