import { spawn, type ChildProcess } from 'node:child_process';
import { eq, sql } from 'drizzle-orm';
import { freePort } from '@/scripts/launch/freePort';
import { builtSiteServer } from '@/scripts/launch/siteServer';
import { db } from '@/server/db/client';
import { jobRuns, reviewLikes } from '@/server/db/schema';
import { createTestUser, type TestIdentity } from '../helpers/auth';
import { insertStory, resetDatabase } from '../helpers/db';

/**
 * The site as N stateless processes: two production site processes of the same build on two ports,
 * against one database. Whatever one process writes or counts, the other sees.
 */

jest.setTimeout(180_000);

const FOLLOW_CHECK_MINUTES = 0.05; // a slot every 3 s

interface Site {
  origin: string;
  child: ChildProcess;
  log: string[];
}

async function startSite(): Promise<Site> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    EMBED_CHECK_INTERVAL_MINUTES: String(FOLLOW_CHECK_MINUTES),
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    PORT: String(port),
  };
  delete env.NODE_OPTIONS;
  const server = builtSiteServer(process.env.NEXT_DIST_DIR || '.next');
  if (!server) throw new Error('No production build: run `npm run build` first.');
  const child = spawn(process.execPath, [server], { env });
  const log: string[] = [];
  child.stdout?.on('data', (chunk) => log.push(String(chunk)));
  child.stderr?.on('data', (chunk) => log.push(String(chunk)));
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`site exited: ${log.join('')}`);
    try {
      if ((await fetch(`${origin}/api/health`)).ok) return { origin, child, log };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`site did not start: ${log.join('')}`);
}

async function stopSite(site: Site): Promise<void> {
  if (site.child.exitCode !== null) return;
  const exited = new Promise((r) => site.child.once('exit', r));
  site.child.kill('SIGTERM');
  await exited;
}

async function post<T>(site: Site, path: string, body: unknown, reader?: TestIdentity): Promise<{ status: number; body: T }> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (reader) headers.authorization = `Bearer ${reader.token}`;
  const response = await fetch(`${site.origin}/api${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as T };
}

describe('two site processes on one database', () => {
  let a: Site;
  let b: Site;
  let startedAt: number;
  let storyId: number;
  let storySlug: string;
  let readers: TestIdentity[];

  beforeAll(async () => {
    await resetDatabase();
    ({ id: storyId, slug: storySlug } = await insertStory({ title: 'Truyện Hai Máy Chủ', chapters: 3 }));
    readers = await Promise.all([createTestUser('cluster-a'), createTestUser('cluster-b')]);
    startedAt = Date.now();
    [a, b] = await Promise.all([startSite(), startSite()]);
  });

  afterAll(async () => {
    await Promise.all([a, b].filter(Boolean).map(stopSite));
  });

  it('serves every request of a process through its site gate, which its health check reports', async () => {
    const health = (await (await fetch(`${a.origin}/api/health`)).json()) as { site: { active: number; waiting: number; limit: number } | null };
    expect(health.site).toEqual({ active: expect.any(Number), waiting: 0, limit: 24 });
  });

  it('answers a story page again from the process\'s copy, byte for byte', async () => {
    // The warm-up already filled the copy of the story's own address, so the test asks for one no
    // one has asked for yet (Next answers it with the same page). The first answers render the
    // page (a MISS) or serve Next's stale copy while it renders again; once Next sends its
    // s-maxage, the process keeps the answer for a few seconds.
    const address = `${a.origin}/${storySlug}?nguon=cluster-test`;
    const answers: { copy: string | null; body: string }[] = [];
    for (let i = 0; i < 20 && !answers.some((answer) => answer.copy === 'HIT'); i++) {
      const response = await fetch(address);
      expect(response.status).toBe(200);
      answers.push({ copy: response.headers.get('x-site-cache'), body: await response.text() });
    }
    const hit = answers.findIndex((answer) => answer.copy === 'HIT');
    expect(hit).toBeGreaterThan(0);
    expect(answers[hit].body).toContain('Truyện Hai Máy Chủ');
    expect(answers[hit].body).toBe(answers[hit - 1].body);
    const api = await fetch(`${a.origin}/api/book/top/hot/1`);
    expect((await fetch(`${a.origin}/api/book/top/hot/1`)).headers.get('x-site-cache')).toBeNull();
    expect(api.status).toBe(200);
  });

  it('reads on one process a review written on the other', async () => {
    const written = await post<{ message: { _id: string } }>(a, '/reviews/create-update', { truyenId: storyId, rating: 5, content: 'Hay lắm, viết trên máy A.' }, readers[0]);
    expect(written.status).toBe(200);
    const read = await post<{ results: { _id: string; content: string }[] }>(b, '/reviews/search', { truyenId: storyId });
    expect(read.status).toBe(200);
    expect(read.body.results.map((review) => review.content)).toContain('Hay lắm, viết trên máy A.');
  });

  it('shares rate limits: a reader gets five comments a minute across both processes', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const site = i % 2 === 0 ? a : b;
      statuses.push((await post(site, '/comments/create', { truyenId: storyId, content: `Bình luận số ${i + 1}` }, readers[1])).status);
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(5);
    expect(statuses[5]).toBe(429);
  });

  it('counts likes sent to both processes at once exactly once each', async () => {
    const { body } = await post<{ results: { _id: string }[] }>(a, '/reviews/search', { truyenId: storyId });
    const reviewId = Number(body.results[0]._id);
    const likes = await Promise.all([
      post<{ message: { liked: boolean; likes: number } }>(a, '/reviews/toggle-like', { reviewId }, readers[0]),
      post<{ message: { liked: boolean; likes: number } }>(b, '/reviews/toggle-like', { reviewId }, readers[1]),
    ]);
    expect(likes.map((like) => like.status)).toEqual([200, 200]);
    expect(likes.map((like) => like.body.message.likes).sort()).toEqual([1, 2]);
    const rows = await db().select().from(reviewLikes).where(eq(reviewLikes.reviewId, reviewId));
    expect(rows).toHaveLength(2);
    const seenFromB = await post<{ results: { _id: string; likes: number }[] }>(b, '/reviews/search', { truyenId: storyId });
    expect(seenFromB.body.results[0].likes).toBe(2);
  });

  it('runs the scheduled follow check once per period, not once per process', async () => {
    const slotMs = FOLLOW_CHECK_MINUTES * 60_000;
    await new Promise((r) => setTimeout(r, 4 * slotMs));
    const elapsedSlots = Math.ceil((Date.now() - startedAt) / slotMs);
    const runs = await db().select().from(jobRuns).where(eq(jobRuns.name, 'follow-check'));
    expect(runs.length).toBeGreaterThanOrEqual(2);
    // Both processes tick for every slot; without the claim there would be two runs a slot.
    expect(runs.length).toBeLessThanOrEqual(elapsedSlots + 1);
    expect(new Set(runs.map((run) => run.slot)).size).toBe(runs.length);
    const { rows } = await db().execute<{ runners: number }>(sql`select count(distinct runner)::int as runners from job_runs`);
    expect(rows[0].runners).toBeGreaterThanOrEqual(1);
  });
});
