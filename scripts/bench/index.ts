/**
 * `npm run bench`: runs every module in scripts/bench that exports `run()` and prints its
 * figures. Benchmarks print numbers; they are not tests and fail only when a module throws.
 * BENCH_ONLY=search,bundle runs just those modules. Unless BENCH_BASE_URL / BENCH_DATABASE_URL
 * point elsewhere, the HTTP benchmarks get a production site of their own (free ports, own data)
 * and the database benchmarks a scratch embedded PostgreSQL, so they run beside a developer's site.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ensureEmbeddedPostgres, scratchDataDir } from '../launch/embeddedPostgres';
import { startBenchSite } from './support/site';

type BenchModule = { run?: () => Promise<Record<string, number | string>> };

const HTTP_MODULES = ['lighthouse', 'listeners', 'listening', 'reading'];
/** Run only when BENCH_ONLY names them (they take long or need much disk). */
const OPT_IN_MODULES = ['install'];
const DATABASE_MODULES = ['comments', 'export', 'inspector', 'politeness', 'search'];

async function prepare(names: string[]): Promise<() => Promise<void>> {
  const stops: (() => Promise<void>)[] = [];
  if (!process.env.BENCH_DATABASE_URL && names.some((name) => DATABASE_MODULES.includes(name))) {
    const dataDir = scratchDataDir('bench-db');
    const database = await ensureEmbeddedPostgres(dataDir, 0);
    process.env.BENCH_DATABASE_URL = database.url;
    stops.push(async () => {
      await database.stop();
      fs.rmSync(path.dirname(dataDir), { recursive: true, force: true });
    });
  }
  if (!process.env.BENCH_BASE_URL && names.some((name) => HTTP_MODULES.includes(name))) {
    const site = await startBenchSite(1);
    process.env.BENCH_BASE_URL = site.origin;
    stops.push(site.stop);
  }
  return async () => {
    for (const stop of stops.reverse()) await stop();
  };
}

async function main(): Promise<number> {
  const only = process.env.BENCH_ONLY?.split(',').map((name) => name.trim());
  const files = fs
    .readdirSync(__dirname)
    .filter((file) => file.endsWith('.ts') && file !== 'index.ts')
    .filter((file) => (only ? only.includes(path.basename(file, '.ts')) : !OPT_IN_MODULES.includes(path.basename(file, '.ts'))))
    .sort();
  const stop = await prepare(files.map((file) => path.basename(file, '.ts')));
  let failures = 0;
  try {
    for (const file of files) {
      const bench = (await import(path.join(__dirname, file))) as BenchModule;
      if (typeof bench.run !== 'function') continue;
      const name = path.basename(file, '.ts');
      console.log(`\n▶ ${name}`);
      const started = performance.now();
      try {
        console.table(await bench.run());
        console.log(`  (${((performance.now() - started) / 1000).toFixed(1)} s)`);
      } catch (error) {
        failures++;
        console.error(`  ${name} failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  } finally {
    await stop();
  }
  return failures ? 1 : 0;
}

main().then((code) => process.exit(code));
