import type { CheerioAPI } from 'cheerio';
import { z } from 'zod';
import { parseSourceStatus } from '../status';
import type { CleaningRules } from '../cleaning';
import { absoluteUrl, cleanLine, descriptionFromHtml, linesFromHtml } from '../text';
import { SourceParseError, type PageVerdict, type SourceAdapter, type SourceBook, type SourceChapterRef, type TextFetcher } from '../types';
import { chapterOf, hostMatcher, html, isJieqiNotFound, PAGE, PLAIN_SITE_POLITENESS } from './shared';
import { searchIxdzs8 } from './search/ixdzs8';

/**
 * 爱下电子书 (ixdzs8.com, also ixdzs8.tw and the old tw.m.ixdzs.com / aixdzs.com): the book page
 * (/read/{id}/) has og:novel meta tags and the `div.novel` block; the chapter list is answered as
 * JSON by POST /novel/clist/ (`bid={id}`): `{"rs":200,"data":[{"ordernum":1,"title":"…","ctype":"0"}]}`
 * where ctype "1" rows are volume headings. Chapter n is /read/{id}/p{n}.html, text in
 * `article.page-content section`. A first visit gets a small "正在验证浏览器" page holding
 * `let token = "…"`: asking the same address with `?challenge=<token>` sets a cookie that lets
 * the next request through. 愛下電子書 itself (ixdzs.tw) has the same layout and its own chapter-list
 * request on its own domain; its books are named "tw-{id}" here.
 */
const TW_HOSTS: readonly string[] = ['ixdzs.tw', 'www.ixdzs.tw'];
const HOSTS: readonly string[] = ['ixdzs8.com', 'www.ixdzs8.com', 'ixdzs8.tw', 'www.ixdzs8.tw', 'tw.m.ixdzs.com', 'www.aixdzs.com', 'aixdzs.com', ...TW_HOSTS];
const ID = 'ixdzs8';
const ORIGIN = 'https://ixdzs8.com';
const TW_ORIGIN = 'https://ixdzs.tw';
const TW_PREFIX = 'tw-';

/** The site a book id belongs to, and the id that site knows it by. */
function siteOf(bookId: string): { origin: string; id: string } {
  return bookId.startsWith(TW_PREFIX) ? { origin: TW_ORIGIN, id: bookId.slice(TW_PREFIX.length) } : { origin: ORIGIN, id: bookId };
}

const ZChapterList = z.object({
  rs: z.number(),
  data: z
    .array(z.object({ ordernum: z.coerce.number().int(), title: z.string(), ctype: z.coerce.string().default('0') }))
    .default([]),
});

/** The "recommend this book" line and the bare script calls (`app2;`) left where ads are inserted. */
const CLEANING: CleaningRules = { lines: [/^(推薦本書|推荐本书)/, /^[a-z_]+\d*\s*(?:\(\s*\))?\s*;$/i] };

const CHALLENGE_MARKER = /正在验证浏览器|正在進行安全驗證|正在进行安全验证|challenge=/;
const TOKEN = /(?:let|var|const)\s+token\s*=\s*["']([A-Za-z0-9+/=_.-]{8,512})["']/;

function parseUrl(url: URL) {
  const prefix = TW_HOSTS.includes(url.hostname.toLowerCase()) ? TW_PREFIX : '';
  const chapter = url.pathname.match(/^\/read\/(\d+)\/p(\d+)\.html$/);
  if (chapter) return { bookId: `${prefix}${chapter[1]}`, chapterId: chapter[2] };
  const book = url.pathname.match(/^\/read\/(\d+)\/?$/);
  return book ? { bookId: `${prefix}${book[1]}` } : null;
}

function bookUrl(bookId: string): string {
  const site = siteOf(bookId);
  return `${site.origin}/read/${site.id}/`;
}

function canonical(url: string): string {
  const parsed = new URL(url);
  if (TW_HOSTS.includes(parsed.hostname)) return `${TW_ORIGIN}${parsed.pathname}`;
  return HOSTS.includes(parsed.hostname) ? `${ORIGIN}${parsed.pathname}` : url;
}

function inspect(text: string, url: string): PageVerdict {
  // Real pages are large; the check page is a few hundred bytes of script.
  if (text.length < 8_000 && CHALLENGE_MARKER.test(text) && !/class="(novel|page-content)"/.test(text)) {
    const token = text.match(TOKEN)?.[1];
    if (!token) return { kind: 'blocked', reason: 'browser check without a token' };
    const solve = new URL(url);
    solve.search = '';
    solve.searchParams.set('challenge', token);
    return { kind: 'challenge', solveUrl: solve.href };
  }
  if (!/class="(novel|page-content)"|^\s*\{/.test(text) && isJieqiNotFound(text)) return { kind: 'not-found' };
  return PAGE;
}

function meta($: CheerioAPI, property: string): string {
  return cleanLine($(`meta[property="${property}"]`).attr('content') ?? '');
}

function parseBook(page: string, url: string, bookId: string): SourceBook {
  const $ = html(page);
  const info = $('div.novel .n-text').first();
  const title = meta($, 'og:novel:book_name') || cleanLine(info.find('h1').first().text());
  if (!title) throw new SourceParseError(ID, `no title on ${url}`);
  const intro = $('p#intro').first();
  intro.find('span.icon').remove();
  const genres = [
    meta($, 'og:novel:category'),
    ...info.find('a.nsort').toArray().map((a) => cleanLine($(a).text())),
    ...$('div.tags em a').toArray().map((a) => cleanLine($(a).text())),
  ].filter(Boolean);
  const statusLabel = meta($, 'og:novel:status') || info.find('span.end').text() || info.find('span.lz').text();
  const latest = meta($, 'og:novel:latest_chapter_name') || cleanLine($('ul.u-chapter li a').first().text());
  const description = descriptionFromHtml(intro.html() ?? '') || meta($, 'og:description');
  return {
    title,
    author: meta($, 'og:novel:author') || cleanLine(info.find('a.bauthor').first().text()),
    cover: absoluteUrl(meta($, 'og:image') || $('div.novel .n-img img').attr('src'), url),
    genres: [...new Set(genres)],
    status: parseSourceStatus(statusLabel) ?? 'ongoing',
    description,
    latestChapterTitle: latest || undefined,
    sourceUrl: bookUrl(bookId),
  };
}

function parseChapterList(text: string, bookId: string): SourceChapterRef[] {
  const site = siteOf(bookId);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new SourceParseError(ID, `chapter list of ${bookId} is not JSON`);
  }
  const parsed = ZChapterList.safeParse(json);
  if (!parsed.success || parsed.data.rs !== 200) throw new SourceParseError(ID, `unexpected chapter list of ${bookId}`);
  return parsed.data.data
    .filter((row) => row.ctype === '0')
    .sort((a, b) => a.ordernum - b.ordernum)
    .map((row, i) => ({ index: i + 1, title: cleanLine(row.title), url: `${site.origin}/read/${site.id}/p${row.ordernum}.html` }));
}

function parseChapter(page: string, url: string, fallbackTitle: string) {
  const $ = html(page);
  const article = $('article.page-content').first();
  const section = article.find('section').first();
  if (section.length === 0) throw new SourceParseError(ID, `no chapter text on ${url}`);
  const title = cleanLine($('div.page-d-top h1').first().text()) || cleanLine(article.find('h3').first().text()) || fallbackTitle;
  section.find('script, style, ins, iframe, p.abg, [class*="ads"], [id*="ads"]').remove();
  return chapterOf(ID, url, title, linesFromHtml(section.html() ?? ''), CLEANING);
}

export const ixdzs8Adapter: SourceAdapter = {
  id: ID,
  name: 'ixdzs8',
  hosts: HOSTS,
  fetching: { client: 'node', politeness: PLAIN_SITE_POLITENESS },
  sampleBookIds: ['38804', 'tw-552802'],
  inspect,
  matches: hostMatcher(HOSTS),
  parseUrl,
  bookUrl,
  fetchBook: (bookId, fetcher) => fetcher(bookUrl(bookId), { purpose: 'book', parse: (page, at) => parseBook(page, at, bookId) }),
  fetchChapterList(bookId: string, fetcher: TextFetcher) {
    const site = siteOf(bookId);
    return fetcher(`${site.origin}/novel/clist/`, { purpose: 'toc', form: { bid: site.id }, parse: (text) => parseChapterList(text, bookId) });
  },
  fetchChapter(chapter, fetcher) {
    const url = canonical(typeof chapter === 'string' ? chapter : chapter.url);
    const fallback = typeof chapter === 'string' ? '' : chapter.title;
    return fetcher(url, { purpose: 'chapter', parse: (page, at) => parseChapter(page, at, fallback) });
  },
  search: searchIxdzs8,
};
