/**
 * Benchmark of "Tải về": a 2,000-chapter story (about 9,000 characters of varied Vietnamese a
 * chapter) written as EPUB and as TXT by the service behind POST /api/export/file, into a sink
 * that reads as fast as it can. Prints the time, chapters a second, the file's size against the
 * estimate the progress bar uses, and the most heap the writing held above what it started with.
 * Seeds a throw-away story into the database at BENCH_DATABASE_URL or DATABASE_URL; it is removed.
 * Run: npx tsx scripts/bench/export.ts (with DATABASE_URL or BENCH_DATABASE_URL set)
 */
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { runWhenMain } from './support/main';

const CHAPTERS = 2_000;
const SLUG = 'bench-tai-ve';
const WORDS =
  'trời đất mênh mông Lâm Uyên bước vào tông môn sơn môn cao vút giữa mây lòng dâng lên muôn vàn cảm xúc kiếm khí tung hoành đệ tử ngoại môn linh khí trưởng lão khẽ gật đầu ánh mắt lạnh lùng hắn cười nhạt nói rằng ngươi không xứng thiên địa vạn vật đều có đạo lý riêng'.split(' ');

async function loadServices() {
  if (process.env.BENCH_DATABASE_URL) process.env.DATABASE_URL = process.env.BENCH_DATABASE_URL;
  if (!process.env.DATABASE_URL) throw new Error('Set DATABASE_URL or BENCH_DATABASE_URL to a PostgreSQL database.');
  const [client, schema, exporter, migrate] = await Promise.all([
    import('../../server/db/client'),
    import('../../server/db/schema'),
    import('../../server/services/export'),
    import('../../server/db/migrate'),
  ]);
  return { ...client, schema, ...exporter, runMigrations: migrate.runMigrations };
}

/** A chapter of pseudo-random sentences (deterministic), so it compresses like prose, not like a repeated line. */
function chapterText(index: number): string {
  let seed = index * 2_654_435_761;
  const next = () => (seed = (seed * 1_103_515_245 + 12_345) >>> 0);
  const paragraphs: string[] = [];
  for (let p = 0; p < 40; p++) {
    const words: string[] = [];
    for (let w = 0; w < 45; w++) words.push(WORDS[next() % WORDS.length]);
    paragraphs.push(`${words.join(' ')}.`);
  }
  return paragraphs.join('\n');
}

export async function run(): Promise<Record<string, number | string>> {
  const s = await loadServices();
  const database = s.db();
  await s.runMigrations(database);
  await database.delete(s.schema.stories).where(eq(s.schema.stories.slug, SLUG));
  const [story] = await database
    .insert(s.schema.stories)
    .values({ slug: SLUG, title: 'Truyện thử tải về', author: 'Bench', chapterCount: CHAPTERS, indexable: false })
    .returning({ id: s.schema.stories.id });
  try {
    for (let start = 1; start <= CHAPTERS; start += 200) {
      const rows = Array.from({ length: Math.min(200, CHAPTERS - start + 1) }, (_, i) => ({ storyId: story.id, index: start + i, title: `Chương ${start + i}: Hồi ${start + i}`, content: chapterText(start + i) }));
      await database.insert(s.schema.chapters).values(rows);
    }
    const target = await s.exportTarget(database, SLUG, {}, true);
    const figures: Record<string, number | string> = { chapters: CHAPTERS, 'text MB': (target.selection.textBytes / 1048576).toFixed(1) };
    for (const format of ['epub', 'txt'] as const) {
      globalThis.gc?.();
      const baseline = process.memoryUsage().heapUsed;
      let peak = baseline;
      let bytes = 0;
      const sink = new Writable({
        write(chunk: Buffer, _encoding, callback) {
          bytes += chunk.length;
          peak = Math.max(peak, process.memoryUsage().heapUsed);
          callback();
        },
      });
      const started = performance.now();
      await s.streamExport(database, sink, target, { format, siteUrl: 'http://localhost:3000' });
      const seconds = (performance.now() - started) / 1000;
      const estimate = s.estimateBytes(target.selection, format);
      figures[`${format} s`] = seconds.toFixed(2);
      figures[`${format} chapters/s`] = Math.round(CHAPTERS / seconds);
      figures[`${format} MB (estimate)`] = `${(bytes / 1048576).toFixed(1)} (${(estimate / 1048576).toFixed(1)})`;
      figures[`${format} heap above start, MB (peak)`] = Math.round((peak - baseline) / 1048576);
    }
    return figures;
  } finally {
    await database.delete(s.schema.stories).where(eq(s.schema.stories.id, story.id));
    await s.closeDb();
  }
}

runWhenMain(module, run);
