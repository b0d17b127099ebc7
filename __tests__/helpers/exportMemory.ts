/**
 * Run as a child process with a small heap (`node --max-old-space-size=… --import tsx`): writes
 * one story's export to a sink that reads slowly, as a phone on a poor network would, and prints
 * what it wrote and the most memory the process held. A book held whole would not fit the heap.
 */
import { Writable } from 'node:stream';
import { closeDb, db } from '@/server/db/client';
import { exportTarget, streamExport } from '@/server/services/export';
import type { ExportFormat } from '@/lib/export';

async function main() {
  const [slug, format] = process.argv.slice(2) as [string, ExportFormat];
  let bytes = 0;
  let heapPeak = 0;
  const sink = new Writable({
    highWaterMark: 64 * 1024,
    write(chunk: Buffer, _encoding, callback) {
      bytes += chunk.length;
      heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
      setImmediate(callback);
    },
  });
  const target = await exportTarget(db(), slug, {}, true);
  const baseline = process.memoryUsage().heapUsed;
  let chapters = 0;
  await streamExport(db(), sink, target, { format, siteUrl: 'http://localhost:3000', onChapter: (done) => (chapters = done) });
  await closeDb();
  const maxRss = process.resourceUsage().maxRSS * 1024;
  console.log(JSON.stringify({ bytes, chapters, baselineMb: Math.round(baseline / 1048576), heapPeakMb: Math.round(heapPeak / 1048576), maxRssMb: Math.round(maxRss / 1048576) }));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
