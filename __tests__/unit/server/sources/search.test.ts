/** @jest-environment node */
import { BUNKER, CHANGAN, FERRY, MORTAL, MORTAL_ON_22BIQU, MORTAL_ON_IXDZS8, QINGYUN, REBORN, chapterTitle } from '@/__tests__/fixtures/sources/books';
import { createFixtureSites, fixtureFetcher } from '@/__tests__/fixtures/sources/sites';
import { describeWithRealPages, realPage } from '@/__tests__/helpers/realPages';
import { FetchError } from '@/server/fetch/errors';
import { adapterById } from '@/server/sources';
import { parseBiqu22Search } from '@/server/sources/adapters/search/biqu22';
import { parseIxdzs8Search } from '@/server/sources/adapters/search/ixdzs8';
import { parsePiaotiaSearch } from '@/server/sources/adapters/search/piaotia';
import { parseShuba69Search } from '@/server/sources/adapters/search/shuba69';
import { chaptersFromHeading, mergeSearchHits, type SiteSearchHit } from '@/server/sources/searchMerge';
import type { SourceAdapter } from '@/server/sources/types';

/**
 * Each site's search against its fixture results page (its own markup, GBK forms included), and
 * the merge of several sites' hits into one row per book.
 */
const adapter = (id: string): SourceAdapter => {
  const found = adapterById(id);
  if (!found?.search) throw new Error(`${id} has no search`);
  return found;
};

describe("each site's search", () => {
  it('69shu: a GBK form; several matches are a list, one match is the book page it redirects to', async () => {
    const sites = createFixtureSites();
    const fetcher = fixtureFetcher(sites);
    const list = await adapter('69shuba').search!('长安', fetcher);
    expect(list).toEqual([
      expect.objectContaining({ title: CHANGAN.title, author: CHANGAN.author, url: `https://www.69shuba.com/book/${CHANGAN.bookId}.htm`, latestChapterTitle: chapterTitle(CHANGAN, CHANGAN.chapterCount) }),
    ]);
    const many = await adapter('69shuba').search!('青云', fetcher);
    expect(many.map((hit) => hit.title)).toEqual([QINGYUN.title]);
    const single = await adapter('69shuba').search!('凡人修仙传', fetcher);
    expect(single).toEqual([expect.objectContaining({ title: MORTAL.title, author: MORTAL.author, url: `https://www.69shuba.com/book/${MORTAL.bookId}.htm` })]);
    // The query reached the site as GBK (the fixture decodes the form as GBK).
    expect(sites.requests.filter((line) => line.includes('/modules/article/search.php'))).toHaveLength(3);
  });

  it('69shu: the results list markup, and the Jieqi "nothing found" and "wait" answers', () => {
    const list = `<html><body><div class="newbox"><ul>
<li><a href="/book/1.htm" class="imgbox"><img data-src="x.jpg"></a><h3><a href="/book/1.htm"><span>新</span></a><a href="/book/1.htm">甲书</a></h3><div class="labelbox"><label>甲作者</label><label>玄幻</label></div><div class="zxzj"><span>2025</span><p>最近章节第12章 风起</p></div></li>
<li><a href="/book/2.htm" class="imgbox"></a><h3><a href="/book/2.htm">乙书</a></h3><div class="labelbox"><label>乙作者</label></div></li>
</ul></div></body></html>`;
    expect(parseShuba69Search(list, 'https://www.69shuba.com/modules/article/search.php')).toEqual([
      { title: '甲书', author: '甲作者', url: 'https://www.69shuba.com/book/1.htm', category: '玄幻', latestChapterTitle: '第12章 风起' },
      { title: '乙书', author: '乙作者', url: 'https://www.69shuba.com/book/2.htm', category: undefined, latestChapterTitle: undefined },
    ]);
    const empty = '<html><head><title>出现错误！</title></head><body>对不起，没有搜索到您要的文章！</body></html>';
    expect(parseShuba69Search(empty, 'https://www.69shuba.com/modules/article/search.php')).toEqual([]);
    const wait = '<html><head><title>出现错误！</title></head><body>对不起，两次搜索的间隔时间不得少于 30 秒</body></html>';
    expect(() => parseShuba69Search(wait, 'https://www.69shuba.com/modules/article/search.php')).toThrow(FetchError);
  });

  it('22biqu: a UTF-8 form, the header row left out', async () => {
    const hits = await adapter('22biqu').search!('末世', fixtureFetcher(createFixtureSites()));
    expect(hits).toEqual([
      expect.objectContaining({ title: BUNKER.title, author: BUNKER.author, url: `https://www.22biqu.com/biqu${BUNKER.bookId}/`, category: BUNKER.category, latestChapterTitle: chapterTitle(BUNKER, BUNKER.chapterCount) }),
    ]);
    expect(parseBiqu22Search('<div class="container"><ul><li><span class="s2">书名</span></li></ul></div>', 'https://www.22biqu.com/ss/')).toEqual([]);
  });

  it('ixdzs8: a query string, past its browser check', async () => {
    const sites = createFixtureSites();
    const hits = await adapter('ixdzs8').search!('重返', fixtureFetcher(sites));
    expect(hits).toEqual([expect.objectContaining({ title: REBORN.title, author: REBORN.author, url: `https://ixdzs8.com/read/${REBORN.bookId}/` })]);
    expect(sites.requests.some((line) => line.includes('challenge='))).toBe(true);
    expect(parseIxdzs8Search('<main><div class="panel"><div class="nodata">暂无相关小说</div></div></main>', 'https://ixdzs8.com/bsearch?q=x')).toEqual([]);
  });

  it('piaotia: a GBK form by title; one match redirects to its info page', async () => {
    const hits = await adapter('piaotia').search!('渡川', fixtureFetcher(createFixtureSites()));
    expect(hits).toEqual([expect.objectContaining({ title: FERRY.title, author: FERRY.author, url: `https://www.piaotia.com/bookinfo/${Math.floor(Number(FERRY.bookId) / 1000)}/${FERRY.bookId}.html` })]);
    const table = `<div id="content"><table><tr><th>文章名称</th></tr>
<tr><td><a href="https://www.piaotia.com/bookinfo/1/1705.html">渡川记</a></td><td><a href="x">第5章 夜渡</a></td><td>江上客</td></tr></table></div>`;
    expect(parsePiaotiaSearch(table, 'https://www.piaotia.com/modules/article/search.php')).toEqual([
      { title: '渡川记', author: '江上客', url: 'https://www.piaotia.com/bookinfo/1/1705.html', latestChapterTitle: '第5章 夜渡' },
    ]);
  });

  it('a page that is not a results page is a parse error, not an empty result', () => {
    expect(() => parseShuba69Search('<html><body>维护中</body></html>', 'https://www.69shuba.com/modules/article/search.php')).toThrow(/no search results/);
    expect(() => parseIxdzs8Search('<html><body>维护中</body></html>', 'https://ixdzs8.com/bsearch?q=x')).toThrow(/no search results/);
  });
});

describe('merging the sites’ hits', () => {
  const hit = (siteId: string, siteRank: number, title: string, author: string, extra: Partial<SiteSearchHit> = {}): SiteSearchHit => ({
    siteId,
    siteName: siteId,
    siteRank,
    title,
    author,
    url: `https://${siteId}.example/${title}`,
    sourceUrl: `https://${siteId}.example/${title}`,
    ...extra,
  });

  it('makes one row of one book on three sites, whatever the script, decorations or author label', () => {
    const rows = mergeSearchHits(
      [
        hit('ixdzs8', 2, MORTAL_ON_IXDZS8.title, '作者：忘語'),
        hit('69shuba', 0, '凡人修仙传（全本）', '忘语'),
        hit('22biqu', 1, MORTAL_ON_22BIQU.title, '忘语'),
        hit('22biqu', 1, '凡人修仙传之仙界篇', '忘语'),
        hit('69shuba', 0, '凡人修仙传', '别人'),
      ],
      '凡人修仙传',
    );
    expect(rows).toHaveLength(3);
    expect(rows[0].hits.map((h) => h.siteId)).toEqual(['69shuba', '22biqu', 'ixdzs8']);
    expect(rows[0].title).toBe('凡人修仙传（全本）');
    // The same title by another author is another book; a longer title comes after both.
    expect(rows[1].author).toBe('别人');
    expect(rows[2].title).toBe('凡人修仙传之仙界篇');
  });

  it('keeps a site’s first listing of a book and orders rows by fit, then sites, then place', () => {
    const rows = mergeSearchHits([hit('a', 0, '乙', 'x'), hit('a', 0, '甲', 'y'), hit('b', 1, '甲', 'y'), hit('a', 0, '甲', 'y', { url: 'second' })], '丙');
    expect(rows.map((row) => [row.title, row.hits.length])).toEqual([['甲', 2], ['乙', 1]]);
    expect(rows[0].hits[0].url).not.toBe('second');
  });

  it('reads a chapter count from the latest chapter’s heading when the site gives none', () => {
    expect(chaptersFromHeading('第2446章 仙界')).toBe(2446);
    expect(chaptersFromHeading('第一千二百章 归来')).toBe(1200);
    expect(chaptersFromHeading('番外 春游')).toBeNull();
    expect(chaptersFromHeading(undefined)).toBeNull();
  });
});

describe('searching every site at once', () => {
  it('does not wait for a site that never answers: the others arrive first, the slow one times out', async () => {
    const { searchSources } = await import('@/server/services/embedding/search');
    const silent: SourceAdapter = { ...adapter('69shuba'), id: 'silent', name: 'Silent', search: () => new Promise(() => undefined) };
    const events: string[] = [];
    let rows = 0;
    await searchSources(
      { query: '末世', chinese: '末世', alternatives: [] },
      (event) => {
        if (event.type === 'site') events.push(`${event.siteId}:${event.state}`);
        if (event.type === 'rows') rows = event.rows.length;
      },
      { adapters: [silent, adapter('22biqu')], fetcher: fixtureFetcher(createFixtureSites()), timeoutMs: 3_000, perSite: 10 },
    );
    expect(events).toEqual(['22biqu:done', 'silent:error']);
    expect(rows).toBe(1);
  });
});

describe('a single match answered from the page cache', () => {
  it('still names its book when the redirected page is read at the search’s own address', async () => {
    const { memoryFetchCache } = await import('@/server/fetch/cache');
    const cache = memoryFetchCache();
    const sites = createFixtureSites();
    for (const [id, query] of [['69shuba', '凡人修仙传'], ['piaotia', FERRY.title]] as const) {
      const first = await adapter(id).search!(query, fixtureFetcher(sites, { cache }));
      const again = await adapter(id).search!(query, fixtureFetcher(sites, { cache }));
      expect(again).toHaveLength(1);
      expect(adapter(id).parseUrl(new URL(again[0].url))?.bookId).toBe(adapter(id).parseUrl(new URL(first[0].url))?.bookId);
    }
  });
});

describeWithRealPages('search answers on the saved pages of the live sites', () => {
  it('reads a real 69shu book page and a real Piaotian info page as the single match they redirect to', () => {
    const shuba = parseShuba69Search(realPage('69shuba/noveltrans-novel.html'), 'https://www.69shuba.com/modules/article/search.php');
    expect(shuba).toEqual([expect.objectContaining({ url: 'https://www.69shuba.com/book/59024.htm', title: '穿书反派跟班，开局被女主盯上' })]);
    expect(shuba[0].author).not.toBe('');
    const piaotia = parsePiaotiaSearch(realPage('piaotia/novelgrabber-book.html'), 'https://www.piaotia.com/modules/article/search.php');
    expect(piaotia).toHaveLength(1);
    expect(adapterById('piaotia')!.parseUrl(new URL(piaotia[0].url))?.bookId).toBe('2072');
    expect(piaotia[0].author).not.toBe('');
  });
});
