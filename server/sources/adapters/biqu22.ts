import { load, type CheerioAPI } from 'cheerio';
import { parseSourceStatus } from '../status';
import { absoluteUrl, cleanLine, paragraphsFromHtml, withoutTitleLine } from '../text';
import { SourceParseError, type SourceAdapter, type SourceChapterRef, type TextFetcher } from '../types';

/**
 * 22笔趣 (22biqu.com): a UTF-8 biquge-family site. The book page (/biqu{id}/) has og:novel meta
 * tags and the first page of the chapter list; the list continues on further pages reached by
 * the "下一页" button (`a.index-container-btn`). Long chapters are split into pages as well
 * ({chapterId}_2.html…), linked by `a#next_url` reading "下一页".
 */
const HOSTS: readonly string[] = ['www.22biqu.com', '22biqu.com', 'm.22biqu.com'];
const ID = '22biqu';
const ORIGIN = 'https://www.22biqu.com';
/** Bounds on paging, so a broken "next" link cannot loop for ever. */
const MAX_TOC_PAGES = 500;
const MAX_CHAPTER_PAGES = 20;

const CHAPTER_JUNK = [/22笔趣/, /笔趣阁/, /^[（(]?第\d+\/\d+页[)）]?$/, /点击下一页继续阅读/];

function parseUrl(url: URL) {
  const chapter = url.pathname.match(/^\/biqu(\d+)\/(\d+)(?:_\d+)?\.html$/);
  if (chapter) return { bookId: chapter[1], chapterId: chapter[2] };
  const book = url.pathname.match(/^\/biqu(\d+)(?:\/(?:\d+\/?)?)?$/);
  return book ? { bookId: book[1] } : null;
}

function bookUrl(bookId: string): string {
  return `${ORIGIN}/biqu${bookId}/`;
}

function meta($: CheerioAPI, property: string): string {
  return cleanLine($(`meta[property="${property}"]`).attr('content') ?? '');
}

async function fetchBook(bookId: string, fetcher: TextFetcher) {
  const url = bookUrl(bookId);
  const $ = load(await fetcher(url, { purpose: 'book' }));
  const title = meta($, 'og:novel:book_name') || cleanLine($('div.info .top h1').first().text());
  if (!title) throw new SourceParseError(ID, `no title on ${url}`);
  const category = meta($, 'og:novel:category');
  const latest = meta($, 'og:novel:latest_chapter_name');
  const description = meta($, 'og:description') || cleanLine($('div.desc').first().text());
  return {
    title,
    author: meta($, 'og:novel:author') || cleanLine($('div.info .top p').first().text().replace(/^作\s*者[：:]/, '')),
    cover: absoluteUrl(meta($, 'og:image') || $('div.info .imgbox img').attr('src'), url),
    genres: category ? [category.replace(/小说$/, '')] : [],
    status: parseSourceStatus(meta($, 'og:novel:status')) ?? 'ongoing',
    description: description.split(/\s*\n\s*/).join('\n'),
    latestChapterTitle: latest || undefined,
    sourceUrl: url,
  };
}

/** The paged list is the last `div.section-box`; the first one (when two) shows the newest chapters. */
function chaptersOnPage($: CheerioAPI, pageUrl: string): { title: string; url: string }[] {
  const boxes = $('div.section-box');
  const list = boxes.length > 1 ? boxes.last() : boxes.first();
  return list
    .find('ul li a')
    .toArray()
    .map((a) => ({ title: cleanLine($(a).text()), url: absoluteUrl($(a).attr('href'), pageUrl) }))
    .filter((row): row is { title: string; url: string } => Boolean(row.url));
}

function nextTocPage($: CheerioAPI, pageUrl: string): string | undefined {
  const next = $('a.index-container-btn')
    .toArray()
    .find((a) => $(a).text().includes('下一页'));
  return next ? absoluteUrl($(next).attr('href'), pageUrl) : undefined;
}

async function fetchChapterList(bookId: string, fetcher: TextFetcher): Promise<SourceChapterRef[]> {
  const chapters: { title: string; url: string }[] = [];
  const seenChapters = new Set<string>();
  const visited = new Set<string>();
  let pageUrl: string | undefined = bookUrl(bookId);
  while (pageUrl && !visited.has(pageUrl) && visited.size < MAX_TOC_PAGES) {
    visited.add(pageUrl);
    const $ = load(await fetcher(pageUrl, { purpose: 'toc' }));
    if (visited.size === 1 && $('div.section-box').length === 0) {
      throw new SourceParseError(ID, `no chapter list on ${pageUrl}`);
    }
    for (const row of chaptersOnPage($, pageUrl)) {
      if (seenChapters.has(row.url)) continue;
      seenChapters.add(row.url);
      chapters.push(row);
    }
    pageUrl = nextTocPage($, pageUrl);
  }
  return chapters.map((row, i) => ({ index: i + 1, title: row.title, url: row.url }));
}

/** "第1章 风起（1 / 2）" → "第1章 风起". */
function stripPageCounter(title: string): string {
  return cleanLine(title.replace(/[（(]\s*\d+\s*\/\s*\d+\s*[)）]\s*$/, ''));
}

async function fetchChapter(chapter: SourceChapterRef | string, fetcher: TextFetcher) {
  const firstUrl = typeof chapter === 'string' ? chapter : chapter.url;
  const paragraphs: string[] = [];
  let title = '';
  const visited = new Set<string>();
  let pageUrl: string | undefined = firstUrl;
  while (pageUrl && !visited.has(pageUrl) && visited.size < MAX_CHAPTER_PAGES) {
    visited.add(pageUrl);
    const $ = load(await fetcher(pageUrl, { purpose: 'chapter' }));
    const content = $('#content').first();
    if (content.length === 0) throw new SourceParseError(ID, `no chapter text on ${pageUrl}`);
    title ||= stripPageCounter($('h1.title').first().text() || $('h1').first().text());
    content.find('script, style, div, a').remove();
    paragraphs.push(...paragraphsFromHtml(content.html() ?? '', CHAPTER_JUNK));
    const next = $('a#next_url');
    pageUrl = next.text().includes('下一页') ? absoluteUrl(next.attr('href'), pageUrl) : undefined;
  }
  if (!title && typeof chapter !== 'string') title = chapter.title;
  return { title, paragraphs: withoutTitleLine(paragraphs, title) };
}

export const biqu22Adapter: SourceAdapter = {
  id: ID,
  name: '22biqu',
  hosts: HOSTS,
  matches: (url) => HOSTS.includes(url.hostname.toLowerCase()),
  parseUrl,
  bookUrl,
  fetchBook,
  fetchChapterList,
  fetchChapter,
};
