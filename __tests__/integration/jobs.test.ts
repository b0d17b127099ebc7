import { eq, sql } from 'drizzle-orm';
import { db } from '@/server/db/client';
import { fetchCache, jobRuns, rateLimits } from '@/server/db/schema';
import { claimJobRun } from '@/server/jobs/claims';
import { runDueJobs, type ScheduledJob } from '@/server/jobs/scheduler';
import { FETCH_CACHE_KEEP_MS, runUpkeep } from '@/server/jobs/upkeep';
import { resetDatabase } from '../helpers/db';

describe('scheduled jobs across processes', () => {
  beforeEach(() => resetDatabase());

  it('lets exactly one of many concurrent claimers run a slot', async () => {
    const claims = await Promise.all(Array.from({ length: 12 }, (_, i) => claimJobRun(db(), 'follow-check', 42, `host:${i}`)));
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await claimJobRun(db(), 'follow-check', 43, 'host:1')).toBe(true);
  });

  it('runs a job once per period when two processes tick for the same slots', async () => {
    let runs = 0;
    const job: ScheduledJob = { name: 'test-job', everyMs: 1_000, firstAfterMs: 0, run: async () => void (runs += 1) };
    const processA = new Map<string, number>();
    const processB = new Map<string, number>();
    for (let t = 0; t < 5_000; t += 250) {
      await Promise.all([runDueJobs(db(), [job], processA, 0, 10_000 + t), runDueJobs(db(), [job], processB, 0, 10_000 + t)]);
    }
    expect(runs).toBe(5);
    const rows = await db().select().from(jobRuns).where(eq(jobRuns.name, 'test-job'));
    expect(rows).toHaveLength(5);
    expect(rows.every((row) => row.finishedAt !== null)).toBe(true);
  });

  it('waits the first delay after start', async () => {
    let runs = 0;
    const job: ScheduledJob = { name: 'late-job', everyMs: 1_000, firstAfterMs: 60_000, run: async () => void (runs += 1) };
    await runDueJobs(db(), [job], new Map(), 0, 30_000);
    expect(runs).toBe(0);
    await runDueJobs(db(), [job], new Map(), 0, 61_000);
    expect(runs).toBe(1);
  });

  it('upkeep removes expired rate limits, stale fetched pages and old claims', async () => {
    const now = Date.now();
    await db().insert(rateLimits).values([
      { key: 'old', windowStart: now - 3 * 86_400_000, count: 1 },
      { key: 'current', windowStart: now, count: 1 },
    ]);
    await db().insert(fetchCache).values({ url: 'https://example.com/old', body: 'x' });
    await db().execute(sql`update fetch_cache set fetched_at = ${new Date(now - FETCH_CACHE_KEEP_MS - 1_000)}`);
    await db().insert(fetchCache).values({ url: 'https://example.com/new', body: 'y' });
    await db().insert(jobRuns).values({ name: 'x', slot: 1, runner: 'r' });
    await db().execute(sql`update job_runs set started_at = now() - interval '30 days'`);

    expect(await runUpkeep(db(), now)).toMatchObject({ rateLimits: 1, fetchCache: 1, jobRuns: 1 });
    expect((await db().select().from(rateLimits)).map((row) => row.key)).toEqual(['current']);
    expect((await db().select().from(fetchCache)).map((row) => row.url)).toEqual(['https://example.com/new']);
  });
});
