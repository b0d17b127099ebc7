import { cleanLine } from '../../text';
import { SourceParseError, type SourceSearchHit, type TextFetcher } from '../../types';
import { html } from '../shared';
import { collectHits, jieqiSearchAnswer } from './shared';

/**
 * 飘天文学's search: the Jieqi form POSTed as GBK to /modules/article/search.php
 * (`searchtype=articlename` or `author`, `searchkey`, `Submit= 搜 索 `). The results are the rows of
 * the table in `div#content` after its header: the book (`td a` to /bookinfo/…), the latest
 * chapter, the author, the length, the update date and the status. A single match is redirected
 * to its /bookinfo/ page. Only titles are searched: the site spaces searches apart (a second one
 * within its interval gets the "间隔" refusal), so an author search would cost a reader's title search.
 */
const ORIGIN = 'https://www.piaotia.com';
const ID = 'piaotia';

/** The text of the table cell that starts with a label like "作    者：". */
function labelled(cells: string[], label: string): string {
  const pattern = new RegExp(`^${label.split('').join('[\\s\\u00a0\\u3000]*')}[：:]`);
  const found = cells.find((text) => pattern.test(text));
  return found ? cleanLine(found.replace(pattern, '')) : '';
}

export function parsePiaotiaSearch(page: string, url: string): SourceSearchHit[] {
  if (jieqiSearchAnswer(page, url) === 'empty') return [];
  const $ = html(page);
  if (/\/bookinfo\//.test(new URL(url).pathname)) {
    const cells = $('td')
      .toArray()
      .filter((td) => $(td).children('table').length === 0)
      .map((td) => cleanLine($(td).text()));
    return collectHits([{ title: $('h1').first().text(), author: labelled(cells, '作者'), href: url }], url);
  }
  const table = $('div#content table').first();
  if (table.length === 0) throw new SourceParseError(ID, `no search results on ${url}`);
  const rows = table
    .find('tr')
    .toArray()
    .filter((tr) => $(tr).find('td a[href*="bookinfo"]').length > 0)
    .map((tr) => {
      const cells = $(tr).children('td').toArray();
      const link = $(tr).find('td a[href*="bookinfo"]').first();
      return {
        title: link.text(),
        href: link.attr('href'),
        author: cleanLine($(cells[2]).text()),
        latestChapterTitle: cleanLine($(cells[1]).text()) || undefined,
      };
    });
  return collectHits(rows, url);
}

export function searchPiaotia(query: string, fetcher: TextFetcher): Promise<SourceSearchHit[]> {
  return fetcher(`${ORIGIN}/modules/article/search.php`, {
    purpose: 'book',
    form: { searchtype: 'articlename', searchkey: query, Submit: ' 搜 索 ' },
    formCharset: 'gbk',
    parse: parsePiaotiaSearch,
  });
}
