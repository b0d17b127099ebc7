import { SourceParseError, type SourceSearchHit, type TextFetcher } from '../../types';
import { html } from '../shared';
import { collectHits, textOf } from './shared';

/**
 * 爱下电子书's search: GET /bsearch?q={query} in UTF-8, title or author. The results are
 * `ul.u-list li.burl` (the book's path in `data-url`), the title in `div.l-text h3 a`, the author
 * in `span.bauthor a`, the latest chapter in `p.l-last a.l-chapter`. Behind the same browser
 * check as the rest of the site (answered by the fetcher).
 */
const ORIGIN = 'https://ixdzs8.com';
const ID = 'ixdzs8';

export function parseIxdzs8Search(page: string, url: string): SourceSearchHit[] {
  const $ = html(page);
  const list = $('ul.u-list');
  if (list.length === 0) {
    if (/暂无|没有找到|沒有找到|无结果/.test(page)) return [];
    throw new SourceParseError(ID, `no search results on ${url}`);
  }
  return collectHits(
    list
      .find('li.burl')
      .toArray()
      .map((li) => ({
        title: textOf($, li, 'h3 a'),
        href: $(li).attr('data-url') ?? $(li).find('h3 a').attr('href'),
        author: textOf($, li, 'span.bauthor'),
        category: textOf($, li, 'span.lz') || undefined,
        latestChapterTitle: textOf($, li, 'p.l-last a') || undefined,
      })),
    url,
  );
}

export function searchIxdzs8(query: string, fetcher: TextFetcher): Promise<SourceSearchHit[]> {
  return fetcher(`${ORIGIN}/bsearch?q=${encodeURIComponent(query)}`, { purpose: 'book', parse: parseIxdzs8Search });
}
