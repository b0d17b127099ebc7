/**
 * One site process's share of a burst of chapter reads (scripts/bench/support/politeness.ts): at
 * BURST_AT it asks for BURST_CHAPTERS chapters of a book at once through the production fetcher
 * (uncached), whose politeness is shared with every other process through DATABASE_URL. Prints
 * one JSON line: how many chapters it read and how many failed.
 */
import { closeDb } from '../../../server/db/client';
import { settleSlotReleases } from '../../../server/fetch/sharedPoliteness';
import { adapterById, createFetcher } from '../../../server/sources';

async function main(): Promise<void> {
  const site = process.env.BURST_SITE ?? '22biqu';
  const adapter = adapterById(site);
  if (!adapter) throw new Error(`no site ${site}`);
  const bookId = process.env.BURST_BOOK ?? '';
  const chapters = Number(process.env.BURST_CHAPTERS ?? 4);
  const offset = Number(process.env.BURST_OFFSET ?? 0);
  const fetcher = createFetcher({ cache: false });
  const list = await adapter.fetchChapterList(bookId, fetcher);
  const wait = Number(process.env.BURST_AT ?? 0) - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  const picked = list.slice(offset, offset + chapters);
  const results = await Promise.allSettled(picked.map((ref) => adapter.fetchChapter(ref, fetcher)));
  const failed = results.filter((result) => result.status === 'rejected');
  process.stdout.write(`${JSON.stringify({ read: results.length - failed.length, failed: failed.length, errors: failed.map((f) => String((f as PromiseRejectedResult).reason)).slice(0, 3) })}\n`);
  await settleSlotReleases();
  await closeDb();
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
    process.exit(1);
  },
);
