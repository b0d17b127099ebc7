import { load, type CheerioAPI } from 'cheerio';
import { DEFAULT_POLITENESS, type Politeness } from '@/server/fetch/politeness';
import { logger } from '@/server/logger';
import { cleanChapterLines, type CleaningRules } from '../cleaning';
import type { PageVerdict } from '../types';
import { withoutTitleLine } from '../text';
import { SourceParseError } from '../types';

/** Each domain with and without "www.", the given spelling first. */
export function withWww(domains: readonly string[]): string[] {
  const out: string[] = [];
  for (const domain of domains) {
    const bare = domain.replace(/^www\./, '');
    for (const host of domain.startsWith('www.') ? [domain, bare] : [domain, `www.${bare}`]) {
      if (!out.includes(host)) out.push(host);
    }
  }
  return out;
}

export function hostMatcher(hosts: readonly string[]): (url: URL) => boolean {
  return (url) => hosts.includes(url.hostname.toLowerCase().replace(/\.$/, ''));
}

/** Plain-HTML sites: a request at a time per host is cheap for us and gentle for them. */
export const PLAIN_SITE_POLITENESS: Politeness = { ...DEFAULT_POLITENESS, minIntervalMs: 700, jitterMs: 400, maxConcurrent: 1 };

/** The head of a page, where error pages say what they are. */
export function titleOf(html: string): string {
  return html.match(/<title[^>]*>([\s\S]*?)<\/title>/i)?.[1].trim() ?? '';
}

/**
 * The error page of the Jieqi CMS that many of these sites run ("出现错误！" with "不存在" or
 * "已被删除" in the message), and their plain "book does not exist" pages.
 */
export function isJieqiNotFound(html: string): boolean {
  const title = titleOf(html);
  if (/出现错误|错误提示/.test(title)) return /不存在|已被删除|已下架|已经删除/.test(html);
  return /(此|该)(书|小说|文章|章节)(不存在|已下架|已被删除)/.test(html.slice(0, 20_000)) && html.length < 20_000;
}

export const PAGE: PageVerdict = { kind: 'page' };

/** Parses HTML for a `parse` callback. */
export function html(text: string): CheerioAPI {
  return load(text);
}

/**
 * A parsed chapter: its lines cleaned of ads and watermarks (what was removed is logged at debug)
 * and without the title repeated as the first one. No line left means the page is not a chapter
 * (a layout change, a block page that got through): a parse error.
 */
export function chapterOf(
  source: string,
  url: string,
  title: string,
  lines: readonly string[],
  rules: CleaningRules = {},
): { title: string; paragraphs: string[] } {
  const cleaned = cleanChapterLines(lines, rules);
  const paragraphs = withoutTitleLine(cleaned.paragraphs, title);
  logger.debug({ source, url, spans: cleaned.spans, lines: cleaned.lines, heading: paragraphs.length < cleaned.paragraphs.length }, 'chapter cleaned');
  if (paragraphs.length === 0) throw new SourceParseError(source, `empty chapter on ${url}`);
  return { title, paragraphs };
}
