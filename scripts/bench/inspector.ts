/**
 * Benchmark of the word inspector's fix: a reader marks a name in a 3,000-character embedded
 * chapter, and the paragraphs holding its Chinese are converted again in one request
 * (POST /api/embedding/reconvert). Seeds a throw-away embedded story into the database at
 * BENCH_DATABASE_URL or DATABASE_URL and times the service behind the route (the chapter's
 * original and the story's shared names read from PostgreSQL, the reader's share counted, the
 * affected paragraphs converted with the reader's list), its conversion alone, and for comparison the whole chapter's words
 * (POST /api/embedding/chapter-detail, fetched once when the inspector first opens) and their
 * size on the wire. Target: the re-conversion under 50 ms of server time. The seed is removed.
 * Run: npx tsx scripts/bench/inspector.ts (with DATABASE_URL or BENCH_DATABASE_URL set)
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { runWhenMain } from './support/main';
import { percentile } from './support/stats';

const CHAPTER_CHARACTERS = 3_000;
const RUNS = 30;
const WARM_UP = 5;
const TARGET_MS = 50;
const SLUG = 'bench-tra-tu';
/** The fix: the hero's name, which the chapter holds in many paragraphs. */
const NAME = { 林凡: 'Lâm Phàm Nhi' };
const FIXTURES = path.join(process.cwd(), '__tests__', 'fixtures', 'convert');

async function loadServices() {
  // The database URL must be chosen before the client reads its configuration.
  if (process.env.BENCH_DATABASE_URL) process.env.DATABASE_URL = process.env.BENCH_DATABASE_URL;
  if (!process.env.DATABASE_URL) throw new Error('Set DATABASE_URL or BENCH_DATABASE_URL to a PostgreSQL database.');
  const [client, schema, reader, inspect, detail, migrate, convert, rateLimit] = await Promise.all([
    import('../../server/db/client'),
    import('../../server/db/schema'),
    import('../../server/services/embedding/readerConvert'),
    import('../../server/convert/inspect'),
    import('../../lib/embedding/chapterDetail'),
    import('../../server/db/migrate'),
    import('../../server/convert/engine'),
    import('../../server/services/rateLimit'),
  ]);
  return { ...client, schema, ...reader, ...inspect, ...detail, runMigrations: migrate.runMigrations, warmConverter: convert.warmConverter, enforceReaderLimit: rateLimit.enforceReaderLimit };
}

/** Whole lines of the fixture chapters, up to about 3,000 characters. */
function chapterText(): string {
  const lines = ['chapter.zh.txt', 'prose.zh.txt', 'heldout.zh.txt', 'heldout-genres.zh.txt'].flatMap((file) => readFileSync(path.join(FIXTURES, file), 'utf8').split('\n'));
  const taken: string[] = [];
  let length = 0;
  for (const line of lines) {
    if (length >= CHAPTER_CHARACTERS) break;
    taken.push(line);
    length += line.length + 1;
  }
  return taken.join('\n');
}


const round = (ms: number) => Math.round(ms * 100) / 100;

async function time(runs: number, work: () => unknown): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < WARM_UP + runs; i++) {
    const started = performance.now();
    await work();
    if (i >= WARM_UP) times.push(performance.now() - started);
  }
  return times;
}

export async function run(): Promise<Record<string, number | string>> {
  const s = await loadServices();
  const database = s.db();
  await s.runMigrations(database);
  s.warmConverter();
  const text = chapterText();
  await database.delete(s.schema.stories).where(eq(s.schema.stories.slug, SLUG));
  const [story] = await database
    .insert(s.schema.stories)
    .values({ slug: SLUG, title: 'Truyện thử tra từ', author: 'Bench', origin: 'embedded', chapterCount: 1, indexable: false })
    .returning({ id: s.schema.stories.id });
  try {
    await database.insert(s.schema.chapters).values({ storyId: story.id, index: 1, title: 'Chương 1', sourceText: text, content: null });
    const ref = { storyId: story.id, index: 1 };
    // An anonymous reader's share is counted twice, by device and by address, as the route counts it.
    const reader = { key: 'device:bench-tra-tu', kind: 'device' as const, address: '127.0.0.1' };
    const access = { member: async () => true, limit: () => s.enforceReaderLimit(database, 'bench-reconvert', reader, { limit: 1e9, windowMs: 60_000 }) };

    const before = await s.readerChapterDetail(database, ref, {}, access);
    const lines = s.affectedLines(before.paragraphs, Object.keys(NAME));
    const service = await time(RUNS, () => s.reconvertParagraphs(database, ref, lines, NAME, access));
    const conversion = await time(RUNS, () => s.paragraphDetails(text, { names: NAME }, lines));
    const whole = await time(RUNS, () => s.readerChapterDetail(database, ref, NAME, access));
    const fixed = await s.reconvertParagraphs(database, ref, lines, NAME, access);
    const answer = JSON.stringify({ message: { paragraphs: fixed } });
    const detail = JSON.stringify({ message: before });
    const p50 = percentile(service, 50);
    return {
      chapterCharacters: text.length,
      paragraphs: before.paragraphs.length,
      affectedParagraphs: lines.length,
      'reconvert service p50 ms (database + convert)': round(p50),
      'reconvert service p95 ms': round(percentile(service, 95)),
      'reconvert conversion alone p50 ms': round(percentile(conversion, 50)),
      targetMs: TARGET_MS,
      withinTarget: p50 < TARGET_MS ? 'yes' : 'no',
      'reconvert answer KB (gzip)': `${(answer.length / 1024).toFixed(1)} (${(gzipSync(answer).length / 1024).toFixed(1)})`,
      'whole chapter words p50 ms (first open)': round(percentile(whole, 50)),
      'whole chapter words KB (gzip)': `${(detail.length / 1024).toFixed(1)} (${(gzipSync(detail).length / 1024).toFixed(1)})`,
    };
  } finally {
    await database.delete(s.schema.stories).where(eq(s.schema.stories.id, story.id));
    await s.closeDb();
  }
}

runWhenMain(module, run);
