import { cleanLine } from '../../text';
import { SourceParseError, type SourceSearchHit, type TextFetcher } from '../../types';
import { html } from '../shared';
import { collectHits, jieqiSearchAnswer, textOf } from './shared';

/**
 * 69书吧's search: the form in every page's header, POSTed as GBK to
 * /modules/article/search.php (`searchkey`, `searchtype=all`: title or author, `submit`). The
 * results are `div.newbox ul li`: a cover link (`a.imgbox`), the title as the last link of the
 * `h3`, `div.labelbox label`s (author first, then category, status, length) and the latest
 * chapter in `div.zxzj p`. A query with a single match is redirected to that book's page.
 */
const ORIGIN = 'https://www.69shuba.com';
const ID = '69shuba';

export function parseShuba69Search(page: string, url: string): SourceSearchHit[] {
  if (jieqiSearchAnswer(page, url) === 'empty') return [];
  const $ = html(page);
  if ($('div.booknav2').length > 0) {
    // The book page a single match is redirected to; its own link, since a cached copy is read at the search's URL.
    const heading = $('div.booknav2 h1').first();
    const title = cleanLine(heading.text());
    const link = heading.find('a').attr('href') ?? $('a[href*="/book/"]').first().attr('href') ?? url;
    const author = cleanLine($('div.booknav2 p a[href*="author"]').first().text());
    const latest = cleanLine($('div.qustime li span').first().text());
    return collectHits([{ title, author, href: link, latestChapterTitle: latest || undefined }], url);
  }
  const box = $('div.newbox');
  if (box.length === 0) throw new SourceParseError(ID, `no search results on ${url}`);
  const rows = box
    .find('ul li')
    .toArray()
    .map((li) => {
      const link = $(li).find('h3 a').last();
      return {
        title: link.text(),
        href: link.attr('href') ?? $(li).find('a').first().attr('href'),
        author: textOf($, li, 'div.labelbox label'),
        category: textOf($, li, 'div.labelbox label:nth-child(2)') || undefined,
        latestChapterTitle: textOf($, li, 'div.zxzj p') || undefined,
      };
    });
  return collectHits(rows, url);
}

export function searchShuba69(query: string, fetcher: TextFetcher): Promise<SourceSearchHit[]> {
  return fetcher(`${ORIGIN}/modules/article/search.php`, {
    purpose: 'book',
    form: { searchkey: query, searchtype: 'all', submit: 'Search' },
    formCharset: 'gbk',
    parse: parseShuba69Search,
  });
}
