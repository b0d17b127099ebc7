import { sql } from 'drizzle-orm';
import type { Database } from '../client';
import { genres, vipPlans } from '../schema';
import { arrayParam, genreIds, insertChapters, insertStories, insertStoryGenres, type ChapterInsert, type Executor } from './bulk';
import { DEFAULT_DEMO_STORIES, planDemoCatalogue, type StoryPlan } from './catalogue';
import { planChapters } from './chapters';
import { SEED_GENRES } from './genres';
import type { SeedLogOptions, SeedReport } from './types';

/** Rows per chapter INSERT: about 1 MB of text: few round trips, modest statements. */
const CHAPTER_BATCH = 500;

export const VIP_PLANS = [
  { code: 'vip-1m', name: '1 tháng', days: 30, price: 49_000, position: 1 },
  { code: 'vip-3m', name: '3 tháng', days: 90, price: 129_000, position: 2 },
  { code: 'vip-12m', name: '12 tháng', days: 365, price: 449_000, position: 3 },
] as const;

export interface DemoSeedOptions extends SeedLogOptions {
  stories?: number;
}

/** True when nothing has been seeded yet (no genres). */
export async function isDatabaseEmpty(database: Database): Promise<boolean> {
  const result = await database.execute(sql`SELECT EXISTS (SELECT 1 FROM genres) AS seeded`);
  return result.rows[0]?.seeded !== true;
}

/** Writes the genres (idempotent) and returns their ids by name. */
export async function seedGenres(executor: Executor & Pick<Database, 'insert'>): Promise<Map<string, number>> {
  await executor
    .insert(genres)
    .values(SEED_GENRES.map(({ name, slug, position, description, hot }) => ({ name, slug, position, description, hot })))
    .onConflictDoNothing();
  return genreIds(executor);
}

async function seedVipPlans(executor: Pick<Database, 'insert'>): Promise<void> {
  await executor
    .insert(vipPlans)
    .values(VIP_PLANS.map((plan) => ({ ...plan, active: true })))
    .onConflictDoNothing();
}

/**
 * Inserts planned stories and their genres; returns their ids by slug. `wordsPerChapter` gives
 * a word count to stories without chapter rows (0: counted as their chapters are written).
 */
export async function insertPlannedStories(
  executor: Executor,
  plans: readonly StoryPlan[],
  genreIdsByName: Map<string, number>,
  wordsPerChapter = 0,
): Promise<Map<string, number>> {
  const ids = await insertStories(
    executor,
    plans.map((plan) => ({
      slug: plan.slug,
      title: plan.title,
      author: plan.author,
      description: plan.description,
      status: plan.status,
      chapterCount: plan.chapterCount,
      wordCount: plan.chapterCount * wordsPerChapter,
      ...plan.stats,
      searchTitle: plan.searchTitle,
      searchAuthor: plan.searchAuthor,
      createdAt: plan.times.createdAt,
      latestChapterAt: plan.times.latestChapterAt,
    })),
  );
  const links = plans.flatMap((plan) => {
    const storyId = ids.get(plan.slug);
    if (storyId === undefined) throw new Error(`story slug already taken: ${plan.slug}`);
    return plan.genres.map((name) => [storyId, genreIdsByName.get(name) as number] as const);
  });
  await insertStoryGenres(executor, links);
  return ids;
}

/**
 * Seeds the demo catalogue: 34 genres, the VIP plans and `stories` (default 120) stories with
 * about 20,000 chapters, in one transaction with multi-row statements.
 */
export async function seedDemoCatalogue(database: Database, options: DemoSeedOptions = {}): Promise<SeedReport> {
  const started = performance.now();
  const log = options.log ?? (() => undefined);
  const plans = planDemoCatalogue(options.stories ?? DEFAULT_DEMO_STORIES);
  const totalChapters = plans.reduce((sum, plan) => sum + plan.chapterCount, 0);
  log(`Đang tạo ${SEED_GENRES.length} thể loại, ${plans.length} truyện, ${totalChapters} chương…`);

  const chapters = await database.transaction(async (tx) => {
    const genreIdsByName = await seedGenres(tx);
    await seedVipPlans(tx);
    const storyIds = await insertPlannedStories(tx, plans, genreIdsByName);

    let written = 0;
    let batch: ChapterInsert[] = [];
    let pending: Promise<void> = Promise.resolve();
    const wordCounts: number[] = [];
    // The next batch is generated while the database writes the previous one.
    const flush = async () => {
      await pending;
      const rows = batch;
      batch = [];
      pending = insertChapters(tx, rows).then(() => {
        written += rows.length;
        if (written % (CHAPTER_BATCH * 10) === 0) log(`  ${written}/${totalChapters} chương`);
      });
      // Handled here so a failure is never reported as unhandled; the next `await pending` still throws it.
      pending.catch(() => undefined);
    };
    for (const plan of plans) {
      const storyId = storyIds.get(plan.slug) as number;
      let words = 0;
      for (const chapter of planChapters(plan)) {
        words += chapter.wordCount;
        batch.push({ storyId, ...chapter });
        if (batch.length >= CHAPTER_BATCH) await flush();
      }
      wordCounts.push(words);
    }
    await flush();
    await pending;

    await tx.execute(sql`
      UPDATE stories SET word_count = w.words
      FROM unnest(${arrayParam(plans.map((plan) => storyIds.get(plan.slug)), 'int')}, ${arrayParam(wordCounts, 'bigint')}) AS w(id, words)
      WHERE stories.id = w.id`);
    return written;
  });

  const ms = Math.round(performance.now() - started);
  log(`Xong: ${plans.length} truyện, ${chapters} chương trong ${(ms / 1000).toFixed(1)} giây.`);
  return { genres: SEED_GENRES.length, stories: plans.length, chapters, ms };
}
