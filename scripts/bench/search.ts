/**
 * Server-side search latency on a 10,000-story, 500,000-chapter catalogue in PostgreSQL:
 * searchStories() as the API runs it, over a mix of real searches (titles, authors, genres,
 * unaccented, typos, descriptions, misses, filters). Prints p50/p95 per kind and overall
 * (target p95 < 30 ms for every kind) and the plan of a description search (BENCH_EXPLAIN=1 prints
 * the plans of one search of every kind).
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
import { runWhenMain } from './support/main';
import { percentile } from './support/stats';

const STORIES = 10_000;
const CHAPTERS_PER_STORY = 50;
const TARGET_P95_MS = 30;
const ROUNDS = 5;

function searchDatabaseUrl(): string {
  if (process.env.BENCH_SEARCH_DATABASE_URL) return process.env.BENCH_SEARCH_DATABASE_URL;
  if (!process.env.BENCH_DATABASE_URL) throw new Error('Set BENCH_DATABASE_URL (npm run bench does) or BENCH_SEARCH_DATABASE_URL.');
  const url = new URL(process.env.BENCH_DATABASE_URL);
  url.pathname = '/truyen_bench_search';
  return url.toString();
}

/** 50 short chapters per story (the fixture has none), so the tables have the production shape. */
async function ensureChapters(pool: Pool): Promise<void> {
  const { rows } = await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM chapters');
  if (rows[0].n >= STORIES * CHAPTERS_PER_STORY) return;
  await pool.query('TRUNCATE chapters');
  await pool.query(
    `INSERT INTO chapters (story_id, index, title, content, word_count)
     SELECT s.id, n, 'Chương ' || n, repeat('Một đoạn văn của chương ' || n || '. ', 40), 320
     FROM stories s, generate_series(1, $1::int) AS n`,
    [CHAPTERS_PER_STORY],
  );
  await pool.query('UPDATE stories SET chapter_count = $1', [CHAPTERS_PER_STORY]);
  await pool.query('VACUUM ANALYZE stories');
  await pool.query('VACUUM ANALYZE chapters');
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
  for (const keyword of ['lan theo tung manh moi', 'nam chat moi co hoi', 'de chung ngu yen', 'cuoc doi anh re sang']) cases.push(['description', { keyword }]);
  for (const keyword of ['zzzz qqqq', 'xyzw abcd']) cases.push(['miss', { keyword }]);
  cases.push(['genres filter', { cats: ['Tiên Hiệp', 'Hệ Thống'] }], ['genres filter', { cats: ['Đô Thị'], page: 3 }]);
  return cases;
}

/** EXPLAIN ANALYZE of the statements a description search runs (logged by the pool), as text. */
async function explainDescriptionSearch(pool: Pool, cases: [string, unknown][]): Promise<string> {
  const kinds = process.env.BENCH_EXPLAIN ? [...new Set(cases.map(([kind]) => kind))] : ['description'];
  const out: string[] = [];
  for (const kind of kinds) {
    const body = cases.find(([k]) => k === kind)?.[1];
    const statements: { text: string; values: unknown[] }[] = [];
    const client = await pool.connect();
    const spy = drizzle(client, { schema, logger: { logQuery: (text, values) => void statements.push({ text, values }) } });
    try {
      await searchStories(spy as never, ZSearchInput.parse(body));
      for (const statement of statements.filter(({ text }) => /^\s*select/i.test(text) && !/set_config/.test(text))) {
        const { rows } = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, COSTS OFF) ${statement.text}`, statement.values);
        out.push(`-- ${kind} ${JSON.stringify(body)}\n${rows.map((row) => row['QUERY PLAN']).join('\n')}`);
      }
    } finally {
      client.release();
    }
  }
  return out.join('\n\n');
}

const ms = (value: number) => Math.round(value * 10) / 10;

export async function run(): Promise<Record<string, number | string>> {
  const url = searchDatabaseUrl();
  await ensureDatabase(url);
  const { pool } = await ensureBenchCatalogue(url, STORIES);
  const database = drizzle(pool, { schema });
  try {
    await ensureChapters(pool);
    await pool.query('ANALYZE');
    const cases = await workload(pool);
    const plans = await explainDescriptionSearch(pool, cases);
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
    const result: Record<string, number | string> = {
      stories: STORIES,
      chapters: STORIES * CHAPTERS_PER_STORY,
      searches: all.length,
      p50Ms: ms(percentile(all, 50)),
      p95Ms: ms(percentile(all, 95)),
      targetP95Ms: TARGET_P95_MS,
    };
    let over = 0;
    for (const [kind, times] of byKind) {
      times.sort((a, b) => a - b);
      if (percentile(times, 95) >= TARGET_P95_MS) over++;
      result[`${kind} p50/p95 ms`] = `${ms(percentile(times, 50))} / ${ms(percentile(times, 95))}`;
    }
    result.kindsOverTarget = over;
    console.log(plans);
    return result;
  } finally {
    await pool.end();
  }
}

runWhenMain(module, run);
