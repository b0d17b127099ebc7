import { hostname } from 'node:os';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { jobRuns } from '../db/schema';

/** This process, as recorded on the runs it claims. */
export const RUNNER = `${hostname()}:${process.pid}`;

/**
 * Claims the run of `name` for time slot `slot`. Every process of the site wakes up for the same
 * slots; the primary key lets exactly one of them insert the row, and only that one runs the job.
 */
export async function claimJobRun(database: Database, name: string, slot: number, runner = RUNNER): Promise<boolean> {
  const claimed = await database
    .insert(jobRuns)
    .values({ name, slot, runner })
    .onConflictDoNothing()
    .returning({ slot: jobRuns.slot });
  return claimed.length === 1;
}

export async function finishJobRun(database: Database, name: string, slot: number): Promise<void> {
  await database
    .update(jobRuns)
    .set({ finishedAt: sql`now()` })
    .where(and(eq(jobRuns.name, name), eq(jobRuns.slot, slot)));
}

/** Forgets claims older than `olderThanMs`. */
export async function pruneJobRuns(database: Database, olderThanMs: number, now = Date.now()): Promise<number> {
  const removed = await database
    .delete(jobRuns)
    .where(lt(jobRuns.startedAt, new Date(now - olderThanMs)))
    .returning({ slot: jobRuns.slot });
  return removed.length;
}
