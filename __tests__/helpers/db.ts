import { sql } from 'drizzle-orm';
import { foldVietnamese } from '@/lib/text/fold';
import { db } from '@/server/db/client';
import { chapters, genres, stories, storyGenres } from '@/server/db/schema';
import { clearCachedTotals } from '@/server/services/totals';

/**
 * The audit log refuses TRUNCATE (and UPDATE, DELETE) by a trigger; a test database is emptied
 * with that trigger switched off for the moment, in one transaction.
 */
async function clearAuditLog(): Promise<void> {
  await db().transaction(async (tx) => {
    await tx.execute(sql`ALTER TABLE audit_log DISABLE TRIGGER audit_log_no_truncate`);
    await tx.execute(sql`TRUNCATE audit_log RESTART IDENTITY`);
    await tx.execute(sql`ALTER TABLE audit_log ENABLE TRIGGER audit_log_no_truncate`);
  });
}

/** Where the id sequence of the n-th table (by name) starts after a reset: far apart per table. */
export const ID_SPACING = 1_000;

/**
 * Each table's ids start at their own offset (stories at one thousand, genres at another, chapters
 * at a third, …), as in a database that has lived: a query that joins or correlates on the wrong
 * table's id finds no row of the right one by luck.
 */
async function spreadIdSequences(): Promise<void> {
  const { rows } = await db().execute<{ name: string }>(
    sql`select sequencename as name from pg_sequences where schemaname = 'public' order by sequencename`,
  );
  if (rows.length === 0) return;
  const starts = rows.map((row, i) => sql`setval(${`"public"."${row.name}"`}::regclass, ${(i + 1) * ID_SPACING + 7 * i}, false)`);
  await db().execute(sql`select ${sql.join(starts, sql`, `)}`);
}

/** Empties every table of the app (not the migrations journal). */
export async function resetDatabase(): Promise<void> {
  const { rows } = await db().execute<{ tablename: string }>(
    sql`select tablename from pg_tables where schemaname = 'public'`,
  );
  const tables = rows.map((row) => row.tablename).filter((name) => name !== 'audit_log');
  if (tables.length > 0) await db().execute(sql.raw(`TRUNCATE ${tables.map((name) => `"${name}"`).join(', ')} RESTART IDENTITY CASCADE`));
  if (rows.length > tables.length) await clearAuditLog();
  await spreadIdSequences();
  clearCachedTotals();
}

export async function insertGenre(name: string, position: number, hot = true) {
  const [row] = await db()
    .insert(genres)
    .values({ name, slug: foldVietnamese(name).replace(/\s+/g, '-'), position, hot })
    .returning();
  return row;
}

interface StoryFixture {
  title: string;
  author?: string;
  slug?: string;
  chapters?: number;
  genreIds?: number[];
  status?: 'ongoing' | 'completed';
  hidden?: boolean;
  viewsTotal?: number;
  description?: string;
  vipFrom?: number;
}

/** A story with numbered chapters of short text. */
export async function insertStory(fixture: StoryFixture) {
  const chapterCount = fixture.chapters ?? 3;
  const author = fixture.author ?? 'Tác Giả Thử';
  const [story] = await db()
    .insert(stories)
    .values({
      slug: fixture.slug ?? foldVietnamese(fixture.title).replace(/\s+/g, '-'),
      title: fixture.title,
      author,
      description: fixture.description ?? `Giới thiệu truyện ${fixture.title}.`,
      status: fixture.status ?? 'ongoing',
      hidden: fixture.hidden ?? false,
      viewsTotal: fixture.viewsTotal ?? 0,
      chapterCount,
      searchTitle: foldVietnamese(fixture.title),
      searchAuthor: foldVietnamese(author),
    })
    .returning();
  if (fixture.genreIds?.length) {
    await db()
      .insert(storyGenres)
      .values(fixture.genreIds.map((genreId) => ({ storyId: story.id, genreId })));
  }
  if (chapterCount > 0) {
    await db()
      .insert(chapters)
      .values(
        Array.from({ length: chapterCount }, (_, i) => ({
          storyId: story.id,
          index: i + 1,
          title: `Chương ${i + 1}: Thử nghiệm`,
          content: `Đoạn một của chương ${i + 1}.\nĐoạn hai của chương ${i + 1}.`,
          vip: fixture.vipFrom !== undefined && i + 1 >= fixture.vipFrom,
        })),
      );
  }
  return story;
}
