/**
 * Server-side search latency on a 10,000-story catalogue in PostgreSQL: searchStories() as the
 * API runs it, over a mix of real searches (titles, authors, genres, unaccented, typos, misses,
 * filters). Prints p50/p95 per kind and overall (target p95 < 50 ms).
 * Uses a database truyen_bench_search on the server of BENCH_SEARCH_DATABASE_URL or BENCH_DATABASE_URL
 * (`npm run bench` sets the latter to a scratch embedded PostgreSQL), created and filled on first
 * run; never the database `test`.
 * Run: npx tsx scripts/bench/search.ts
 */
import { drizzle } from 'drizzle-orm/node-postgres';
import { Pool } from 'pg';
import * as schema from '../../server/db/schema';
import { ZSearchInput } from '../../server/services/catalogueInput';
import { searchStories } from '../../server/services/search';
import { ensureBenchCatalogue } from './catalogueFixture';

const STORIES = 10_000;
const ROUNDS = 5;

function searchDatabaseUrl(): string {
  if (process.env.BENCH_SEARCH_DATABASE_URL) return process.env.BENCH_SEARCH_DATABASE_URL;
  if (!process.env.BENCH_DATABASE_URL) throw new Error('Set BENCH_DATABASE_URL (npm run bench does) or BENCH_SEARCH_DATABASE_URL.');
  const url = new URL(process.env.BENCH_DATABASE_URL);
  url.pathname = '/truyen_bench_search';
  return url.toString();
}

async function ensureDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = target.pathname.slice(1);
  if (name === 'test') throw new Error('Refusing to fill the database "test"; choose another BENCH_SEARCH_DATABASE_URL.');
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const pool = new Pool({ connectionString: admin.toString(), max: 1 });
  try {
    const { rowCount } = await pool.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) await pool.query(`CREATE DATABASE "${name.replace(/"/g, '')}"`);
  } finally {
    await pool.end();
  }
}

/** Searches by kind; titles and authors are taken from the catalogue itself. */
async function workload(pool: Pool): Promise<[string, unknown][]> {
  const { rows } = await pool.query<{ title: string; author: string }>('SELECT title, author FROM stories ORDER BY id LIMIT 400');
  const pick = (i: number) => rows[(i * 37) % rows.length];
  const unaccent = (text: string) => text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/đ/g, 'd').replace(/Đ/g, 'D').toLowerCase();
  const typo = (text: string) => {
    const word = unaccent(text);
    const i = Math.min(3, word.length - 2);
    return word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2);
  };
  const cases: [string, unknown][] = [];
  for (let i = 0; i < 10; i++) {
    cases.push(['title', { keyword: pick(i).title }]);
    cases.push(['title unaccented', { keyword: unaccent(pick(i + 10).title) }]);
    cases.push(['title words', { keyword: unaccent(pick(i + 20).title).split(' ').slice(-2).join(' ') }]);
    cases.push(['author', { keyword: unaccent(pick(i + 30).author) }]);
    cases.push(['typo', { keyword: typo(pick(i + 40).title) }]);
    cases.push(['keyword + filters', { keyword: unaccent(pick(i + 50).title).split(' ')[0] + ' ' + (unaccent(pick(i + 50).title).split(' ')[1] ?? ''), chapters: 'duoi-100', sort: 'view_total' }]);
    cases.push(['author page', { author: pick(i + 60).author, sort: 'view_total' }]);
  }
  for (const keyword of ['tien hiep', 'do thi', 'ngon tinh', 'kiem hiep', 'he thong']) cases.push(['genre name', { keyword }]);
  for (const keyword of ['linh khi', 'tong mon', 'zzzz qqqq', 'xyzw abcd']) cases.push(['description / miss', { keyword }]);
  cases.push(['genres filter', { cats: ['Tiên Hiệp', 'Hệ Thống'] }], ['genres filter', { cats: ['Đô Thị'], page: 3 }]);
  return cases;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const ms = (value: number) => Math.round(value * 10) / 10;

export async function run(): Promise<Record<string, number | string>> {
  const url = searchDatabaseUrl();
  await ensureDatabase(url);
  const { pool } = await ensureBenchCatalogue(url, STORIES);
  const database = drizzle(pool, { schema });
  try {
    const cases = await workload(pool);
    for (const [, body] of cases) await searchStories(database, ZSearchInput.parse(body));
    const byKind = new Map<string, number[]>();
    const all: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      for (const [kind, body] of cases) {
        const started = performance.now();
        await searchStories(database, ZSearchInput.parse(body));
        const elapsed = performance.now() - started;
        all.push(elapsed);
        byKind.set(kind, [...(byKind.get(kind) ?? []), elapsed]);
      }
    }
    all.sort((a, b) => a - b);
    const result: Record<string, number | string> = { stories: STORIES, searches: all.length, p50Ms: ms(percentile(all, 50)), p95Ms: ms(percentile(all, 95)), targetP95Ms: 50 };
    for (const [kind, times] of byKind) {
      times.sort((a, b) => a - b);
      result[`${kind} p50/p95 ms`] = `${ms(percentile(times, 50))} / ${ms(percentile(times, 95))}`;
    }
    return result;
  } finally {
    await pool.end();
  }
}

if (require.main === module) {
  run().then(
    (result) => console.table(result),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
