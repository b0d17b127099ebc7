/** @jest-environment node */
import iconv from 'iconv-lite';
import { BUNKER, FERRY, HARBOR, QINGYUN, REBORN, chapterParagraphs, chapterTitle } from '@/__tests__/fixtures/sources/books';
import { IXDZS8_COOKIE, IXDZS8_TOKEN } from '@/__tests__/fixtures/sources/sites/ixdzs8';
import { SHUBA69_WATERMARKS } from '@/__tests__/fixtures/sources/sites/shuba69';
import { createFixtureSites, fixtureFetcher } from '@/__tests__/fixtures/sources/sites';
import { memoryFetchCache } from '@/server/fetch/cache';
import { findAdapter } from '@/server/sources';
import { biqu22Adapter } from '@/server/sources/adapters/biqu22';
import { ixdzs8Adapter } from '@/server/sources/adapters/ixdzs8';
import { piaotiaAdapter } from '@/server/sources/adapters/piaotia';
import { shuba69Adapter } from '@/server/sources/adapters/shuba69';
import { uukanshuAdapter } from '@/server/sources/adapters/uukanshu';
import { withoutMarks } from '@/server/sources/cleaning';

const request = (host: string, path: string) => ({
  host,
  method: 'GET',
  path,
  query: new URLSearchParams(),
  cookies: new Map<string, string>(),
  form: new URLSearchParams(),
});

describe('69shuba', () => {
  it('serves GBK bytes, which the fetcher decodes', async () => {
    const sites = createFixtureSites();
    const page = sites.handle(request('www.69shuba.com', '/book/57358.htm'));
    expect(page.headers['Content-Type']).toBe('text/html; charset=gbk');
    expect(page.body.includes(iconv.encode('青云问道录', 'gbk'))).toBe(true);
    expect(page.body.includes(Buffer.from('青云问道录', 'utf8'))).toBe(false);
    expect((await shuba69Adapter.fetchBook(QINGYUN.bookId, fixtureFetcher(sites))).title).toBe('青云问道录');
  });

  it('drops scrambled watermarks, alone on a line or glued to a paragraph', async () => {
    const sites = createFixtureSites();
    const raw = iconv.decode(sites.handle(request('www.69shuba.com', `/txt/57358/${QINGYUN.chapterIdBase + 2}`)).body, 'gbk');
    for (const mark of SHUBA69_WATERMARKS) expect(raw).toContain(mark);
    const chapter = await shuba69Adapter.fetchChapter(`https://69shuba.cx/txt/57358/${QINGYUN.chapterIdBase + 2}`, fixtureFetcher(sites));
    expect(chapter.paragraphs).toEqual(chapterParagraphs(QINGYUN, 2));
  });

  it('keeps text that only looks like a scrambled run', () => {
    expect(withoutMarks('一一一一一').text).toBe('一一一一一');
    expect(withoutMarks('他说：“a-b-c-d-e”').text).toBe('他说：“a-b-c-d-e”');
    expect(withoutMarks('正文。6一9一书一吧一首一发').text).toBe('正文。');
  });

  it('reads links of every domain and the legacy /txt/{id}.htm form', () => {
    for (const link of ['https://www.69shu.pro/txt/57358.htm', 'https://69shu.me/book/57358/', 'www.69xinshu.com/book/57358.htm']) {
      expect(findAdapter(link)).toMatchObject({ adapter: { id: '69shuba' }, bookId: '57358' });
    }
    expect(shuba69Adapter.parseUrl(new URL('https://www.69shuba.com/rank/allvisit/1.html'))).toBeNull();
  });
});

describe('22biqu', () => {
  it('reads the latest chapter from og:novel:lastest_chapter_name, as the site spells it', async () => {
    const sites = createFixtureSites();
    const raw = sites.handle(request('www.22biqu.com', '/biqu5403/')).body.toString('utf8');
    expect(raw).toContain('og:novel:lastest_chapter_name');
    expect(raw).not.toContain('og:novel:latest_chapter_name');
    expect((await biqu22Adapter.fetchBook(BUNKER.bookId, fixtureFetcher(sites))).latestChapterTitle).toBe(chapterTitle(BUNKER, 120));
  });

  it('walks every page of the catalogue and joins a chapter split over two pages', async () => {
    const sites = createFixtureSites();
    const fetcher = fixtureFetcher(sites);
    const chapters = await biqu22Adapter.fetchChapterList(BUNKER.bookId, fetcher);
    expect(sites.requests.filter((line) => /\/biqu5403\/(\d+\/)?$/.test(line))).toEqual([
      'www.22biqu.com /biqu5403/',
      'www.22biqu.com /biqu5403/2/',
      'www.22biqu.com /biqu5403/3/',
    ]);
    const chapter = await biqu22Adapter.fetchChapter(chapters[6], fetcher);
    expect(chapter.paragraphs).toEqual(chapterParagraphs(BUNKER, 7));
    expect(sites.requests.some((line) => line.endsWith(`${BUNKER.chapterIdBase + 7}_2.html`))).toBe(true);
  });
});

describe('ixdzs8', () => {
  it('solves the token check: asks with ?challenge=<token>, keeps the cookie, asks again', async () => {
    const sites = createFixtureSites();
    const fetcher = fixtureFetcher(sites);
    const book = await ixdzs8Adapter.fetchBook(REBORN.bookId, fetcher);
    expect(book.title).toBe(REBORN.title);
    expect(sites.requests).toEqual([
      'ixdzs8.com /read/567890/',
      `ixdzs8.com /read/567890/?challenge=${IXDZS8_TOKEN}`,
      'ixdzs8.com /read/567890/',
    ]);
    // The cookie it was given lets the chapter list through at once.
    await ixdzs8Adapter.fetchChapterList(REBORN.bookId, fetcher);
    expect(sites.requests.slice(3)).toEqual(['ixdzs8.com /novel/clist/']);
    expect(IXDZS8_COOKIE).toBeTruthy();
  });

  it('never caches the check page, even when asked for the same page twice', async () => {
    const sites = createFixtureSites();
    const cache = memoryFetchCache();
    const fetcher = fixtureFetcher(sites, { cache });
    await ixdzs8Adapter.fetchBook(REBORN.bookId, fetcher);
    expect(await cache.get('https://ixdzs8.com/read/567890/', 60_000)).toContain('class="novel"');
    expect(cache.size()).toBe(1);
  });

  it('reads the old domains as the same story', () => {
    for (const link of ['https://tw.m.ixdzs.com/read/567890/', 'https://www.aixdzs.com/read/567890/p3.html', 'ixdzs8.tw/read/567890/']) {
      expect(findAdapter(link)).toMatchObject({ adapter: { id: 'ixdzs8' }, bookId: '567890' });
    }
  });
});

describe('uukanshu', () => {
  it('reads the mobile site’s links as the same story and chapter', async () => {
    expect(findAdapter('https://sj.uukanshu.net/book.aspx?id=30501')).toMatchObject({ adapter: { id: 'uukanshu' }, bookId: '30501' });
    const chapterId = String(HARBOR.chapterIdBase + 3);
    expect(findAdapter(`https://sj.uukanshu.net/read.aspx?tid=30501&sid=${chapterId}`)).toMatchObject({ bookId: '30501', chapterId });
    const chapter = await uukanshuAdapter.fetchChapter(`https://sj.uukanshu.net/read.aspx?tid=30501&sid=${chapterId}`, fixtureFetcher(createFixtureSites()));
    expect(chapter.paragraphs).toEqual(chapterParagraphs(HARBOR, 3));
  });

  it('follows the old .com domain’s redirect', async () => {
    const sites = createFixtureSites();
    const chapter = await uukanshuAdapter.fetchChapter(`https://www.uukanshu.com/b/30501/${HARBOR.chapterIdBase + 1}.html`, fixtureFetcher(sites));
    expect(chapter.paragraphs).toEqual(chapterParagraphs(HARBOR, 1));
  });
});

describe('piaotia', () => {
  it('finds a book in its thousand directory on every domain', () => {
    expect(piaotiaAdapter.bookUrl('13572')).toBe('https://www.piaotia.com/bookinfo/13/13572.html');
    for (const link of ['https://www.ptwxz.com/html/13/13572/', 'piaotian.com/bookinfo/13/13572.html', 'https://piaotia.com/html/13/13572/index.html']) {
      expect(findAdapter(link)).toMatchObject({ adapter: { id: 'piaotia' }, bookId: '13572' });
    }
    expect(findAdapter(`https://www.ptwxz.com/html/13/13572/${FERRY.chapterIdBase + 2}.html`)).toMatchObject({
      chapterId: String(FERRY.chapterIdBase + 2),
    });
  });
});
