import type { PageVerdict, TextFetcher } from '@/server/fetch/politeFetch';
import type { Politeness } from '@/server/fetch/politeness';

export type { PageVerdict, TextFetcher } from '@/server/fetch/politeFetch';

export type SourceStatus = 'ongoing' | 'completed';

/** A story as its source site describes it. Genres stay in Chinese; see genres.ts for ours. */
export interface SourceBook {
  title: string;
  author: string;
  cover?: string;
  genres: string[];
  status: SourceStatus;
  description: string;
  latestChapterTitle?: string;
  sourceUrl: string;
}

export interface SourceChapterRef {
  /** Position in the story, from 1. */
  index: number;
  title: string;
  url: string;
}

export interface SourceChapter {
  title: string;
  paragraphs: string[];
}

export interface ParsedSourceUrl {
  bookId: string;
  chapterId?: string;
}

/** One book on a site's search results page, as the site lists it. */
export interface SourceSearchHit {
  title: string;
  /** '' when the results page does not name the author. */
  author: string;
  /** The book's page on the site (any of its domains; the adapter's parseUrl reads it). */
  url: string;
  latestChapterTitle?: string;
  /** Chapters the results page counts, when it does. */
  chapterCount?: number;
  category?: string;
}

/** How a site is asked for its pages. */
export interface SourceFetching {
  /** `impit` for sites that refuse clients that do not look like a browser at the TLS level. */
  client: 'node' | 'impit';
  politeness: Politeness;
}

/**
 * One supported site. Adapters only build URLs and parse pages; every request goes through the
 * injected fetcher, which owns safety, politeness, cookies, caching and decoding.
 */
export interface SourceAdapter {
  id: string;
  /** Display name, e.g. "69shu". */
  name: string;
  /** Every domain the site answers on (mirrors and old names); the first is the canonical one. */
  hosts: readonly string[];
  fetching: SourceFetching;
  /** A book known to exist on each of the site's layouts or domains, for `npm run sources:check`. */
  sampleBookIds: readonly string[];
  /** Recognises the site's challenge, block and not-found pages. */
  inspect(text: string, url: string): PageVerdict;
  matches(url: URL): boolean;
  /** Reads a link on any of the site's domains; ids are the same on every domain. */
  parseUrl(url: URL): ParsedSourceUrl | null;
  /** The canonical book page: one story identity whatever domain a link used. */
  bookUrl(bookId: string): string;
  fetchBook(bookId: string, fetcher: TextFetcher): Promise<SourceBook>;
  /** The whole chapter list, in reading order, across every page of the table of contents. */
  fetchChapterList(bookId: string, fetcher: TextFetcher): Promise<SourceChapterRef[]>;
  fetchChapter(chapter: SourceChapterRef | string, fetcher: TextFetcher): Promise<SourceChapter>;
  /**
   * The site's own search for a title or author (Chinese, as the site writes it): its results
   * page read as it lists them, best first. Absent for a site without a usable search.
   */
  search?(query: string, fetcher: TextFetcher): Promise<SourceSearchHit[]>;
}

/** A page did not have the shape the adapter knows: the site changed or the book is gone. */
export class SourceParseError extends Error {
  readonly userMessage = 'Không đọc được dữ liệu từ trang nguồn. Trang có thể đã thay đổi hoặc truyện không tồn tại.';

  constructor(adapterId: string, detail: string) {
    super(`${adapterId}: ${detail}`);
    this.name = 'SourceParseError';
  }
}
