import { load, type CheerioAPI } from 'cheerio';
import { parseSourceStatus } from '../status';
import { absoluteUrl, cleanLine, descriptionFromHtml, paragraphsFromHtml, withoutTitleLine } from '../text';
import { SourceParseError, type SourceAdapter, type SourceChapterRef, type TextFetcher } from '../types';

/**
 * 69书吧 (69shuba.com): a GBK site. The book page (/book/{id}.htm) carries the metadata, the
 * full catalogue is a separate page (/book/{id}/) listing every chapter with its number in
 * `data-num` (newest first), and chapters live at /txt/{id}/{chapterId} inside `.txtnav`.
 */
const HOSTS: readonly string[] = ['www.69shuba.com', '69shuba.com'];
const ID = '69shuba';
const ORIGIN = 'https://www.69shuba.com';

const CHAPTER_JUNK = [/69书吧/, /69shu/i, /^[（(]?本章完[)）]?$/, /^loadAdv/];

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

/** Tags are written into a script object (`tags: '系统|重生'`) that the page's JS renders. */
function scriptTags(html: string): string[] {
  const match = html.match(/tags\s*:\s*['"]([^'"]*)['"]/);
  return match ? match[1].split('|').map(cleanLine).filter(Boolean) : [];
}

function statusOf($: CheerioAPI): 'ongoing' | 'completed' {
  for (const p of $('div.booknav2 p').toArray()) {
    const status = parseSourceStatus($(p).text());
    if (status) return status;
  }
  return 'ongoing';
}

async function fetchBook(bookId: string, fetcher: TextFetcher) {
  const url = bookUrl(bookId);
  const html = await fetcher(url, { purpose: 'book' });
  const $ = load(html);
  const title = cleanLine($('div.booknav2 h1').first().text());
  if (!title) throw new SourceParseError(ID, `no title on ${url}`);
  const authorLink = $('div.booknav2 p a[href*="author"]').first().text();
  const authorLine = $('div.booknav2 p')
    .toArray()
    .map((p) => $(p).text())
    .find((text) => text.includes('作者'));
  const author = cleanLine(authorLink || (authorLine ?? '').replace(/^.*作者[：:]/, ''));
  const category = $('div.booknav2 p a[href*="/class/"]')
    .toArray()
    .map((a) => cleanLine($(a).text()));
  const latest = cleanLine($('div.qustime li a span').first().text());
  return {
    title,
    author,
    cover: absoluteUrl($('div.bookimg2 img').attr('src'), url),
    genres: [...new Set([...category, ...scriptTags(html)])].filter(Boolean),
    status: statusOf($),
    description: descriptionFromHtml($('div.navtxt').html() ?? ''),
    latestChapterTitle: latest || undefined,
    sourceUrl: url,
  };
}

async function fetchChapterList(bookId: string, fetcher: TextFetcher): Promise<SourceChapterRef[]> {
  const url = `${ORIGIN}/book/${bookId}/`;
  const $ = load(await fetcher(url, { purpose: 'toc' }));
  const rows = $('#catalog ul li')
    .toArray()
    .map((li, position) => {
      const link = $(li).find('a').first();
      const num = Number($(li).attr('data-num'));
      return { num: Number.isFinite(num) ? num : position, title: cleanLine(link.text()), href: absoluteUrl(link.attr('href'), url) };
    })
    .filter((row): row is { num: number; title: string; href: string } => Boolean(row.href));
  if (rows.length === 0 && $('#catalog').length === 0) throw new SourceParseError(ID, `no catalogue on ${url}`);
  const seen = new Set<string>();
  return rows
    .sort((a, b) => a.num - b.num)
    .filter((row) => !seen.has(row.href) && seen.add(row.href))
    .map((row, i) => ({ index: i + 1, title: row.title, url: row.href }));
}

async function fetchChapter(chapter: SourceChapterRef | string, fetcher: TextFetcher) {
  const url = typeof chapter === 'string' ? chapter : chapter.url;
  const $ = load(await fetcher(url, { purpose: 'chapter' }));
  const body = $('div.txtnav').first();
  if (body.length === 0) throw new SourceParseError(ID, `no chapter text on ${url}`);
  const title = cleanLine(body.find('h1').first().text()) || (typeof chapter === 'string' ? '' : chapter.title);
  body.find('h1, div.txtinfo, #txtright, .bottom-ad, script, style, .contentadv').remove();
  return { title, paragraphs: withoutTitleLine(paragraphsFromHtml(body.html() ?? '', CHAPTER_JUNK), title) };
}

export const shuba69Adapter: SourceAdapter = {
  id: ID,
  name: '69shu',
  hosts: HOSTS,
  matches: (url) => HOSTS.includes(url.hostname.toLowerCase()),
  parseUrl,
  bookUrl,
  fetchBook,
  fetchChapterList,
  fetchChapter,
};
