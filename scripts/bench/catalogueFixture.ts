/**
 * A large catalogue for benchmarks: `stories` planned demo stories (no chapter rows) in the
 * PostgreSQL at `url`, migrated first. Reused when it already holds that many stories.
 */
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { Pool } from 'pg';
import * as schema from '../../server/db/schema';
import { runMigrations } from '../../server/db/migrate';
import { DEMO_SEED, planDemoCatalogue, type StoryPlan } from '../../server/db/seed/catalogue';
import { insertPlannedStories, seedGenres } from '../../server/db/seed/demo';

const BATCH = 1_000;

/**
 * The demo planner's pen-name space runs out somewhere past a few thousand stories, so a large
 * catalogue is planned in batches of distinct seeds, with the batch number in later slugs.
 */
function planLargeCatalogue(stories: number): StoryPlan[] {
  const plans: StoryPlan[] = [];
  const slugs = new Set<string>();
  for (let batch = 0; plans.length < stories; batch++) {
    const size = Math.min(BATCH, stories - plans.length);
    for (const plan of planDemoCatalogue(size, DEMO_SEED + batch)) {
      let slug = plan.slug;
      for (let n = 1; slugs.has(slug); n++) slug = `${plan.slug}-b${batch}-${n}`;
      slugs.add(slug);
      plans.push({ ...plan, slug });
    }
  }
  return plans;
}

export async function ensureBenchCatalogue(url: string, stories: number): Promise<{ pool: Pool; seeded: boolean }> {
  const pool = new Pool({ connectionString: url, max: 4 });
  const database = drizzle(pool, { schema });
  await runMigrations(database);
  const { rows } = await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM stories');
  if (rows[0].n === stories) return { pool, seeded: false };
  await database.execute(sql`TRUNCATE stories, story_genres, genres RESTART IDENTITY CASCADE`);
  const genreIds = await seedGenres(database);
  const plans = planLargeCatalogue(stories);
  for (let start = 0; start < plans.length; start += BATCH) {
    const batch = plans.slice(start, start + BATCH);
    await insertPlannedStories(database, batch, genreIds, 2_000);
  }
  await pool.query('ANALYZE');
  return { pool, seeded: true };
}
