import type { CheerioAPI } from 'cheerio';
import { FetchError } from '@/server/fetch/errors';
import { absoluteUrl, cleanLine } from '../../text';
import type { SourceSearchHit } from '../../types';

/** Rows read from one results page at most; the service keeps fewer (SOURCE_SEARCH_RESULTS_PER_SITE). */
export const MAX_PAGE_HITS = 50;

/**
 * The Jieqi CMS answers a search it will not run with its error page: "没有搜索到" (nothing
 * found) is an empty result; "间隔…秒" (too soon after the last search) is a refusal to wait out.
 */
export function jieqiSearchAnswer(page: string, url: string): 'empty' | null {
  if (!/出现错误|错误提示|<title>[^<]*提示/.test(page.slice(0, 4000))) return null;
  if (/间隔|间隔时间|频繁|稍后再/.test(page)) throw new FetchError('SOURCE_BLOCKED', `${url}: the site asks to wait between searches`);
  if (/没有搜索到|没有找到|搜索结果为空|无搜索结果/.test(page)) return 'empty';
  return null;
}

/** "最近章节：第30章 风起" → "第30章 风起". */
export function withoutLabel(text: string): string {
  return cleanLine(cleanLine(text).replace(/^(?:最新章节|最近章节|最新|最近更新|更新至|作\s*者|作者)\s*[:：]?\s*/u, ''));
}

/** A hit when its title and link are there; drops header rows and broken ones, and repeats of one link. */
export function collectHits(rows: readonly (Omit<SourceSearchHit, 'url'> & { href: string | undefined })[], base: string): SourceSearchHit[] {
  const seen = new Set<string>();
  const hits: SourceSearchHit[] = [];
  for (const row of rows) {
    const url = absoluteUrl(row.href, base);
    const title = cleanLine(row.title);
    if (!url || !title || seen.has(url)) continue;
    seen.add(url);
    const { href: _href, ...rest } = row;
    hits.push({ ...rest, title, author: withoutLabel(row.author), url, latestChapterTitle: row.latestChapterTitle ? withoutLabel(row.latestChapterTitle) || undefined : undefined });
    if (hits.length >= MAX_PAGE_HITS) break;
  }
  return hits;
}

/** The text of the first element matching `selector` inside `scope`. */
export function textOf($: CheerioAPI, scope: Parameters<CheerioAPI>[0], selector: string): string {
  return cleanLine($(scope).find(selector).first().text());
}
