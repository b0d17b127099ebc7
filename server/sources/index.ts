import { biqu22Adapter } from './adapters/biqu22';
import { ixdzs8Adapter } from './adapters/ixdzs8';
import { piaotiaAdapter } from './adapters/piaotia';
import { quanben5Adapter } from './adapters/quanben5';
import { shuba69Adapter } from './adapters/shuba69';
import { uukanshuAdapter } from './adapters/uukanshu';
import { createAppFetcher } from './fetcher';
import type { SourceAdapter, TextFetcher } from './types';

export type { SourceAdapter, SourceBook, SourceChapter, SourceChapterRef, TextFetcher } from './types';
export { SourceParseError } from './types';
export { mapGenre, mapGenres } from './genres';

/** Every supported site, in the order they are listed to readers. */
export const ADAPTERS: readonly SourceAdapter[] = [
  shuba69Adapter,
  biqu22Adapter,
  ixdzs8Adapter,
  uukanshuAdapter,
  quanben5Adapter,
  piaotiaAdapter,
];

export interface AdapterMatch {
  adapter: SourceAdapter;
  bookId: string;
  chapterId?: string;
}

/** Every host any adapter answers for: the allow-list of the fetcher. */
export function sourceHosts(): string[] {
  return ADAPTERS.flatMap((adapter) => adapter.hosts);
}

export function adapterById(id: string): SourceAdapter | undefined {
  return ADAPTERS.find((adapter) => adapter.id === id);
}

/** Reads a pasted link (the scheme may be missing) and finds the adapter, book and chapter it names. */
export function findAdapter(link: string): AdapterMatch | null {
  const text = link.trim();
  if (!text) return null;
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  const adapter = ADAPTERS.find((candidate) => candidate.matches(url));
  const parsed = adapter?.parseUrl(url);
  if (!adapter || !parsed) return null;
  return { adapter, ...parsed };
}

/** The reader-facing refusal for a link no adapter understands. */
export function supportedSitesMessage(): string {
  const sites = ADAPTERS.map((adapter) => adapter.hosts[0].replace(/^www\./, ''));
  return `Liên kết không được hỗ trợ. Các trang hỗ trợ: ${sites.join(', ')}.`;
}

/**
 * The production fetcher over every supported site (see createAppFetcher). `cache: false`
 * always asks the site (used when checking followed stories for new chapters).
 */
export function createFetcher(options: { cache?: boolean } = {}): TextFetcher {
  return createAppFetcher(ADAPTERS, options);
}
