import type { CheerioAPI } from 'cheerio';
import type { CleaningRules } from '../cleaning';
import { parseSourceStatus } from '../status';
import { absoluteUrl, cleanLine, descriptionFromHtml, linesFromHtml } from '../text';
import { SourceParseError, type SourceBook, type SourceChapter, type SourceChapterRef } from '../types';
import { chapterOf, html } from './shared';

/**
 * UU看書 as it is today (uukanshu.cc, UTF-8, traditional characters): the book page /book/{id}/
 * carries og:novel meta tags and `div.bookinfo` (`h1`, `p.booktag` with the author's link and
 * status, `p.bookintro`), and the whole catalogue in `#list-chapterAll dd a`, oldest first, after
 * a short "latest chapters" list that repeats some of them. A chapter /book/{id}/{chapterId}.html
 * has its title in `h1.pt10` and its text in `div.readcotent` (the site's spelling), opening with
 * the title again.
 */
export const UUKANSHU_CC_ORIGIN = 'https://uukanshu.cc';
const ID = 'uukanshu';

/** The site's own request lines inside the text. */
export const UUKANSHU_CC_CLEANING: CleaningRules = { lines: [/^(章节缺失、错误举报|章節缺失、錯誤舉報)/, /^(上一章|下一章|章节目录|章節目錄)/] };

function meta($: CheerioAPI, property: string): string {
  return cleanLine($(`meta[property="${property}"]`).attr('content') ?? '');
}

function booktag($: CheerioAPI): string[] {
  return $('div.bookinfo p.booktag')
    .first()
    .children()
    .toArray()
    .map((node) => cleanLine($(node).text()))
    .filter(Boolean);
}

export function parseCcBook(page: string, url: string, sourceUrl: string): { book: SourceBook; chapters: SourceChapterRef[] } {
  const $ = html(page);
  const title = meta($, 'og:novel:book_name') || cleanLine($('div.bookinfo h1').first().text());
  if (!title) throw new SourceParseError(ID, `no title on ${url}`);
  const list = $('#list-chapterAll');
  if (list.length === 0) throw new SourceParseError(ID, `no catalogue on ${url}`);
  const seen = new Set<string>();
  const chapters = list
    .find('dd a')
    .toArray()
    .map((a) => ({ title: cleanLine($(a).attr('title') || $(a).text()), href: absoluteUrl($(a).attr('href'), url) }))
    .filter((row): row is { title: string; href: string } => Boolean(row.href && row.title) && /\/\d+\.html$/.test(row.href ?? ''))
    .map((row) => ({ ...row, href: canonicalCcChapter(row.href) }))
    .filter((row) => !seen.has(row.href) && seen.add(row.href))
    .map((row, i) => ({ index: i + 1, title: row.title, url: row.href }));
  const tags = booktag($);
  const category = meta($, 'og:novel:category');
  const intro = $('div.bookinfo p.bookintro').first();
  return {
    book: {
      title,
      author: meta($, 'og:novel:author') || cleanLine($('div.bookinfo p.booktag a').first().text()),
      cover: absoluteUrl(meta($, 'og:image') || $('div.bookcover img').attr('src'), url),
      genres: category ? [category] : [],
      status: parseSourceStatus(meta($, 'og:novel:status')) ?? parseSourceStatus(tags.join(' ')) ?? 'ongoing',
      description: (intro.length ? descriptionFromHtml(intro.html() ?? '') : '') || meta($, 'og:description'),
      latestChapterTitle: meta($, 'og:novel:latest_chapter_name') || chapters.at(-1)?.title,
      sourceUrl,
    },
    chapters,
  };
}

export function canonicalCcChapter(url: string): string {
  const parsed = new URL(url);
  return `${UUKANSHU_CC_ORIGIN}${parsed.pathname}`;
}

export function parseCcChapter(page: string, url: string, fallbackTitle: string): SourceChapter {
  const $ = html(page);
  const box = $('div.readcotent').first();
  if (box.length === 0) throw new SourceParseError(ID, `no chapter text on ${url}`);
  const title = cleanLine($('h1.pt10').first().text()) || cleanLine($('div.content h1').first().text()) || fallbackTitle;
  box.find('script, style, div, ins, iframe, a, h1').remove();
  return chapterOf(ID, url, title, linesFromHtml(box.html() ?? ''), UUKANSHU_CC_CLEANING);
}
