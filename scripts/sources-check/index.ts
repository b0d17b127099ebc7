import { FetchError } from '@/server/fetch/errors';
import { ADAPTERS } from '@/server/sources';
import { bookKey } from '@/server/sources/bookIdentity';
import { createSourceFetcher } from '@/server/sources/fetcher';
import type { SourceAdapter, TextFetcher } from '@/server/sources/types';

/**
 * `npm run sources:check`: asks every supported site for a known book on each of its layouts or
 * domains (its samples) through the production fetcher, with each site's client and politeness,
 * and prints one line per site and domain: reachable, parsed, chapters, and what blocked it;
 * then, for each site that has a search, searches its sample book's title and says whether the
 * book was among the results. Exits 1 when one failed.
 *
 * Against the fixture server (what CI does): `SOURCES_ALLOW_LOOPBACK=1
 * SOURCES_FIXTURE_ORIGIN=http://127.0.0.1:4555 npm run sources:check`, or `--fixtures` to start one.
 */
export interface SourceCheck {
  site: string;
  /** The domain the sample book was asked of. */
  host: string;
  reachable: boolean;
  parsed: boolean;
  chapters: number;
  /** Why the site could not be read: "Cloudflare check", "403", "timeout", a parse error… */
  blockedBy: string | null;
}

function reasonOf(error: unknown): { reachable: boolean; reason: string } {
  if (error instanceof FetchError) {
    const reachable = !['DNS_FAILED', 'NETWORK', 'TIMEOUT', 'BLOCKED_ADDRESS'].includes(error.code);
    const detail = error.status ? `${error.code} ${error.status}` : error.code;
    return { reachable, reason: /Cloudflare/.test(error.message) ? `${detail} (Cloudflare check)` : detail };
  }
  return { reachable: true, reason: error instanceof Error ? error.message : String(error) };
}

export async function checkSource(adapter: SourceAdapter, fetcher: TextFetcher, bookId = adapter.sampleBookIds[0]): Promise<SourceCheck> {
  const host = new URL(adapter.bookUrl(bookId)).hostname;
  const result: SourceCheck = { site: adapter.id, host, reachable: false, parsed: false, chapters: 0, blockedBy: null };
  try {
    const book = await adapter.fetchBook(bookId, fetcher);
    result.reachable = true;
    const chapters = await adapter.fetchChapterList(bookId, fetcher);
    result.chapters = chapters.length;
    if (chapters.length === 0) throw new Error(`no chapters listed for ${book.title}`);
    const first = await adapter.fetchChapter(chapters[0], fetcher);
    result.parsed = Boolean(book.title) && first.paragraphs.length > 0;
  } catch (error) {
    const { reachable, reason } = reasonOf(error);
    result.reachable ||= reachable;
    result.blockedBy = reason;
  }
  return result;
}

export interface SearchCheck {
  site: string;
  query: string;
  results: number;
  /** The sample book (same normalised title and author) was among the results. */
  found: boolean;
  blockedBy: string | null;
}

/** Searches the site for its sample book's title, as a reader searching from Nhúng would. */
export async function checkSearch(adapter: SourceAdapter, fetcher: TextFetcher, bookId = adapter.sampleBookIds[0]): Promise<SearchCheck> {
  const result: SearchCheck = { site: adapter.id, query: '', results: 0, found: false, blockedBy: null };
  try {
    if (!adapter.search) throw new Error('no search');
    const book = await adapter.fetchBook(bookId, fetcher);
    result.query = book.title;
    const hits = await adapter.search(book.title, fetcher);
    result.results = hits.length;
    result.found = hits.some((hit) => bookKey(hit) === bookKey(book));
    if (!result.found) result.blockedBy = 'sample book not among the results';
  } catch (error) {
    result.blockedBy = reasonOf(error).reason;
  }
  return result;
}

export function formatSearchCheck(check: SearchCheck): string {
  return [check.site.padEnd(10), `search "${check.query}"`, `results=${check.results}`, `found=${check.found ? 'yes' : 'no'}`, `blocked-by=${check.blockedBy ?? '-'}`].join('  ');
}

export function formatCheck(check: SourceCheck): string {
  const yes = (value: boolean) => (value ? 'yes' : 'no');
  return [
    check.site.padEnd(10),
    check.host.padEnd(18),
    `reachable=${yes(check.reachable)}`,
    `parsed=${yes(check.parsed)}`,
    `chapters=${check.chapters}`,
    `blocked-by=${check.blockedBy ?? '-'}`,
  ].join('  ');
}

async function main(): Promise<number> {
  let stopFixtures: (() => Promise<void>) | undefined;
  if (process.argv.includes('--fixtures')) {
    const { startFixtureServer } = await import('../fixture-server');
    const fixture = await startFixtureServer();
    process.env.SOURCES_ALLOW_LOOPBACK = '1';
    process.env.SOURCES_FIXTURE_ORIGIN = fixture.origin;
    stopFixtures = () => fixture.close();
  }
  const only = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
  const adapters = ADAPTERS.filter((adapter) => only.length === 0 || only.includes(adapter.id));
  const fetcher = createSourceFetcher(adapters, { cache: null });
  let failed = 0;
  let checked = 0;
  for (const adapter of adapters) {
    for (const bookId of adapter.sampleBookIds) {
      const check = await checkSource(adapter, fetcher, bookId);
      checked++;
      if (!check.parsed) failed++;
      process.stdout.write(`${formatCheck(check)}\n`);
    }
    if (adapter.search) {
      const search = await checkSearch(adapter, fetcher);
      checked++;
      if (!search.found) failed++;
      process.stdout.write(`${formatSearchCheck(search)}\n`);
    }
  }
  await stopFixtures?.();
  process.stdout.write(`${checked - failed} passed, ${failed} failed\n`);
  return failed === 0 ? 0 : 1;
}

if (process.argv[1] && /sources-check(\/index)?\.[cm]?[jt]s$/.test(process.argv[1])) {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      process.stderr.write(`sources check failed: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exit(1);
    },
  );
}
