/**
 * `npm run bench`: runs every module in scripts/bench that exports `run()` and prints its
 * figures. Benchmarks print numbers; they are not tests and fail only when a module throws.
 * BENCH_ONLY=search,bundle runs just those modules.
 */
import fs from 'node:fs';
import path from 'node:path';

type BenchModule = { run?: () => Promise<Record<string, number | string>> };

async function main(): Promise<number> {
  const only = process.env.BENCH_ONLY?.split(',').map((name) => name.trim());
  const files = fs
    .readdirSync(__dirname)
    .filter((file) => file.endsWith('.ts') && file !== 'index.ts')
    .filter((file) => !only || only.includes(path.basename(file, '.ts')))
    .sort();
  let failures = 0;
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
  return failures ? 1 : 0;
}

main().then((code) => process.exit(code));
