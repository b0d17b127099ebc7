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
  const rows = $('div#content table tr')
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
  if (rows.length > 0) return collectHits(rows, url);
  const cells = $('td')
    .toArray()
    .filter((td) => $(td).children('table').length === 0)
    .map((td) => cleanLine($(td).text()));
  const author = labelled(cells, '作者');
  const title = cleanLine($('h1').first().text());
  if (title && author) {
    // The info page a single match is redirected to, read by its own links (a cached copy is read at the search's URL).
    const href = $('a[href*="/html/"]')
      .toArray()
      .map((a) => $(a).attr('href'))
      .find((link) => /\/html\/\d+\/\d+\//.test(link ?? ''));
    return collectHits([{ title, author, href: /\/bookinfo\//.test(new URL(url).pathname) ? url : href }], url);
  }
  if ($('div#content').length === 0) throw new SourceParseError(ID, `no search results on ${url}`);
  return [];
}

export function searchPiaotia(query: string, fetcher: TextFetcher): Promise<SourceSearchHit[]> {
  return fetcher(`${ORIGIN}/modules/article/search.php`, {
    purpose: 'book',
    form: { searchtype: 'articlename', searchkey: query, Submit: ' 搜 索 ' },
    formCharset: 'gbk',
    parse: parsePiaotiaSearch,
  });
}
