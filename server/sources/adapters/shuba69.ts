import type { CheerioAPI } from 'cheerio';
import { parseSourceStatus } from '../status';
import type { CleaningRules } from '../cleaning';
import { absoluteUrl, cleanLine, descriptionFromHtml, linesFromHtml, withoutListNumber } from '../text';
import { SourceParseError, type SourceAdapter, type SourceBook, type SourceChapterRef, type TextFetcher } from '../types';
import { chapterOf, hostMatcher, html, isJieqiNotFound, PAGE, withWww } from './shared';
import { searchShuba69 } from './search/shuba69';

/**
 * 69书吧: a GBK site behind Cloudflare that refuses clients without a browser's TLS fingerprint
 * (so it is fetched with impit) and re-blocks anyone asking more often than about every 3 s.
 * The book page (/book/{id}.htm) carries the metadata, the full catalogue is a separate page
 * (/book/{id}/, `#catalog li[data-num]`, newest first) and chapters live at /txt/{id}/{chapterId}
 * inside `.txtnav`. The same ids work on every domain the site has used.
 */
const HOSTS = withWww(['www.69shuba.com', '69shuba.cx', '69shu.me', 'www.69shu.com', 'www.69xinshu.com', 'www.69shu.pro', 'www.69shuba.pro']);
const ID = '69shuba';
const ORIGIN = 'https://www.69shuba.com';

/** The ad loader's calls left in the text; the site's scrambled marks go with every other site's. */
const CLEANING: CleaningRules = { lines: [/^loadAdv/] };

function parseUrl(url: URL) {
  const path = url.pathname;
  const chapter = path.match(/^\/txt\/(\d+)\/(\d+)\/?$/);
  if (chapter) return { bookId: chapter[1], chapterId: chapter[2] };
  const book = path.match(/^\/(?:book|txt)\/(\d+)(?:\.htm|\/)?$/);
  return book ? { bookId: book[1] } : null;
}

function bookUrl(bookId: string): string {
  return `${ORIGIN}/book/${bookId}.htm`;
}

/** A chapter URL on the canonical domain, whatever domain it was given on. */
function canonical(url: string): string {
  const parsed = new URL(url);
  return HOSTS.includes(parsed.hostname) ? `${ORIGIN}${parsed.pathname}` : url;
}

function inspect(text: string) {
  if (/class="(booknav2|txtnav)"|id="catalog"/.test(text)) return PAGE;
  if (isJieqiNotFound(text)) return { kind: 'not-found' } as const;
  return PAGE;
}

/** Tags are written into a script object (`tags: '系统|重生'`) that the page's JS renders. */
function scriptTags(page: string): string[] {
  const match = page.match(/tags\s*:\s*['"]([^'"]*)['"]/);
  return match ? match[1].split('|').map(cleanLine).filter(Boolean) : [];
}

function statusOf($: CheerioAPI): 'ongoing' | 'completed' {
  for (const p of $('div.booknav2 p').toArray()) {
    const status = parseSourceStatus($(p).text());
    if (status) return status;
  }
  return 'ongoing';
}

/**
 * The blurb: the first paragraph of `div.navtxt`; the next one is the site's keyword line
 * ("小说关键词：…无弹窗,…txt全集下载"). Older pages hold the blurb as bare text.
 */
function blurb($: CheerioAPI): string {
  const box = $('div.navtxt').first();
  const first = box.find('p').first();
  const text = descriptionFromHtml((first.length ? first : box).html() ?? '');
  return text
    .split('\n')
    .filter((line) => !/^小说关键词[：:]/.test(line))
    .join('\n');
}

function parseBook(page: string, url: string, bookId: string): SourceBook {
  const $ = html(page);
  const title = cleanLine($('div.booknav2 h1').first().text());
  if (!title) throw new SourceParseError(ID, `no title on ${url}`);
  const authorLink = $('div.booknav2 p a[href*="author"]').first().text();
  const authorLine = $('div.booknav2 p')
    .toArray()
    .map((p) => $(p).text())
    .find((line) => line.includes('作者'));
  const category = $('div.booknav2 p a[href*="/class/"]')
    .toArray()
    .map((a) => cleanLine($(a).text()));
  const latest = withoutListNumber($('div.qustime li a span').first().text());
  return {
    title,
    author: cleanLine(authorLink || (authorLine ?? '').replace(/^.*作者[：:]/, '')),
    cover: absoluteUrl($('div.bookimg2 img').attr('src'), url),
    genres: [...new Set([...category, ...scriptTags(page)])].filter(Boolean),
    status: statusOf($),
    description: blurb($),
    latestChapterTitle: latest || undefined,
    sourceUrl: bookUrl(bookId),
  };
}

function parseCatalogue(page: string, url: string): SourceChapterRef[] {
  const $ = html(page);
  if ($('#catalog').length === 0) throw new SourceParseError(ID, `no catalogue on ${url}`);
  const rows = $('#catalog ul li')
    .toArray()
    .map((li, position) => {
      const link = $(li).find('a').first();
      const num = Number($(li).attr('data-num'));
      const href = absoluteUrl(link.attr('href'), url);
      return { num: Number.isFinite(num) ? num : -position, title: withoutListNumber(link.text()), href: href && canonical(href) };
    })
    .filter((row): row is { num: number; title: string; href: string } => Boolean(row.href));
  const seen = new Set<string>();
  return rows
    .sort((a, b) => a.num - b.num)
    .filter((row) => !seen.has(row.href) && seen.add(row.href))
    .map((row, i) => ({ index: i + 1, title: row.title, url: row.href }));
}

function parseChapter(page: string, url: string, fallbackTitle: string) {
  const $ = html(page);
  const body = $('div.txtnav').first();
  if (body.length === 0) throw new SourceParseError(ID, `no chapter text on ${url}`);
  const title = withoutListNumber(body.find('h1').first().text()) || fallbackTitle;
  body.find('h1, div.txtinfo, #txtright, .bottom-ad, script, style, .contentadv').remove();
  return chapterOf(ID, url, title, linesFromHtml(body.html() ?? ''), CLEANING);
}

export const shuba69Adapter: SourceAdapter = {
  id: ID,
  name: '69shu',
  hosts: HOSTS,
  fetching: {
    client: 'impit',
    politeness: { minIntervalMs: 3000, jitterMs: 1500, maxConcurrent: 1, backoffMs: 60_000, maxBackoffMs: 30 * 60_000, maxWaitMs: 20_000 },
  },
  sampleBookIds: ['88724'],
  inspect,
  matches: hostMatcher(HOSTS),
  parseUrl,
  bookUrl,
  fetchBook: (bookId: string, fetcher: TextFetcher) =>
    fetcher(bookUrl(bookId), { purpose: 'book', parse: (page, at) => parseBook(page, at, bookId) }),
  fetchChapterList: (bookId: string, fetcher: TextFetcher) =>
    fetcher(`${ORIGIN}/book/${bookId}/`, { purpose: 'toc', parse: parseCatalogue }),
  fetchChapter(chapter, fetcher) {
    const url = canonical(typeof chapter === 'string' ? chapter : chapter.url);
    const fallback = typeof chapter === 'string' ? '' : chapter.title;
    return fetcher(url, { purpose: 'chapter', parse: (page, at) => parseChapter(page, at, fallback) });
  },
  search: searchShuba69,
};
