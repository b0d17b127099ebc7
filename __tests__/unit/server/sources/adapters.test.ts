/** @jest-environment node */
import iconv from 'iconv-lite';
import { BUNKER, CHANGAN, QINGYUN, REBORN, chapterParagraphs, chapterTitle } from '@/__tests__/fixtures/sources/books';
import { createFixtureSites, fixtureFetcher } from '@/__tests__/fixtures/sources/sites';
import { biqu22Adapter } from '@/server/sources/adapters/biqu22';
import { ixdzs8Adapter } from '@/server/sources/adapters/ixdzs8';
import { shuba69Adapter } from '@/server/sources/adapters/shuba69';
import { mapGenres } from '@/server/sources/genres';
import { SourceParseError } from '@/server/sources/types';

const JUNK = /69书吧|22笔趣|爱下电子书|本章完|本章未完|一秒记住|www\.|loadAdv|ads_show|推荐本书/;

function setup() {
  const sites = createFixtureSites();
  const log: string[] = [];
  return { sites, log, fetcher: fixtureFetcher(sites, log) };
}

describe('69shuba adapter (GBK)', () => {
  it('serves its pages as GBK bytes, which the fetcher decodes', () => {
    const { sites } = setup();
    const page = sites.handle({ host: 'www.69shuba.com', method: 'GET', path: '/book/57358.htm', form: new URLSearchParams() });
    expect(page.headers['Content-Type']).toBe('text/html; charset=gbk');
    expect(page.body.includes(Buffer.from('青云问道录', 'utf8'))).toBe(false);
    expect(page.body.includes(iconv.encode('青云问道录', 'gbk'))).toBe(true);
  });

  it('reads the book page', async () => {
    const { fetcher } = setup();
    const book = await shuba69Adapter.fetchBook(QINGYUN.bookId, fetcher);
    expect(book).toEqual({
      title: '青云问道录',
      author: '墨染秋山',
      cover: 'https://static.69shuba.com/files/article/image/57/57358/57358s.jpg',
      genres: ['修真武侠', '系统', '重生'],
      status: 'ongoing',
      description: QINGYUN.intro.join('\n'),
      latestChapterTitle: chapterTitle(QINGYUN, 30),
      sourceUrl: 'https://www.69shuba.com/book/57358.htm',
    });
    expect(mapGenres(book.genres)).toEqual(['Tiên Hiệp', 'Kiếm Hiệp', 'Hệ Thống', 'Trọng Sinh']);
  });

  it('maps 全本 to completed', async () => {
    const { fetcher } = setup();
    const book = await shuba69Adapter.fetchBook(CHANGAN.bookId, fetcher);
    expect(book.status).toBe('completed');
    expect(mapGenres(book.genres)).toEqual(['Lịch Sử', 'Quân Sự', 'Xuyên Không']);
  });

  it('lists every chapter in reading order although the catalogue is newest first', async () => {
    const { fetcher } = setup();
    const chapters = await shuba69Adapter.fetchChapterList(QINGYUN.bookId, fetcher);
    expect(chapters).toHaveLength(30);
    expect(chapters[0]).toEqual({ index: 1, title: '第1章 重回青云', url: 'https://www.69shuba.com/txt/57358/31450001' });
    expect(chapters.map((c) => c.index)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    expect(chapters[29].title).toBe(chapterTitle(QINGYUN, 30));
  });

  it('reads chapter text from .txtnav without title, info, ads or end marker', async () => {
    const { fetcher } = setup();
    const [, second] = await shuba69Adapter.fetchChapterList(QINGYUN.bookId, fetcher);
    const chapter = await shuba69Adapter.fetchChapter(second, fetcher);
    expect(chapter.title).toBe('第2章 外门杂役');
    expect(chapter.paragraphs).toEqual(chapterParagraphs(QINGYUN, 2));
    expect(chapter.paragraphs.join('')).not.toMatch(JUNK);
  });

  it('follows the legacy /txt/{id}.htm redirect and parses links', async () => {
    const { fetcher } = setup();
    const html = await fetcher('https://www.69shuba.com/txt/57358.htm');
    expect(html).toContain('青云问道录');
    expect(shuba69Adapter.parseUrl(new URL('https://www.69shuba.com/txt/57358/31450002'))).toEqual({
      bookId: '57358',
      chapterId: '31450002',
    });
    expect(shuba69Adapter.parseUrl(new URL('https://www.69shuba.com/book/57358/'))).toEqual({ bookId: '57358' });
    expect(shuba69Adapter.parseUrl(new URL('https://www.69shuba.com/rank/allvisit/1.html'))).toBeNull();
  });

  it('reports a page it cannot read as a SourceParseError', async () => {
    const fetcher = async () => '<html><body><p>维护中</p></body></html>';
    await expect(shuba69Adapter.fetchBook('1', fetcher)).rejects.toBeInstanceOf(SourceParseError);
    await expect(shuba69Adapter.fetchChapter('https://www.69shuba.com/txt/1/2', fetcher)).rejects.toBeInstanceOf(
      SourceParseError,
    );
  });
});

describe('22biqu adapter (UTF-8, paged table of contents)', () => {
  it('reads og:novel metadata', async () => {
    const { fetcher } = setup();
    const book = await biqu22Adapter.fetchBook(BUNKER.bookId, fetcher);
    expect(book).toEqual({
      title: '末世：我的避难所能升级',
      author: '北冥有鱼',
      cover: 'https://www.22biqu.com/files/article/image/5/5403/5403s.jpg',
      genres: ['科幻'],
      status: 'ongoing',
      description: BUNKER.intro.join('\n'),
      latestChapterTitle: chapterTitle(BUNKER, 120),
      sourceUrl: 'https://www.22biqu.com/biqu5403/',
    });
    expect(mapGenres(book.genres)).toEqual(['Khoa Huyễn']);
  });

  it('walks every page of the chapter list, in order, skipping the "newest" box', async () => {
    const { fetcher, log } = setup();
    const chapters = await biqu22Adapter.fetchChapterList(BUNKER.bookId, fetcher);
    expect(log).toEqual([
      'https://www.22biqu.com/biqu5403/',
      'https://www.22biqu.com/biqu5403/2/',
      'https://www.22biqu.com/biqu5403/3/',
    ]);
    expect(chapters).toHaveLength(120);
    chapters.forEach((chapter, i) => {
      expect(chapter.index).toBe(i + 1);
      expect(chapter.title).toBe(chapterTitle(BUNKER, i + 1));
      expect(chapter.url).toBe(`https://www.22biqu.com/biqu5403/${5_419_600 + i + 1}.html`);
    });
  });

  it('sees a newly published chapter', async () => {
    const { fetcher, sites } = setup();
    sites.addChapter('22biqu', BUNKER.bookId);
    const chapters = await biqu22Adapter.fetchChapterList(BUNKER.bookId, fetcher);
    expect(chapters).toHaveLength(121);
    expect(chapters[120].title).toBe(chapterTitle(BUNKER, 121));
  });

  it('joins a chapter split over two pages and drops the site notices', async () => {
    const { fetcher, log } = setup();
    const chapter = await biqu22Adapter.fetchChapter('https://www.22biqu.com/biqu5403/5419607.html', fetcher);
    expect(log).toEqual(['https://www.22biqu.com/biqu5403/5419607.html', 'https://www.22biqu.com/biqu5403/5419607_2.html']);
    expect(chapter.title).toBe('第7章 净水装置');
    expect(chapter.paragraphs).toEqual(chapterParagraphs(BUNKER, 7));
    expect(chapter.paragraphs.join('')).not.toMatch(JUNK);
  });

  it('parses book, list-page and chapter links', () => {
    const parse = (link: string) => biqu22Adapter.parseUrl(new URL(link));
    expect(parse('https://www.22biqu.com/biqu5403/')).toEqual({ bookId: '5403' });
    expect(parse('https://www.22biqu.com/biqu5403/2/')).toEqual({ bookId: '5403' });
    expect(parse('https://m.22biqu.com/biqu5403/5419628_2.html')).toEqual({ bookId: '5403', chapterId: '5419628' });
    expect(parse('https://www.22biqu.com/top/')).toBeNull();
  });
});

describe('ixdzs8 adapter (JSON chapter list)', () => {
  it('reads the book page', async () => {
    const { fetcher } = setup();
    const book = await ixdzs8Adapter.fetchBook(REBORN.bookId, fetcher);
    expect(book).toEqual({
      title: '重返二零零八',
      author: '江城散人',
      cover: 'https://ixdzs8.com/static/cover/567890.jpg',
      genres: ['都市', '重生', '系统', '商战'],
      status: 'completed',
      description: REBORN.intro.join('\n'),
      latestChapterTitle: chapterTitle(REBORN, 40),
      sourceUrl: 'https://ixdzs8.com/read/567890/',
    });
    expect(mapGenres(book.genres)).toEqual(['Đô Thị', 'Trọng Sinh', 'Hệ Thống']);
  });

  it('posts for the JSON list and leaves volume headings out', async () => {
    const { fetcher, log } = setup();
    const chapters = await ixdzs8Adapter.fetchChapterList(REBORN.bookId, fetcher);
    expect(log).toEqual(['POST https://ixdzs8.com/novel/clist/']);
    expect(chapters).toHaveLength(40);
    expect(chapters.some((c) => c.title.includes('卷'))).toBe(false);
    expect(chapters[20]).toEqual({ index: 21, title: chapterTitle(REBORN, 21), url: 'https://ixdzs8.com/read/567890/p21.html' });
  });

  it('refuses an answer that is not the expected JSON', async () => {
    await expect(ixdzs8Adapter.fetchChapterList('1', async () => '<html>blocked</html>')).rejects.toBeInstanceOf(
      SourceParseError,
    );
    await expect(ixdzs8Adapter.fetchChapterList('1', async () => '{"rs":404,"data":[]}')).rejects.toBeInstanceOf(
      SourceParseError,
    );
  });

  it('reads chapter paragraphs without the ad paragraph', async () => {
    const { fetcher } = setup();
    const chapter = await ixdzs8Adapter.fetchChapter('https://ixdzs8.com/read/567890/p3.html', fetcher);
    expect(chapter).toEqual({ title: '第3章 第一桶金', paragraphs: chapterParagraphs(REBORN, 3) });
  });
});
