/**
 * Politeness shared by every site process: 1, 2 and 3 processes each read three chapters (two
 * pages each) of one fixture book at the same moment, sharing the host's turns through one
 * PostgreSQL; prints how closely together the fixture host saw the requests. With politeness kept
 * per process (before migration 0011), N processes asked a host up to N times as often.
 * Database: a scratch `truyen_bench_politeness` on the server of BENCH_DATABASE_URL.
 */
import { drizzle } from 'drizzle-orm/node-postgres';
import { Pool } from 'pg';
import { runMigrations } from '../../server/db/migrate';
import { measureSharedSpacing } from './support/politeness';

async function benchDatabase(): Promise<string> {
  if (!process.env.BENCH_DATABASE_URL) throw new Error('Set BENCH_DATABASE_URL (npm run bench does).');
  const url = new URL(process.env.BENCH_DATABASE_URL);
  const admin = new Pool({ connectionString: url.toString(), max: 1 });
  try {
    await admin.query('DROP DATABASE IF EXISTS truyen_bench_politeness WITH (FORCE)');
    await admin.query('CREATE DATABASE truyen_bench_politeness');
  } finally {
    await admin.end();
  }
  url.pathname = '/truyen_bench_politeness';
  const pool = new Pool({ connectionString: url.toString(), max: 1 });
  try {
    await runMigrations(drizzle(pool));
  } finally {
    await pool.end();
  }
  return url.toString();
}

export async function run(): Promise<Record<string, number | string>> {
  const url = await benchDatabase();
  const figures: Record<string, number | string> = {};
  for (const processes of [1, 2, 3]) {
    const result = await measureSharedSpacing(url, processes, 3);
    const prefix = `${processes} process${processes > 1 ? 'es' : ''}`;
    figures[`${prefix}: requests (failed)`] = `${result.requests} (${result.failed})`;
    figures[`${prefix}: least / median gap ms`] = `${result.minGapMs} / ${result.medianGapMs}`;
    figures[`${prefix}: gaps under ${result.configuredMs} ms`] = result.gapsUnderSpacing;
    figures[`${prefix}: span s`] = result.spanS;
  }
  return figures;
}
