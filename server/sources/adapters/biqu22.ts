import type { CheerioAPI } from 'cheerio';
import { parseSourceStatus } from '../status';
import { absoluteUrl, cleanLine, linesFromHtml } from '../text';
import { SourceParseError, type SourceAdapter, type SourceBook, type SourceChapterRef, type TextFetcher } from '../types';
import { chapterOf, hostMatcher, html, isJieqiNotFound, PAGE, PLAIN_SITE_POLITENESS } from './shared';
import { searchBiqu22 } from './search/biqu22';

/**
 * 22笔趣 (22biqu.com; the mobile site today answers on m.22biqu.net with the same paths and ids):
 * a UTF-8 biquge-family site. The book page (/biqu{id}/) has og:novel meta tags (the latest chapter's is spelled `og:novel:lastest_chapter_name` on the site) and the
 * first page of the chapter list; the list continues on /biqu{id}/{n}/ reached by the "下一页"
 * button (`a.index-container-btn`). Long chapters are split into pages ({chapterId}_2.html…),
 * linked by `a#next_url` reading "下一页".
 */
const HOSTS: readonly string[] = ['www.22biqu.com', '22biqu.com', 'm.22biqu.com', 'm.22biqu.net', 'www.22biqu.net', '22biqu.net'];
const ID = '22biqu';
const ORIGIN = 'https://www.22biqu.com';
/** Bounds on paging, so a broken "next" link cannot loop for ever. */
const MAX_TOC_PAGES = 500;
const MAX_CHAPTER_PAGES = 20;


function parseUrl(url: URL) {
  const chapter = url.pathname.match(/^\/biqu(\d+)\/(\d+)(?:_\d+)?\.html$/);
  if (chapter) return { bookId: chapter[1], chapterId: chapter[2] };
  const book = url.pathname.match(/^\/biqu(\d+)(?:\/(?:\d+\/?)?)?$/);
  return book ? { bookId: book[1] } : null;
}

function bookUrl(bookId: string): string {
  return `${ORIGIN}/biqu${bookId}/`;
}

function canonical(url: string): string {
  const parsed = new URL(url);
  return HOSTS.includes(parsed.hostname) ? `${ORIGIN}${parsed.pathname}` : url;
}

function inspect(text: string) {
  if (/id="content"|class="section-box"/.test(text)) return PAGE;
  return isJieqiNotFound(text) ? ({ kind: 'not-found' } as const) : PAGE;
}

function meta($: CheerioAPI, ...properties: string[]): string {
  for (const property of properties) {
    const value = cleanLine($(`meta[property="${property}"]`).attr('content') ?? '');
    if (value) return value;
  }
  return '';
}

function parseBook(page: string, url: string, bookId: string): SourceBook {
  const $ = html(page);
  const title = meta($, 'og:novel:book_name') || cleanLine($('div.info .top h1').first().text());
  if (!title) throw new SourceParseError(ID, `no title on ${url}`);
  const category = meta($, 'og:novel:category');
  const latest = meta($, 'og:novel:lastest_chapter_name', 'og:novel:latest_chapter_name');
  const description = meta($, 'og:description') || cleanLine($('div.desc').first().text());
  return {
    title,
    author: meta($, 'og:novel:author') || cleanLine($('div.info .top p').first().text().replace(/^作\s*者[：:]/, '')),
    cover: absoluteUrl(meta($, 'og:image') || $('div.info .imgbox img').attr('src'), url),
    genres: category ? [category.replace(/小说$/, '')] : [],
    status: parseSourceStatus(meta($, 'og:novel:status')) ?? 'ongoing',
    description: description.split(/\s*\n\s*/).join('\n'),
    latestChapterTitle: latest || undefined,
    sourceUrl: bookUrl(bookId),
  };
}

interface TocPage {
  rows: { title: string; url: string }[];
  next?: string;
}

/** The paged list is the last `div.section-box`; the first one (when two) shows the newest chapters. */
function parseTocPage(page: string, url: string): TocPage {
  const $ = html(page);
  const boxes = $('div.section-box');
  if (boxes.length === 0) throw new SourceParseError(ID, `no chapter list on ${url}`);
  const list = boxes.length > 1 ? boxes.last() : boxes.first();
  const rows = list
    .find('ul li a')
    .toArray()
    .map((a) => ({ title: cleanLine($(a).text()), url: absoluteUrl($(a).attr('href'), url) }))
    .filter((row): row is { title: string; url: string } => Boolean(row.url))
    .map((row) => ({ ...row, url: canonical(row.url) }));
  const next = $('a.index-container-btn')
    .toArray()
    .find((a) => $(a).text().includes('下一页'));
  return { rows, next: next ? absoluteUrl($(next).attr('href'), url) : undefined };
}

async function fetchChapterList(bookId: string, fetcher: TextFetcher): Promise<SourceChapterRef[]> {
  const chapters: { title: string; url: string }[] = [];
  const seenChapters = new Set<string>();
  const visited = new Set<string>();
  let pageUrl: string | undefined = bookUrl(bookId);
  while (pageUrl && !visited.has(pageUrl) && visited.size < MAX_TOC_PAGES) {
    visited.add(pageUrl);
    const { rows, next }: TocPage = await fetcher(pageUrl, { purpose: 'toc', parse: parseTocPage });
    for (const row of rows) {
      if (seenChapters.has(row.url)) continue;
      seenChapters.add(row.url);
      chapters.push(row);
    }
    pageUrl = next;
  }
  return chapters.map((row, i) => ({ index: i + 1, title: row.title, url: row.url }));
}

/** "第1章 风起（1 / 2）" → "第1章 风起". */
function stripPageCounter(title: string): string {
  return cleanLine(title.replace(/[（(]\s*\d+\s*\/\s*\d+\s*[)）]\s*$/, ''));
}

interface ChapterPage {
  title: string;
  lines: string[];
  next?: string;
}

function parseChapterPage(page: string, url: string): ChapterPage {
  const $ = html(page);
  const content = $('#content').first();
  if (content.length === 0) throw new SourceParseError(ID, `no chapter text on ${url}`);
  const title = stripPageCounter($('h1.title').first().text() || $('h1').first().text());
  content.find('script, style, div, a').remove();
  const next = $('a#next_url');
  return {
    title,
    lines: linesFromHtml(content.html() ?? ''),
    next: next.text().includes('下一页') ? absoluteUrl(next.attr('href'), url) : undefined,
  };
}

async function fetchChapter(chapter: SourceChapterRef | string, fetcher: TextFetcher) {
  const firstUrl = canonical(typeof chapter === 'string' ? chapter : chapter.url);
  const lines: string[] = [];
  let title = '';
  const visited = new Set<string>();
  let pageUrl: string | undefined = firstUrl;
  while (pageUrl && !visited.has(pageUrl) && visited.size < MAX_CHAPTER_PAGES) {
    visited.add(pageUrl);
    const part: ChapterPage = await fetcher(pageUrl, { purpose: 'chapter', parse: parseChapterPage });
    title ||= part.title;
    lines.push(...part.lines);
    pageUrl = part.next;
  }
  if (!title && typeof chapter !== 'string') title = chapter.title;
  return chapterOf(ID, firstUrl, title, lines);
}

export const biqu22Adapter: SourceAdapter = {
  id: ID,
  name: '22biqu',
  hosts: HOSTS,
  fetching: { client: 'node', politeness: PLAIN_SITE_POLITENESS },
  sampleBookIds: ['41440'],
  inspect,
  matches: hostMatcher(HOSTS),
  parseUrl,
  bookUrl,
  fetchBook: (bookId, fetcher) => fetcher(bookUrl(bookId), { purpose: 'book', parse: (page, at) => parseBook(page, at, bookId) }),
  fetchChapterList,
  fetchChapter,
  search: searchBiqu22,
};
