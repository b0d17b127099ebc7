import { load } from 'cheerio';

/** Lines that source sites slip into chapter text: site plugs, paging hints, end markers. */
export const COMMON_JUNK: readonly RegExp[] = [
  /^[（(]?本章完[)）]?$/,
  /本章未完.*(下一页|继续阅读)/,
  /^[（(]?未完待续[)）]?$/,
  /一秒记住/,
  /请收藏本站|请记住本书首发域名|最新网址/,
  /(手机|电脑)(版)?阅读网址/,
  /https?:\/\/|www\.[a-z0-9-]+\.[a-z]+/i,
];

/** Trims ASCII and CJK spacing (full-width space, nbsp) from both ends. */
export function cleanLine(line: string): string {
  return line.replace(/^[\s\u3000\u00a0]+|[\s\u3000\u00a0]+$/g, '');
}

/**
 * Turns a chapter's HTML into paragraphs: <p> and <br> break lines, tags and entities go,
 * blank lines and lines matching `junk` (plus the common site junk) are dropped.
 */
export function paragraphsFromHtml(html: string, junk: readonly RegExp[] = []): string[] {
  const withBreaks = html.replace(/<br\s*\/?>/gi, '\n').replace(/<\/?p(\s[^>]*)?>/gi, '\n');
  const text = load(`<div>${withBreaks}</div>`)('div').first().text();
  const patterns = [...COMMON_JUNK, ...junk];
  return text
    .split(/\n+/)
    .map(cleanLine)
    .filter((line) => line !== '' && !patterns.some((pattern) => pattern.test(line)));
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

/** Drops a leading line that only repeats the chapter title. */
export function withoutTitleLine(paragraphs: string[], title: string): string[] {
  const squash = (s: string) => s.replace(/\s+/g, '');
  return paragraphs.length && squash(paragraphs[0]) === squash(title) ? paragraphs.slice(1) : paragraphs;
}

/** Characters sites put between the characters of a watermark so that filters miss it. */
const SCRAMBLE_SEPARATORS = '一⊥·•．.\\-_~丨|＿';
/** A run like 无一错一首一发: word characters alternating with one repeated separator. */
const SCRAMBLED_RUN = new RegExp(
  `[\\p{Script=Han}\\p{L}\\p{N}]([${SCRAMBLE_SEPARATORS}])(?:[\\p{Script=Han}\\p{L}\\p{N}]\\1){3,}[\\p{Script=Han}\\p{L}\\p{N}]?[！!]?`,
  'gu',
);

/**
 * Removes scrambled watermarks such as 无一错一首一发…6一9一书一吧 or 最⊥新⊥小⊥说⊥在⊥六⊥9…:
 * a run of alternating characters whose characters, read without the separator, match `isMark`.
 * Returns the line without them ('' when nothing else was on it).
 */
export function withoutScrambledMarks(line: string, isMark: (squashed: string) => boolean): string {
  const cleaned = line.replace(SCRAMBLED_RUN, (run, separator: string) => {
    const squashed = run.split(separator).join('');
    return isMark(squashed) ? '' : run;
  });
  return cleanLine(cleaned).replace(/^[，。！？、；：,.!?;:\s]+$/u, '');
}

/** Lines of a chapter with a site's scrambled watermarks removed and emptied lines dropped. */
export function dropScrambledMarks(lines: readonly string[], isMark: (squashed: string) => boolean): string[] {
  return lines.map((line) => withoutScrambledMarks(line, isMark)).filter((line) => line !== '');
}
