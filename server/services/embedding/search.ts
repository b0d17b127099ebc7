import type { NextApiRequest } from 'next';
import { and, eq, ilike, isNotNull } from 'drizzle-orm';
import { z } from 'zod';
import type { SourceSearchEvent, SourceSearchRow } from '@/lib/api/embedding';
import { checkSearchQuery, SEARCH_LINK } from '@/lib/embeddingSearch';
import { foldVietnamese } from '@/lib/text/fold';
import { convertTitle } from '@/server/convert/engine';
import { hanVietSyllables, hanVietToChinese, reverseIndex } from '@/server/convert/reverse';
import { simplify } from '@/server/convert/simplify';
import type { Database } from '@/server/db/client';
import { stories } from '@/server/db/schema';
import { addressReadersSetting, sourceSearchSettings } from '@/server/env';
import { badRequest } from '@/server/http/errors';
import { claimantOf, readerOf } from '@/server/http/reader';
import { WorkLimiter } from '@/server/http/workLimiter';
import { FetchError } from '@/server/fetch/errors';
import { logger } from '@/server/logger';
import { ADAPTERS, createFetcher, findAdapter, type SourceAdapter, type TextFetcher } from '@/server/sources';
import { normaliseAuthor, normaliseTitle } from '@/server/sources/bookIdentity';
import { chaptersFromHeading, mergeSearchHits, type MergedSearchBook, type SiteSearchHit } from '@/server/sources/searchMerge';
import { enforceReaderLimit, type RateLimitRule } from '@/server/services/rateLimit';
import { convertChapterTitle } from './titles';

/**
 * Searching the source sites from Nhúng: a Chinese title or author (simplified or traditional)
 * or a Hán-Việt title is planned into the Chinese the sites are asked for, every site that has a
 * search is asked at once through the polite, cached fetcher, and the results are merged into
 * one row per book as each site answers. A site that fails or is slow is reported on its own and
 * holds nobody back.
 */

/** A search asks every site: a reader's share is smaller than for link previews. */
export const SOURCE_SEARCH_RULE: RateLimitRule = { limit: 20, windowMs: 10 * 60_000 };

const ZSearchQuery = z.object({ q: z.string().max(1_000).optional() });

const NOT_HAN_VIET = 'Hãy nhập tên truyện bằng chữ Hán (như 凡人修仙传) hoặc tên Hán-Việt (như Phàm Nhân Tu Tiên Truyện).';
const NO_CHINESE = 'Không tìm được chữ Hán ứng với tên Hán-Việt này. Hãy thử nhập tên bằng chữ Hán.';
const TIMEOUT = 'Trang nguồn không trả lời kịp.';
const BLOCKED = 'Trang nguồn đang chặn truy cập tự động, hãy thử lại sau.';
const FAILED = 'Không đọc được kết quả tìm kiếm của trang nguồn.';

const HAN = /\p{Script=Han}/u;

/** The reader's query, trimmed and checked: 400 with a Vietnamese message when it cannot be searched. */
export function parseSearchQuery(input: unknown): string {
  const parsed = ZSearchQuery.safeParse(input);
  const checked = checkSearchQuery(parsed.success ? (parsed.data.q ?? '') : '');
  if (!checked.ok) throw badRequest(checked.message);
  if (findAdapter(checked.query)) throw badRequest(SEARCH_LINK);
  return checked.query;
}

export interface SearchPlan {
  query: string;
  chinese: string;
  alternatives: string[];
}

/** Stories embedded here whose (Hán-Việt) title holds the query: their Chinese titles, closest first. */
async function embeddedOriginals(database: Database, query: string): Promise<string[]> {
  const folded = foldVietnamese(query);
  const rows = await database
    .select({ searchTitle: stories.searchTitle, originalTitle: stories.originalTitle })
    .from(stories)
    .where(and(eq(stories.origin, 'embedded'), eq(stories.hidden, false), isNotNull(stories.originalTitle), ilike(stories.searchTitle, `%${folded.replace(/[\\%_]/g, '\\$&')}%`)))
    .orderBy(stories.id)
    .limit(20);
  return rows
    .sort((a, b) => Number(b.searchTitle === folded) - Number(a.searchTitle === folded) || a.searchTitle.length - b.searchTitle.length)
    .map((row) => normaliseTitle(row.originalTitle ?? '') && (row.originalTitle ?? '').trim())
    .filter((title): title is string => Boolean(title));
}

/**
 * The Chinese a query is searched as: Chinese is simplified (the sites index simplified); a
 * Hán-Việt title becomes the Chinese title of a story embedded here under that name, else the
 * likeliest Chinese read back from it (server/convert/reverse.ts).
 */
export async function planSearch(database: Database, query: string): Promise<SearchPlan> {
  if (HAN.test(query)) return { query, chinese: simplify(query), alternatives: [] };
  if (!hanVietSyllables(query)) throw badRequest(NOT_HAN_VIET);
  const known = await embeddedOriginals(database, query);
  const read = await hanVietToChinese(query, 3);
  const candidates = [...new Set([...known.slice(0, 3), ...read].map((title) => simplify(title)))];
  if (candidates.length === 0) throw badRequest(NO_CHINESE);
  return { query, chinese: candidates[0], alternatives: candidates.slice(1, 5) };
}

/**
 * Starts building the reverse Hán-Việt index in the background (in slices, holding no request),
 * so that a reader who opens Nhúng finds it ready by the time they search.
 */
export function warmSourceSearch(): void {
  reverseIndex().catch((err: unknown) => logger.warn({ err }, 'reverse Hán-Việt index failed to build'));
}

/** The adapters that can search, in the order sites are listed to readers. */
export function searchableAdapters(adapters: readonly SourceAdapter[] = ADAPTERS): SourceAdapter[] {
  return adapters.filter((adapter) => typeof adapter.search === 'function');
}

function siteMessage(error: unknown): string {
  if (error instanceof FetchError) {
    if (error.code === 'TIMEOUT') return TIMEOUT;
    if (error.code === 'SOURCE_BLOCKED' || error.status === 429 || error.status === 503) return BLOCKED;
    return error.userMessage;
  }
  return FAILED;
}

class SiteTimeout extends Error {}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new SiteTimeout()), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** A merged book as the reader sees it: the converted title beside the Chinese, each site's listing. */
export function toRow(book: MergedSearchBook): SourceSearchRow {
  return {
    key: book.key,
    title: convertTitle(book.title),
    originalTitle: book.title,
    author: book.author ? convertTitle(book.author) : '',
    originalAuthor: book.author,
    sites: book.hits.map((hit) => ({
      siteId: hit.siteId,
      siteName: hit.siteName,
      sourceUrl: hit.sourceUrl,
      originalTitle: hit.title,
      originalAuthor: hit.author,
      chapterCount: hit.chapterCount ?? chaptersFromHeading(hit.latestChapterTitle),
      latestChapter: hit.latestChapterTitle
        ? { originalTitle: hit.latestChapterTitle, title: convertChapterTitle(hit.latestChapterTitle, chaptersFromHeading(hit.latestChapterTitle) ?? 0) }
        : null,
    })),
  };
}

export interface SearchOptions {
  adapters?: readonly SourceAdapter[];
  fetcher?: TextFetcher;
  timeoutMs?: number;
  perSite?: number;
  /** True once the reader has gone: nothing more is sent. */
  gone?: () => boolean;
}

/** A site's hits as books it names: the adapter must read the link, and the title must be there. */
function hitsOf(adapter: SourceAdapter, rank: number, found: Awaited<ReturnType<NonNullable<SourceAdapter['search']>>>, perSite: number): SiteSearchHit[] {
  const hits: SiteSearchHit[] = [];
  for (const hit of found) {
    let bookId: string | undefined;
    try {
      bookId = adapter.parseUrl(new URL(hit.url))?.bookId;
    } catch {
      bookId = undefined;
    }
    if (!bookId || !normaliseTitle(hit.title)) continue;
    hits.push({ ...hit, siteId: adapter.id, siteName: adapter.name, sourceUrl: adapter.bookUrl(bookId), siteRank: rank, author: normaliseAuthor(hit.author) ? hit.author : '' });
    if (hits.length >= perSite) break;
  }
  return hits;
}

/**
 * Asks every searchable site for `plan.chinese` at once and emits, as each answers, its outcome
 * and the rows merged so far; resolves when every site has answered or timed out.
 */
export async function searchSources(plan: SearchPlan, emit: (event: SourceSearchEvent) => void, options: SearchOptions = {}): Promise<void> {
  const settings = sourceSearchSettings();
  const adapters = searchableAdapters(options.adapters);
  const fetcher = options.fetcher ?? createFetcher();
  const timeoutMs = options.timeoutMs ?? settings.SOURCE_SEARCH_SITE_TIMEOUT_MS;
  const perSite = options.perSite ?? settings.SOURCE_SEARCH_RESULTS_PER_SITE;
  const send = (event: SourceSearchEvent) => {
    if (!options.gone?.()) emit(event);
  };
  send({ type: 'plan', query: plan.query, chinese: plan.chinese, alternatives: plan.alternatives, sites: adapters.map((adapter) => ({ id: adapter.id, name: adapter.name })) });
  const all: SiteSearchHit[] = [];
  await Promise.all(
    adapters.map(async (adapter, rank) => {
      try {
        const found = await withTimeout(adapter.search!(plan.chinese, fetcher), timeoutMs);
        const hits = hitsOf(adapter, rank, found, perSite);
        all.push(...hits);
        send({ type: 'site', siteId: adapter.id, state: 'done', count: hits.length });
      } catch (error) {
        if (error instanceof FetchError && error.code === 'SOURCE_NOT_FOUND') {
          send({ type: 'site', siteId: adapter.id, state: 'done', count: 0 });
        } else {
          if (!(error instanceof SiteTimeout)) logger.warn({ err: error, site: adapter.id }, 'source search failed');
          send({ type: 'site', siteId: adapter.id, state: 'error', message: error instanceof SiteTimeout ? TIMEOUT : siteMessage(error) });
        }
      }
      send({ type: 'rows', rows: mergeSearchHits(all, plan.chinese).map(toRow) });
    }),
  );
  send({ type: 'done' });
}

let limiter: WorkLimiter | undefined;

/** Searches running at once in this process, shared fairly between readers (503 beyond). */
export function searchLimiter(): WorkLimiter {
  limiter ??= new WorkLimiter({
    concurrency: sourceSearchSettings().SOURCE_SEARCH_CONCURRENCY,
    queue: sourceSearchSettings().SOURCE_SEARCH_CONCURRENCY * 2,
    perReader: 1,
    // Visitors without a cookie each look new: their address takes at most ADDRESS_READERS turns.
    addressReaders: addressReadersSetting(),
    maxWaitMs: 10_000,
    message: 'Máy chủ đang bận tìm truyện cho nhiều người, vui lòng thử lại sau ít giây.',
    retryAfterSeconds: 10,
  });
  return limiter;
}

/** Counts one search against the reader's share: 429 with Retry-After beyond it. */
export async function limitSourceSearch(database: Database, req: Pick<NextApiRequest, 'headers' | 'socket'>, userId: string | null) {
  const reader = readerOf(req, userId);
  await enforceReaderLimit(database, 'embedding:search', reader, SOURCE_SEARCH_RULE, 'Bạn đã tìm quá nhiều lần trong thời gian ngắn.');
  return claimantOf(reader);
}
