/** @jest-environment node */
import { load } from 'cheerio';
import { describeWithRealPages, realPage, savedPagesFetcher } from '@/__tests__/helpers/realPages';
import { biqu22Adapter } from '@/server/sources/adapters/biqu22';
import { ixdzs8Adapter } from '@/server/sources/adapters/ixdzs8';
import { piaotiaAdapter } from '@/server/sources/adapters/piaotia';
import { shuba69Adapter } from '@/server/sources/adapters/shuba69';
import { linesFromHtml } from '@/server/sources/text';

/**
 * Every adapter over the pages other crawlers' authors saved from the live sites in 2025–2026:
 * the metadata a reader sees, the whole catalogue, and chapter text with every line of the story.
 */
const SHUBA69 = {
  'https://www.69shuba.com/book/59024.htm': '69shuba/noveltrans-novel.html',
  'https://www.69shuba.com/book/59024/': '69shuba/noveltrans-toc.html',
  'https://www.69shuba.com/txt/59024/38369377': '69shuba/noveltrans-chapter.html',
};
const IXDZS8 = {
  'https://ixdzs8.com/read/620438/': 'ixdzs8/noveltrans-novel.html',
  'https://ixdzs8.com/novel/clist/': 'ixdzs8/noveltrans-clist.json',
  'https://ixdzs8.com/read/620438/p1.html': 'ixdzs8/noveltrans-chapter.html',
};
const BIQU22 = {
  'https://www.22biqu.com/biqu96978/': '22biqu/aimotion-index.html',
  'https://www.22biqu.com/biqu96978/45523663_2.html': '22biqu/aimotion-_ch1p2.html',
};
const PIAOTIA = {
  'https://www.piaotia.com/bookinfo/2/2072.html': 'piaotia/novelgrabber-book.html',
  'https://www.piaotia.com/html/2/2072/': 'piaotia/novelgrabber-index.excerpt.html',
  'https://www.piaotia.com/html/2/2072/896896.html': 'piaotia/novelgrabber-chapter-1.html',
};

/** The lines of a saved chapter's text block as the page has them, before any cleaning. */
function rawLines(file: string, selector: string, drop: string): string[] {
  const $ = load(realPage(file));
  const box = $(selector).first();
  box.find(drop).remove();
  return linesFromHtml(box.html() ?? '');
}

describeWithRealPages('adapters on pages saved from the live sites', () => {
  it('69shuba: the blurb alone, titles without the list number, the heading read once', async () => {
    const fetcher = savedPagesFetcher(SHUBA69);
    const book = await shuba69Adapter.fetchBook('59024', fetcher);
    expect(book).toMatchObject({ title: '穿书反派跟班，开局被女主盯上', author: '远赴人间惊鸿客', status: 'completed' });
    expect(book.latestChapterTitle).toBe('第199章 横行万古');
    expect(book.description.split('\n')[0]).toBe('叶流云怎么也没想到，自己居然穿越了，而且还穿越到了自己以前看过的一本小说世界里面。');
    expect(book.description).toMatch(/等等，我只是一个跟班啊！$/);
    expect(book.description).not.toMatch(/小说关键词|无弹窗|txt全集下载/);

    const chapters = await shuba69Adapter.fetchChapterList('59024', fetcher);
    expect(chapters).toHaveLength(199);
    expect(chapters[0]).toEqual({ index: 1, title: '第1章 这是什么地狱开局？', url: 'https://www.69shuba.com/txt/59024/38369377' });
    expect(chapters.at(-1)?.title).toBe('第199章 横行万古');

    const chapter = await shuba69Adapter.fetchChapter(chapters[0], fetcher);
    expect(chapter.title).toBe('第1章 这是什么地狱开局？');
    const raw = rawLines('69shuba/noveltrans-chapter.html', 'div.txtnav', 'h1, div.txtinfo, #txtright, script');
    expect(raw[0]).toBe('第1章 这是什么地狱开局？');
    expect(chapter.paragraphs).toEqual(raw.slice(1).filter((line) => !/^[(（]本章完[)）]$/.test(line)));
  });

  it('ixdzs8: the book, 426 chapters from the JSON list, and every line of chapter 1', async () => {
    const fetcher = savedPagesFetcher(IXDZS8);
    const book = await ixdzs8Adapter.fetchBook('620438', fetcher);
    expect(book).toMatchObject({ title: '丑雌一胎七崽？兽夫们跪求复合', author: '金顶顶', status: 'ongoing', latestChapterTitle: '第425章 至死不渝' });
    const chapters = await ixdzs8Adapter.fetchChapterList('620438', fetcher);
    expect(chapters).toHaveLength(426);
    expect(chapters[0]).toEqual({ index: 1, title: '第1章 穿进兽世即将分娩，却掉进雄性洞中', url: 'https://ixdzs8.com/read/620438/p1.html' });
    const chapter = await ixdzs8Adapter.fetchChapter(chapters[0], fetcher);
    expect(chapter.paragraphs).toEqual(rawLines('ixdzs8/noveltrans-chapter.html', 'article.page-content section', 'script'));
    expect(chapter.paragraphs).toHaveLength(57);
  });

  it('ixdzs8: its browser check is answered with the token it holds', () => {
    const verdict = ixdzs8Adapter.inspect(realPage('ixdzs8/noveltrans-challenge.html'), 'https://ixdzs8.com/read/620438/');
    expect(verdict).toMatchObject({ kind: 'challenge', solveUrl: expect.stringMatching(/^https:\/\/ixdzs8\.com\/read\/620438\/\?challenge=[A-Za-z0-9]+/) });
  });

  it('22biqu: the book page, its first 200 catalogue rows, and a chapter’s second page', async () => {
    // Only the first of the catalogue's five pages was saved: the later ones answer with it again.
    const fetcher = savedPagesFetcher({
      ...BIQU22,
      ...Object.fromEntries([2, 3, 4, 5].map((n) => [`https://www.22biqu.com/biqu96978/${n}/`, '22biqu/aimotion-index.html'])),
    });
    const book = await biqu22Adapter.fetchBook('96978', fetcher);
    expect(book).toMatchObject({ title: '天眼风水师', author: '道之光', status: 'ongoing', latestChapterTitle: '第919章 【完结：为了心中的美好】' });
    const chapters = await biqu22Adapter.fetchChapterList('96978', fetcher);
    expect(chapters).toHaveLength(200);
    expect(chapters[0].url).toBe('https://www.22biqu.com/biqu96978/45523663.html');
    const chapter = await biqu22Adapter.fetchChapter('https://m.22biqu.net/biqu96978/45523663_2.html', fetcher);
    expect(chapter.title).toBe('第1章 风水比医学更科学（道）');
    const raw = rawLines('22biqu/aimotion-_ch1p2.html', '#content', 'script, style, div, a');
    expect(chapter.paragraphs).toEqual(raw.filter((line) => !/^[(（]?第\d+\/\d+页[)）]?$/.test(line)));
    expect(chapter.paragraphs.length).toBeGreaterThan(40);
  });

  it('piaotia: the book, its catalogue, and the text between toplink and bottomlink', async () => {
    const fetcher = savedPagesFetcher(PIAOTIA);
    const book = await piaotiaAdapter.fetchBook('2072', fetcher);
    expect(book).toMatchObject({ title: '混沌剑神', author: '心星逍遥', status: 'ongoing', genres: ['玄幻魔法'] });
    const chapters = await piaotiaAdapter.fetchChapterList('2072', fetcher);
    expect(chapters).toHaveLength(40);
    expect(chapters[0]).toEqual({ index: 1, title: '第一章 剑尘', url: 'https://www.piaotia.com/html/2/2072/896896.html' });
    const chapter = await piaotiaAdapter.fetchChapter('https://www.ptwxz.com/html/2/2072/896896.html', fetcher);
    expect(chapter.title).toBe('第一卷 第一章 剑尘');
    expect(chapter.paragraphs).toEqual(Array.from({ length: 41 }, (_, i) => `Line ${i + 1}.`));
  });

  it('piaotia: the title comes from the <h1> when the GetFont() script stands before it, as on the live site', async () => {
    const page = realPage('piaotia/novelgrabber-chapter-1.html').replace('<h1>', '<script language="javascript">GetFont();</script>\n<h1>');
    const fetcher = savedPagesFetcher({ 'https://www.piaotia.com/html/2/2072/896896.html': () => page });
    const chapter = await piaotiaAdapter.fetchChapter('https://www.piaotia.com/html/2/2072/896896.html', fetcher);
    expect(chapter.title).toBe('第一卷 第一章 剑尘');
    expect(chapter.paragraphs).toHaveLength(41);
  });
});
