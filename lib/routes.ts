/**
 * URL builders for the site's pages, shared by every feature so links agree. Page numbers in
 * URLs are 1-based for people (`?page=2` is the second page); the API's are 0-based.
 */
import type { ChapterKey, SortKey } from './constants';

export interface SearchQuery {
  keyword?: string;
  cats?: string[];
  chapters?: ChapterKey | string;
  author?: string;
  status?: 'ongoing' | 'completed';
  sort?: SortKey | string;
  /** 1-based. */
  page?: number;
}

function withQuery(path: string, entries: [string, string | undefined][]): string {
  const params = new URLSearchParams();
  for (const [key, value] of entries) if (value !== undefined && value !== '') params.set(key, value);
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

/** Deepest 0-based page a list may be asked for: beyond it, OFFSET scans cost more than anyone reads. */
export const MAX_PAGE = 5_000;

export const HOME_URL = '/';
export const EMBEDDING_URL = '/embedding';
export const VIP_URL = '/vip';

export const storyUrl = (slug: string) => `/${slug}`;
export const chapterUrl = (slug: string, index: number) => `/${slug}/chuong-${index}`;

/** /truyen with the filters of a search; `cats` travels as a JSON array of genre names (spec §2). */
export function searchUrl(query: SearchQuery = {}): string {
  return withQuery('/truyen', [
    ['keyword', query.keyword?.trim()],
    ['cats', query.cats?.length ? JSON.stringify(query.cats) : undefined],
    ['chapters', query.chapters],
    ['author', query.author],
    ['status', query.status],
    ['sort', query.sort],
    ['page', query.page && query.page > 1 ? String(query.page) : undefined],
  ]);
}

export const genreUrl = (name: string) => searchUrl({ cats: [name] });
export const chaptersUrl = (key: ChapterKey | string) => searchUrl({ chapters: key });
export const authorUrl = (author: string) => searchUrl({ author });

export function rankingUrl(sort?: SortKey | string, page?: number): string {
  return withQuery('/bang-xep-hang', [
    ['sort', sort],
    ['page', page && page > 1 ? String(page) : undefined],
  ]);
}

export const INFO_PAGES = [
  { href: '/thong-tin/dieu-khoan-dich-vu', label: 'Điều khoản dịch vụ' },
  { href: '/thong-tin/thong-tin-bao-mat', label: 'Chính sách bảo mật' },
  { href: '/thong-tin/about-us', label: 'Bản quyền' },
  { href: '/thong-tin/huong-dan-su-dung', label: 'Hướng dẫn sử dụng' },
] as const;

/** Any path containing /vip is a VIP path (spec §2): no ads, no welcome dialog. */
export const isVipPath = (path: string) => path.split(/[?#]/)[0].includes('/vip');

/** The operator console (/quan-tri/…): no ads and no welcome dialog. */
export const CONSOLE_PATH = '/quan-tri';
export const isConsolePath = (path: string) => {
  const pathname = path.split(/[?#]/)[0];
  return pathname === CONSOLE_PATH || pathname.startsWith(`${CONSOLE_PATH}/`);
};
