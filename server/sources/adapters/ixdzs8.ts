import { load } from 'cheerio';
import { z } from 'zod';
import { parseSourceStatus } from '../status';
import { absoluteUrl, cleanLine, descriptionFromHtml, paragraphsFromHtml, withoutTitleLine } from '../text';
import { SourceParseError, type SourceAdapter, type SourceChapterRef, type TextFetcher } from '../types';

/**
 * 爱下电子书 (ixdzs8.com): the book page (/read/{id}/) holds the metadata, while the chapter list
 * is answered as JSON by POST /novel/clist/ with the form `bid={id}`:
 * `{"rs":200,"data":[{"ordernum":1,"title":"…","ctype":"0"},…]}` where ctype "1" rows are volume
 * headings. Chapter n is /read/{id}/p{n}.html with the text in `article.page-content section`.
 */
const HOSTS: readonly string[] = ['ixdzs8.com', 'www.ixdzs8.com'];
const ID = 'ixdzs8';
const ORIGIN = 'https://ixdzs8.com';

const ZChapterList = z.object({
  rs: z.number(),
  data: z
    .array(
      z.object({
        ordernum: z.coerce.number().int(),
        title: z.string(),
        ctype: z.coerce.string().default('0'),
      }),
    )
    .default([]),
});

const CHAPTER_JUNK = [/爱下电子书/, /ixdzs/i, /推薦本書|推荐本书/];

function parseUrl(url: URL) {
  const chapter = url.pathname.match(/^\/read\/(\d+)\/p(\d+)\.html$/);
  if (chapter) return { bookId: chapter[1], chapterId: chapter[2] };
  const book = url.pathname.match(/^\/read\/(\d+)\/?$/);
  return book ? { bookId: book[1] } : null;
}

function bookUrl(bookId: string): string {
  return `${ORIGIN}/read/${bookId}/`;
}

async function fetchBook(bookId: string, fetcher: TextFetcher) {
  const url = bookUrl(bookId);
  const $ = load(await fetcher(url, { purpose: 'book' }));
  const info = $('div.novel .n-text').first();
  const title = cleanLine(info.find('h1').first().text());
  if (!title) throw new SourceParseError(ID, `no title on ${url}`);
  const intro = $('p#intro').first();
  intro.find('span.icon').remove();
  const genres = [
    ...info.find('a.nsort').toArray().map((a) => cleanLine($(a).text())),
    ...$('div.tags em a').toArray().map((a) => cleanLine($(a).text())),
  ].filter(Boolean);
  const statusLabel = info.find('span.end').text() || info.find('span.lz').text();
  const latest = cleanLine($('ul.u-chapter li a').first().text());
  return {
    title,
    author: cleanLine(info.find('a.bauthor').first().text()),
    cover: absoluteUrl($('div.novel .n-img img').attr('src'), url),
    genres: [...new Set(genres)],
    status: parseSourceStatus(statusLabel) ?? 'ongoing',
    description: descriptionFromHtml(intro.html() ?? ''),
    latestChapterTitle: latest || undefined,
    sourceUrl: url,
  };
}

async function fetchChapterList(bookId: string, fetcher: TextFetcher): Promise<SourceChapterRef[]> {
  const text = await fetcher(`${ORIGIN}/novel/clist/`, { purpose: 'toc', form: { bid: bookId } });
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
    .map((row, i) => ({ index: i + 1, title: cleanLine(row.title), url: `${ORIGIN}/read/${bookId}/p${row.ordernum}.html` }));
}

async function fetchChapter(chapter: SourceChapterRef | string, fetcher: TextFetcher) {
  const url = typeof chapter === 'string' ? chapter : chapter.url;
  const $ = load(await fetcher(url, { purpose: 'chapter' }));
  const article = $('article.page-content').first();
  const section = article.find('section').first();
  if (section.length === 0) throw new SourceParseError(ID, `no chapter text on ${url}`);
  const title = cleanLine(article.find('h3').first().text()) || (typeof chapter === 'string' ? '' : chapter.title);
  section.find('script, style, ins, iframe, p.abg, [class*="ads"], [id*="ads"]').remove();
  return { title, paragraphs: withoutTitleLine(paragraphsFromHtml(section.html() ?? '', CHAPTER_JUNK), title) };
}

export const ixdzs8Adapter: SourceAdapter = {
  id: ID,
  name: 'ixdzs8',
  hosts: HOSTS,
  matches: (url) => HOSTS.includes(url.hostname.toLowerCase()),
  parseUrl,
  bookUrl,
  fetchBook,
  fetchChapterList,
  fetchChapter,
};
