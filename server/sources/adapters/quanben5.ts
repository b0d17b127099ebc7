import { parseSourceStatus } from '../status';
import { absoluteUrl, cleanLine, linesFromHtml, paragraphsFromHtml } from '../text';
import { SourceParseError, type PageVerdict, type SourceAdapter, type SourceBook, type SourceChapterRef } from '../types';
import { chapterOf, hostMatcher, html, PAGE, PLAIN_SITE_POLITENESS } from './shared';

/**
 * 全本小说网 (quanben5.com, today also www.quanben5.io; big5. serves traditional characters): books
 * are named by a pinyin slug. /n/{slug}/xiaoshuo.html holds the metadata (`h3 span` title, `p.info` author and category,
 * `div.pic img`, `p.description`) and the whole catalogue (`ul.list li a span`, oldest first);
 * chapters are /n/{slug}/{chapterId}.html with `h1.title1` and `div#content p`.
 * The site lists finished books only.
 */
const HOSTS: readonly string[] = ['quanben5.com', 'www.quanben5.com', 'big5.quanben5.com', 'quanben5.io', 'www.quanben5.io', 'big5.quanben5.io'];
const ID = 'quanben5';
const ORIGIN = 'https://quanben5.com';


function parseUrl(url: URL) {
  const match = url.pathname.match(/^\/n\/([a-z0-9_]+)\/(?:(\d+)\.html|xiaoshuo\.html)?$/i);
  if (!match) return null;
  return match[2] ? { bookId: match[1].toLowerCase(), chapterId: match[2] } : { bookId: match[1].toLowerCase() };
}

function bookUrl(bookId: string): string {
  return `${ORIGIN}/n/${bookId}/`;
}

const catalogueUrl = (bookId: string) => `${ORIGIN}/n/${bookId}/xiaoshuo.html`;

function canonical(url: string): string {
  const parsed = new URL(url);
  return HOSTS.includes(parsed.hostname) ? `${ORIGIN}${parsed.pathname}` : url;
}

function inspect(text: string): PageVerdict {
  if (/class="(list|title1|pic)"|id="content"/.test(text)) return PAGE;
  return /<title>[^<]*(404|不存在|页面未找到)/i.test(text) ? { kind: 'not-found' } : PAGE;
}

function labelled(values: string[], label: RegExp): string {
  return cleanLine(values.find((text) => label.test(text))?.replace(label, '') ?? '');
}

function parseCataloguePage(page: string, url: string, bookId: string): { book: SourceBook; chapters: SourceChapterRef[] } {
  const $ = html(page);
  const title = cleanLine($('h3 span').first().text() || $('h1').first().text());
  if (!title) throw new SourceParseError(ID, `no title on ${url}`);
  const list = $('ul.list');
  if (list.length === 0) throw new SourceParseError(ID, `no catalogue on ${url}`);
  const infos = $('p.info').toArray().map((p) => cleanLine($(p).text()));
  const author = cleanLine($('p.info span.author').first().text()) || labelled(infos, /^.*作者[：:]\s*/);
  const category = labelled(infos, /^.*类别[：:]\s*/);
  const seen = new Set<string>();
  const chapters = list
    .find('li a')
    .toArray()
    .map((a) => ({ title: cleanLine($(a).find('span').first().text() || $(a).text()), href: absoluteUrl($(a).attr('href'), url) }))
    .filter((row): row is { title: string; href: string } => Boolean(row.href && row.title))
    .map((row) => ({ ...row, href: canonical(row.href) }))
    .filter((row) => !seen.has(row.href) && seen.add(row.href))
    .map((row, i) => ({ index: i + 1, title: row.title, url: row.href }));
  return {
    book: {
      title,
      author,
      cover: absoluteUrl($('div.pic img').attr('src'), url),
      genres: category ? [category] : [],
      status: parseSourceStatus(infos.join(' ')) ?? 'completed',
      description: paragraphsFromHtml($('p.description').first().html() ?? '').join('\n'),
      latestChapterTitle: chapters.at(-1)?.title,
      sourceUrl: bookUrl(bookId),
    },
    chapters,
  };
}

function parseChapter(page: string, url: string, fallbackTitle: string) {
  const $ = html(page);
  const content = $('div#content').first();
  if (content.length === 0) throw new SourceParseError(ID, `no chapter text on ${url}`);
  const title = cleanLine($('h1.title1').first().text()) || fallbackTitle;
  content.find('script, style, div, ins, iframe').remove();
  return chapterOf(ID, url, title, linesFromHtml(content.html() ?? ''));
}

export const quanben5Adapter: SourceAdapter = {
  id: ID,
  name: 'Quanben5',
  hosts: HOSTS,
  fetching: { client: 'node', politeness: PLAIN_SITE_POLITENESS },
  sampleBookIds: ['doushentianxia'],
  inspect,
  matches: hostMatcher(HOSTS),
  parseUrl,
  bookUrl,
  async fetchBook(bookId, fetcher) {
    const parse = (page: string, at: string) => parseCataloguePage(page, at, bookId);
    return (await fetcher(catalogueUrl(bookId), { purpose: 'book', parse })).book;
  },
  async fetchChapterList(bookId, fetcher) {
    const parse = (page: string, at: string) => parseCataloguePage(page, at, bookId);
    return (await fetcher(catalogueUrl(bookId), { purpose: 'toc', parse })).chapters;
  },
  fetchChapter(chapter, fetcher) {
    const url = canonical(typeof chapter === 'string' ? chapter : chapter.url);
    const fallback = typeof chapter === 'string' ? '' : chapter.title;
    return fetcher(url, { purpose: 'chapter', parse: (page, at) => parseChapter(page, at, fallback) });
  },
};
