/**
 * Benchmark of POST /api/comments/top-level on a story with 10,000 comments: seeds a throw-away
 * story (10,000 top-level comments by 50 readers, with replies and likes) into the database at
 * BENCH_DATABASE_URL or DATABASE_URL, then times what the handler does after authentication
 * (input parsing and the service query) over many calls, signed out and signed in, first and
 * deep pages. Target: p95 < 30 ms. The seeded rows are removed afterwards.
 * Run: npx tsx scripts/bench/comments.ts (with DATABASE_URL or BENCH_DATABASE_URL set)
 */
import { desc, eq, inArray, like, sql } from 'drizzle-orm';
import { runWhenMain } from './support/main';
import { percentile } from './support/stats';

const COMMENTS = 10_000;
const READERS = 50;
const CALLS = 300;
const WARM_UP = 20;
const TARGET_P95_MS = 30;
const SLUG = 'bench-binh-luan';

type Services = Awaited<ReturnType<typeof loadServices>>;

async function loadServices() {
  // The database URL must be chosen before the client reads its configuration.
  if (process.env.BENCH_DATABASE_URL) process.env.DATABASE_URL = process.env.BENCH_DATABASE_URL;
  if (!process.env.DATABASE_URL) throw new Error('Set DATABASE_URL or BENCH_DATABASE_URL to a PostgreSQL database.');
  const [client, schema, comments, inputs, migrate] = await Promise.all([
    import('../../server/db/client'),
    import('../../server/db/schema'),
    import('../../server/services/comments'),
    import('../../server/services/communityInputs'),
    import('../../server/db/migrate'),
  ]);
  return { ...client, schema, ...comments, ...inputs, runMigrations: migrate.runMigrations };
}

async function removeSeed(s: Services): Promise<void> {
  const database = s.db();
  await database.delete(s.schema.stories).where(eq(s.schema.stories.slug, SLUG));
  await database.delete(s.schema.users).where(like(s.schema.users.id, 'bench-reader-%'));
}

async function seed(s: Services): Promise<{ storyId: number; readers: string[] }> {
  const database = s.db();
  await removeSeed(s);
  const readers = Array.from({ length: READERS }, (_, i) => `bench-reader-${i}`);
  await database.insert(s.schema.users).values(readers.map((id, i) => ({ id, email: `${id}@example.com`, username: `Độc giả ${i}` })));
  const [story] = await database
    .insert(s.schema.stories)
    .values({ slug: SLUG, title: 'Truyện thử bình luận', author: 'Bench', chapterCount: 1, indexable: false })
    .returning({ id: s.schema.stories.id });
  const start = Date.now() - COMMENTS * 60_000;
  for (let offset = 0; offset < COMMENTS; offset += 1_000) {
    await database.insert(s.schema.comments).values(
      Array.from({ length: 1_000 }, (_, i) => ({
        storyId: story.id,
        userId: readers[(offset + i) % READERS],
        content: `Bình luận số ${offset + i}: truyện hay, chương mới ra nhanh quá, cảm ơn nhóm dịch!`,
        createdAt: new Date(start + (offset + i) * 60_000),
        likeCount: (offset + i) % 7,
      })),
    );
  }
  // Some threads and likes near the top, where readers look.
  const newest = await database
    .select({ id: s.schema.comments.id })
    .from(s.schema.comments)
    .where(eq(s.schema.comments.storyId, story.id))
    .orderBy(desc(s.schema.comments.createdAt))
    .limit(200);
  const ids = newest.map((row) => row.id);
  await database.insert(s.schema.commentLikes).values(ids.filter((id) => id % 3 === 0).map((commentId) => ({ commentId, userId: readers[0] })));
  await database.insert(s.schema.comments).values(
    ids.slice(0, 100).map((parentId, i) => ({ storyId: story.id, userId: readers[(i + 1) % READERS], parentId, content: 'Đồng ý!' })),
  );
  await database.update(s.schema.comments).set({ replyCount: 1 }).where(inArray(s.schema.comments.id, ids.slice(0, 100)));
  await database.execute(sql`analyze comments`);
  return { storyId: story.id, readers };
}


async function time(s: Services, body: Record<string, unknown>, viewer: string | null) {
  const samples: number[] = [];
  for (let i = 0; i < WARM_UP + CALLS; i += 1) {
    const started = performance.now();
    const page = await s.listTopLevelComments(s.db(), s.parseInput(s.ZTopLevelCommentsInput, body), viewer);
    const elapsed = performance.now() - started;
    if (page.results.length === 0) throw new Error('the benchmark story returned no comments');
    if (i >= WARM_UP) samples.push(elapsed);
  }
  samples.sort((a, b) => a - b);
  return { p50: round(percentile(samples, 50)), p95: round(percentile(samples, 95)) };
}

const round = (value: number) => Math.round(value * 100) / 100;

export async function run(): Promise<Record<string, number | string>> {
  const s = await loadServices();
  await s.runMigrations(s.db());
  try {
    const seedStart = performance.now();
    const { storyId, readers } = await seed(s);
    const seedSeconds = round((performance.now() - seedStart) / 1000);
    const truyenId = String(storyId);
    const first = await time(s, { truyenId, page: 0, perpage: 20 }, null);
    const signedIn = await time(s, { truyenId, page: 0, perpage: 20 }, readers[0]);
    const deep = await time(s, { truyenId, page: 250, perpage: 20 }, readers[0]);
    const worst = Math.max(first.p95, signedIn.p95, deep.p95);
    return {
      comments: COMMENTS,
      callsPerCase: CALLS,
      seedSeconds,
      firstPageP50Ms: first.p50,
      firstPageP95Ms: first.p95,
      signedInP50Ms: signedIn.p50,
      signedInP95Ms: signedIn.p95,
      page250P50Ms: deep.p50,
      page250P95Ms: deep.p95,
      targetP95Ms: TARGET_P95_MS,
      meetsTarget: worst < TARGET_P95_MS ? 'yes' : 'no',
    };
  } finally {
    await removeSeed(s);
    await s.closeDb();
  }
}

runWhenMain(module, run);
