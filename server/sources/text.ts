import { load } from 'cheerio';
import { cleanChapterLines } from './cleaning';

/** Trims ASCII and CJK spacing (full-width space, nbsp) from both ends. */
export function cleanLine(line: string): string {
  return line.replace(/^[\s\u3000\u00a0]+|[\s\u3000\u00a0]+$/g, '');
}

/** The text lines of an HTML fragment: <p> and <br> break lines, tags and entities go, blanks are dropped. */
export function linesFromHtml(html: string): string[] {
  const withBreaks = html.replace(/<br\s*\/?>/gi, '\n').replace(/<\/?p(\s[^>]*)?>/gi, '\n');
  const text = load(`<div>${withBreaks}</div>`)('div').first().text();
  return text
    .split(/\n+/)
    .map(cleanLine)
    .filter((line) => line !== '');
}

/** The lines of an HTML fragment without the sites' ads and watermarks (see cleaning.ts). */
export function paragraphsFromHtml(html: string): string[] {
  return cleanChapterLines(linesFromHtml(html)).paragraphs;
}

/** Joins description paragraphs with line breaks. */
export function descriptionFromHtml(html: string): string {
  return paragraphsFromHtml(html).join('\n');
}

/** Absolute form of a link found on `base`; undefined when there is none or it is unusable. */
export function absoluteUrl(href: string | undefined, base: string): string | undefined {
  if (!href || href.startsWith('javascript:')) return undefined;
  try {
    return new URL(href, base).href;
  } catch {
    return undefined;
  }
}

/** "1.第1章 风起" → "第1章 风起": the list number some catalogues put before a chapter's own heading. */
export function withoutListNumber(title: string): string {
  return cleanLine(title.replace(/^\s*\d+\s*[.．、]\s*(?=第)/u, ''));
}

/** A heading reduced to what identifies it: full-width digits as ASCII, no list number, spacing or punctuation. */
function headingKey(text: string): string {
  return withoutListNumber(text.normalize('NFKC'))
    .replace(/[\s\p{P}\p{S}]+/gu, '')
    .toLowerCase();
}

/** Drops a leading line that only repeats the chapter title, in whatever spacing, digits or numbering. */
export function withoutTitleLine(paragraphs: string[], title: string): string[] {
  const key = headingKey(title);
  return paragraphs.length && key !== '' && headingKey(paragraphs[0]) === key ? paragraphs.slice(1) : paragraphs;
}
