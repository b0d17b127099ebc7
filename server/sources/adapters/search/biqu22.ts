import { SourceParseError, type SourceSearchHit, type TextFetcher } from '../../types';
import { html } from '../shared';
import { collectHits, jieqiSearchAnswer, textOf } from './shared';

/**
 * 22笔趣's search: POST /ss/ in UTF-8 (`searchkey`, `Submit=搜索`), title or author. The results
 * are the rows of `div.container ul li` after a header row: `span.s1` category, `span.s2 a` the
 * book, `span.s3` the latest chapter, `span.s4` the author, `span.s5` the last update.
 */
const ORIGIN = 'https://www.22biqu.com';
const ID = '22biqu';

export function parseBiqu22Search(page: string, url: string): SourceSearchHit[] {
  if (jieqiSearchAnswer(page, url) === 'empty') return [];
  const $ = html(page);
  const rows = $('div.container ul li').toArray().filter((li) => $(li).find('span.s2').length > 0);
  if (rows.length === 0 && $('div.container').length === 0) throw new SourceParseError(ID, `no search results on ${url}`);
  return collectHits(
    rows.map((li) => ({
      title: textOf($, li, 'span.s2 a'),
      href: $(li).find('span.s2 a').attr('href'),
      author: textOf($, li, 'span.s4'),
      category: textOf($, li, 'span.s1').replace(/^\[|\]$/g, '') || undefined,
      latestChapterTitle: textOf($, li, 'span.s3') || undefined,
    })),
    url,
  );
}

export function searchBiqu22(query: string, fetcher: TextFetcher): Promise<SourceSearchHit[]> {
  return fetcher(`${ORIGIN}/ss/`, { purpose: 'book', form: { searchkey: query, Submit: '搜索' }, parse: parseBiqu22Search });
}
