import type { CleaningRules } from '../cleaning';
import { parseSourceStatus } from '../status';
import { absoluteUrl, cleanLine, linesFromHtml, paragraphsFromHtml } from '../text';
import { SourceParseError, type PageVerdict, type SourceAdapter, type SourceBook, type SourceChapterRef, type TextFetcher } from '../types';
import { chapterOf, hostMatcher, html, isJieqiNotFound, PAGE, PLAIN_SITE_POLITENESS } from './shared';
import { canonicalCcChapter, parseCcBook, parseCcChapter, UUKANSHU_CC_ORIGIN } from './uukanshuCc';

/**
 * UU看书. Today's site is uukanshu.cc (/book/{id}/, see uukanshuCc.ts); its books have ids of their
 * own, so they are named "cc-{id}" here. The older site uukanshu.net (tw. serves the same books in traditional characters, sj. is the mobile
 * site, the old .com domains redirect). The canonical book page /b/{id}/ (GBK) holds the metadata
 * in `dl.jieshao` (`dd.jieshao_content`: h1 title, h2 author, h3 intro) and the whole catalogue in
 * `ul#chapterList`, newest first, with `li.volume` headings. Chapters are /b/{id}/{chapterId}.html
 * with the title in `h1#timu` and the text in `div#contentbox`, sprinkled with the site's
 * "UU看书 www.uukanshu.com" marks in half- and full-width letters.
 */
const CC_HOSTS: readonly string[] = ['uukanshu.cc', 'www.uukanshu.cc'];
const HOSTS: readonly string[] = [
  ...CC_HOSTS,
  'www.uukanshu.net',
  'uukanshu.net',
  'tw.uukanshu.net',
  'sj.uukanshu.net',
  'www.uukanshu.com',
  'uukanshu.com',
  'tw.uukanshu.com',
  'sj.uukanshu.com',
];
const ID = 'uukanshu';
const ORIGIN = 'https://www.uukanshu.net';

/** The site's request lines and its anti-copy notice; its "UU看书 www.uukanshu.com" marks go as spans. */
const CLEANING: CleaningRules = { lines: [/^(章节缺失、错误举报|章節缺失、錯誤舉報)/, /^注：如你看到本章节内容是防盗错误内容/] };
const CC_PREFIX = 'cc-';

function parseUrl(url: URL) {
  if (CC_HOSTS.includes(url.hostname.toLowerCase())) {
    const cc = url.pathname.match(/^\/book\/(\d+)(?:\/(?:(\d+)\.html)?)?$/);
    if (!cc) return null;
    return cc[2] ? { bookId: `${CC_PREFIX}${cc[1]}`, chapterId: cc[2] } : { bookId: `${CC_PREFIX}${cc[1]}` };
  }
  const chapter = url.pathname.match(/^\/b\/(\d+)\/(\d+)\.html$/);
  if (chapter) return { bookId: chapter[1], chapterId: chapter[2] };
  const book = url.pathname.match(/^\/b\/(\d+)\/?$/);
  if (book) return { bookId: book[1] };
  // The mobile site: /book.aspx?id={id}, /read.aspx?tid={id}&sid={chapterId}.
  const id = url.searchParams.get('id') ?? url.searchParams.get('tid');
  if (!id || !/^\d+$/.test(id)) return null;
  if (/^\/read\.aspx$/i.test(url.pathname)) {
    const sid = url.searchParams.get('sid');
    return sid && /^\d+$/.test(sid) ? { bookId: id, chapterId: sid } : { bookId: id };
  }
  return /^\/(book|list)\.aspx$/i.test(url.pathname) ? { bookId: id } : null;
}

function bookUrl(bookId: string): string {
  if (bookId.startsWith(CC_PREFIX)) return `${UUKANSHU_CC_ORIGIN}/book/${bookId.slice(CC_PREFIX.length)}/`;
  return `${ORIGIN}/b/${bookId}/`;
}

function canonicalChapter(url: string): string {
  const parsed = new URL(url);
  if (CC_HOSTS.includes(parsed.hostname)) return canonicalCcChapter(url);
  if (!HOSTS.includes(parsed.hostname)) return url;
  const ids = parseUrl(parsed);
  return ids?.chapterId ? `${ORIGIN}/b/${ids.bookId}/${ids.chapterId}.html` : url;
}

function inspect(text: string): PageVerdict {
  if (/class="jieshao|id="contentbox"|id="chapterList"|id="list-chapterAll"|class="readcotent/.test(text)) return PAGE;
  return isJieqiNotFound(text) ? { kind: 'not-found' } : PAGE;
}

/** Drops the site's plugs from the intro ("www.uukanshu.com", stray "－"). */
function cleanIntro(text: string): string {
  return text
    .split('\n')
    .map((line) => cleanLine(line.replace(/https?:\/\/\S+|www\.uukanshu\.(com|net)/gi, '').replace(/^[－-]+|[－-]+$/g, '')))
    .filter(Boolean)
    .join('\n');
}

interface BookPage {
  book: SourceBook;
  chapters: SourceChapterRef[];
}

function parseBookPage(page: string, url: string, bookId: string): BookPage {
  const $ = html(page);
  const info = $('dl.jieshao dd.jieshao_content').first();
  const heading = info.find('h1 a').first();
  const title = cleanLine((heading.attr('title') || heading.text() || info.find('h1').text()).replace(/最新章节|最新章節$/, ''));
  if (!title) throw new SourceParseError(ID, `no title on ${url}`);
  const list = $('ul#chapterList');
  if (list.length === 0) throw new SourceParseError(ID, `no catalogue on ${url}`);
  const intro = info.find('h3').first();
  intro.find('a, script').remove();
  const rows = list
    .children('li')
    .toArray()
    .reverse()
    .filter((li) => !$(li).hasClass('volume'))
    .map((li) => $(li).find('a').first())
    .map((a) => ({ title: cleanLine(a.text()), href: absoluteUrl(a.attr('href'), url) }))
    .filter((row): row is { title: string; href: string } => Boolean(row.href && row.title));
  const seen = new Set<string>();
  const chapters = rows
    .map((row) => ({ ...row, href: canonicalChapter(row.href) }))
    .filter((row) => !seen.has(row.href) && seen.add(row.href))
    .map((row, i) => ({ index: i + 1, title: row.title, url: row.href }));
  const category = cleanLine($('div.weizhi .path a').eq(1).text());
  const statusText = $('.status-text').text() || info.text();
  return {
    book: {
      title,
      author: cleanLine(info.find('h2 a').first().text() || info.find('h2').text().replace(/^作者[：:]/, '')),
      cover: absoluteUrl($('dl.jieshao dt.jieshao-img img').attr('src'), url),
      genres: category ? [category] : [],
      status: parseSourceStatus(statusText) ?? 'ongoing',
      description: cleanIntro(paragraphsFromHtml(intro.html() ?? '').join('\n')),
      latestChapterTitle: chapters.at(-1)?.title,
      sourceUrl: bookUrl(bookId),
    },
    chapters,
  };
}

function parseChapter(page: string, url: string, fallbackTitle: string) {
  const $ = html(page);
  const box = $('div#contentbox').first();
  if (box.length === 0) throw new SourceParseError(ID, `no chapter text on ${url}`);
  const title = cleanLine($('h1#timu').first().text()) || fallbackTitle;
  box.find('script, style, div, ins, iframe').remove();
  return chapterOf(ID, url, title, linesFromHtml(box.html() ?? ''), CLEANING);
}

/** The book page of either layout: metadata and the whole catalogue. */
function fetchBookPage(bookId: string, fetcher: TextFetcher, purpose: 'book' | 'toc'): Promise<BookPage> {
  const url = bookUrl(bookId);
  const parse = bookId.startsWith(CC_PREFIX)
    ? (page: string, at: string) => parseCcBook(page, at, url)
    : (page: string, at: string) => parseBookPage(page, at, bookId);
  return fetcher(url, { purpose, parse });
}

export const uukanshuAdapter: SourceAdapter = {
  id: ID,
  name: 'UUkanshu',
  hosts: HOSTS,
  fetching: { client: 'node', politeness: PLAIN_SITE_POLITENESS },
  sampleBookIds: ['cc-17318', '167729'],
  inspect,
  matches: hostMatcher(HOSTS),
  parseUrl,
  bookUrl,
  async fetchBook(bookId, fetcher) {
    return (await fetchBookPage(bookId, fetcher, 'book')).book;
  },
  async fetchChapterList(bookId, fetcher) {
    return (await fetchBookPage(bookId, fetcher, 'toc')).chapters;
  },
  fetchChapter(chapter, fetcher) {
    const url = canonicalChapter(typeof chapter === 'string' ? chapter : chapter.url);
    const fallback = typeof chapter === 'string' ? '' : chapter.title;
    const parse = new URL(url).origin === UUKANSHU_CC_ORIGIN ? parseCcChapter : parseChapter;
    return fetcher(url, { purpose: 'chapter', parse: (page, at) => parse(page, at, fallback) });
  },
};
