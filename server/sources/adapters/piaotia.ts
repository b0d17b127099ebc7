import { parseSourceStatus } from '../status';
import type { CleaningRules } from '../cleaning';
import { absoluteUrl, cleanLine, linesFromHtml, paragraphsFromHtml } from '../text';
import { SourceParseError, type PageVerdict, type SourceAdapter, type SourceBook, type SourceChapterRef } from '../types';
import { chapterOf, hostMatcher, html, isJieqiNotFound, PAGE, PLAIN_SITE_POLITENESS } from './shared';
import { searchPiaotia } from './search/piaotia';

/**
 * 飘天文学 (piaotia.com, formerly ptwxz.com and piaotian.com): a GBK Jieqi site. Book {id} lives
 * in directory {floor(id / 1000)}: the info page /bookinfo/{dir}/{id}.html is a table layout
 * (title in an `h1`, "作    者：", "类    别：", "文章状态：" cells, the intro after "内容简介："),
 * the catalogue /html/{dir}/{id}/ lists every chapter in `div.centent ul li a` (oldest first,
 * relative links), and a chapter /html/{dir}/{id}/{chapterId}.html is loose HTML: the title in an
 * `h1` after a link back to the book, the text bare between `div.toplink` and `div.bottomlink`
 * (older pages: after a `GetFont()` script, which today stands before the `h1`).
 */
const HOSTS: readonly string[] = ['www.piaotia.com', 'piaotia.com', 'www.ptwxz.com', 'ptwxz.com', 'www.piaotian.com', 'piaotian.com'];
const ID = 'piaotia';
const ORIGIN = 'https://www.piaotia.com';

/** Navigation rows that older pages put inside the text. */
const CLEANING: CleaningRules = { lines: [/^[（(]?快捷键/, /返回书页|加入书签|推荐本书/] };

const dirOf = (bookId: string) => String(Math.floor(Number(bookId) / 1000));

function parseUrl(url: URL) {
  const chapter = url.pathname.match(/^\/html\/\d+\/(\d+)\/(\d+)\.html$/);
  if (chapter) return { bookId: chapter[1], chapterId: chapter[2] };
  const book = url.pathname.match(/^\/(?:bookinfo\/\d+\/(\d+)\.html|html\/\d+\/(\d+)\/(?:index\.html)?)$/);
  return book ? { bookId: book[1] ?? book[2] } : null;
}

function bookUrl(bookId: string): string {
  return `${ORIGIN}/bookinfo/${dirOf(bookId)}/${bookId}.html`;
}

const catalogueUrl = (bookId: string) => `${ORIGIN}/html/${dirOf(bookId)}/${bookId}/`;

function canonical(url: string): string {
  const parsed = new URL(url);
  return HOSTS.includes(parsed.hostname) ? `${ORIGIN}${parsed.pathname}` : url;
}

function inspect(text: string): PageVerdict {
  if (/GetFont\(\)|class="centent"|内容简介/.test(text)) return PAGE;
  return isJieqiNotFound(text) ? { kind: 'not-found' } : PAGE;
}

/** The text of the table cell that starts with a label like "作    者：". */
function cell(cells: string[], label: string): string {
  const pattern = new RegExp(`^${label.split('').join('[\\s\\u00a0\\u3000]*')}[：:]`);
  const found = cells.find((text) => pattern.test(text));
  return found ? cleanLine(found.replace(pattern, '')) : '';
}

function parseInfo(page: string, url: string, bookId: string): SourceBook {
  const $ = html(page);
  const title = cleanLine($('h1').first().text());
  if (!title) throw new SourceParseError(ID, `no title on ${url}`);
  const cells = $('td')
    .toArray()
    .filter((td) => $(td).children('table').length === 0)
    .map((td) => cleanLine($(td).text()));
  const category = cell(cells, '类别');
  const introBlock = $('div')
    .toArray()
    .map((div) => $(div))
    .find((div) => div.text().includes('内容简介') && div.find('div').length === 0);
  const intro = (introBlock?.html() ?? '').replace(/^[\s\S]*?内容简介[：:]/, '');
  return {
    title,
    author: cell(cells, '作者'),
    cover: absoluteUrl($('img[src*="/files/article/image/"]').first().attr('src'), url),
    genres: category ? [category] : [],
    status: parseSourceStatus(cell(cells, '文章状态')) ?? 'ongoing',
    description: paragraphsFromHtml(intro).join('\n'),
    latestChapterTitle: cleanLine($('a[href*="/html/"]').filter((_, a) => /\d+\.html$/.test($(a).attr('href') ?? '')).first().text()) || undefined,
    sourceUrl: bookUrl(bookId),
  };
}

function parseCatalogue(page: string, url: string): SourceChapterRef[] {
  const $ = html(page);
  const list = $('div.centent');
  if (list.length === 0) throw new SourceParseError(ID, `no catalogue on ${url}`);
  const seen = new Set<string>();
  return list
    .find('ul li a')
    .toArray()
    .map((a) => ({ title: cleanLine($(a).text()), href: absoluteUrl($(a).attr('href'), url) }))
    .filter((row): row is { title: string; href: string } => Boolean(row.href && row.title) && /\d+\.html$/.test(row.href ?? ''))
    .map((row) => ({ ...row, href: canonical(row.href) }))
    .filter((row) => !seen.has(row.href) && seen.add(row.href))
    .map((row, i) => ({ index: i + 1, title: row.title, url: row.href }));
}

/** Where the bare chapter text starts: after `div.toplink`, or after the `GetFont()` script on older pages. */
function textStart(page: string): number {
  const toplink = page.search(/<div[^>]*class="toplink"/i);
  if (toplink >= 0) {
    const close = page.indexOf('</div>', toplink);
    if (close >= 0) return close + '</div>'.length;
  }
  const script = page.match(/<script[^>]*>\s*GetFont\(\);?\s*<\/script>/i);
  return script?.index === undefined ? -1 : script.index + script[0].length;
}

function parseChapter(page: string, url: string, fallbackTitle: string) {
  const start = textStart(page);
  if (start < 0) throw new SourceParseError(ID, `no chapter text on ${url}`);
  const bottom = page.slice(start).search(/<div[^>]*class="bottomlink"/i);
  const body = page.slice(start, bottom < 0 ? undefined : start + bottom).replace(/<\/(body|html)>[\s\S]*$/i, '');
  const heading = html(page)('h1').first();
  heading.find('a').remove();
  const title = cleanLine(heading.text()) || fallbackTitle;
  // The text is not inside any element: give it one so that tables and scripts around it can go.
  const $ = html(`<div id="pt-content">${body}</div>`);
  const content = $('#pt-content');
  content.find('script, style, div, table, h1, a, center').remove();
  return chapterOf(ID, url, title, linesFromHtml(content.html() ?? ''), CLEANING);
}

export const piaotiaAdapter: SourceAdapter = {
  id: ID,
  name: 'Piaotian',
  hosts: HOSTS,
  fetching: { client: 'node', politeness: PLAIN_SITE_POLITENESS },
  sampleBookIds: ['1705'],
  inspect,
  matches: hostMatcher(HOSTS),
  parseUrl,
  bookUrl,
  fetchBook: (bookId, fetcher) => fetcher(bookUrl(bookId), { purpose: 'book', parse: (page, at) => parseInfo(page, at, bookId) }),
  fetchChapterList: (bookId, fetcher) => fetcher(catalogueUrl(bookId), { purpose: 'toc', parse: parseCatalogue }),
  fetchChapter(chapter, fetcher) {
    const url = canonical(typeof chapter === 'string' ? chapter : chapter.url);
    const fallback = typeof chapter === 'string' ? '' : chapter.title;
    return fetcher(url, { purpose: 'chapter', parse: (page, at) => parseChapter(page, at, fallback) });
  },
  search: searchPiaotia,
};
