/** @jest-environment node */
import {
  BUNKER,
  FERRY,
  HARBOR,
  HILLS,
  LANTERN,
  QINGYUN,
  REBORN,
  REBORN_TW,
  SAMPLE_BOOKS,
  chapterParagraphs,
  chapterTitle,
  type FixtureBook,
} from '@/__tests__/fixtures/sources/books';
import { createFixtureSites, fixtureFetcher } from '@/__tests__/fixtures/sources/sites';
import { FetchError } from '@/server/fetch/errors';
import { ADAPTERS, adapterById, findAdapter } from '@/server/sources';
import type { SourceAdapter } from '@/server/sources/types';

/**
 * What every adapter must do against its fixture site: metadata, the whole catalogue in reading
 * order, chapter text free of the site's junk and watermarks, its challenge, block and not-found
 * pages, and every domain of the site leading to one story.
 */
const JUNK =
  /69书吧|22笔趣|爱下电子书|全本小说网|飘天文学|UU看书|ＵＵ|uukanshu|本章完|本章未完|一秒记住|www\.|loadAdv|ads_show|推荐本书|app2;|read3|⊥|无一错|章节缺失/;

/** `ids`: a book id in each of the site's layouts, for the domain check. */
const CASES: ReadonlyArray<{ id: string; book: FixtureBook; missing: string; ids?: string[] }> = [
  { id: '69shuba', book: QINGYUN, missing: '99999' },
  { id: '22biqu', book: BUNKER, missing: '99999' },
  { id: 'ixdzs8', book: REBORN, missing: '99999', ids: ['12345', 'tw-12345'] },
  { id: 'ixdzs8', book: REBORN_TW, missing: 'tw-99999', ids: ['12345', 'tw-12345'] },
  { id: 'uukanshu', book: HARBOR, missing: '99999', ids: ['12345', 'cc-12345'] },
  { id: 'uukanshu', book: LANTERN, missing: 'cc-99999', ids: ['12345', 'cc-12345'] },
  { id: 'quanben5', book: HILLS, missing: 'meiyouzhebenshu' },
  { id: 'piaotia', book: FERRY, missing: '99999' },
];

function setup() {
  const sites = createFixtureSites();
  return { sites, fetcher: fixtureFetcher(sites) };
}

async function fetchError(work: Promise<unknown>): Promise<FetchError> {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(FetchError);
  return error as FetchError;
}

describe.each(CASES)('$id adapter, $book.bookId', ({ id, book, missing, ids = ['12345'] }) => {
  const adapter = adapterById(id) as SourceAdapter;

  it('reads the book page', async () => {
    const { fetcher } = setup();
    const read = await adapter.fetchBook(book.bookId, fetcher);
    expect(read.title).toBe(book.title);
    expect(read.author).toBe(book.author);
    expect(read.description).toBe(book.intro.join('\n'));
    expect(read.genres).toEqual(expect.arrayContaining([book.category.replace(/小说$/, '')]));
    expect(read.status).toBe(/完/.test(book.statusLabel) ? 'completed' : 'ongoing');
    expect(read.cover).toMatch(/^https:\/\//);
    expect(read.latestChapterTitle).toBe(chapterTitle(book, book.chapterCount));
    expect(read.sourceUrl).toBe(adapter.bookUrl(book.bookId));
  });

  it('lists every chapter once, in reading order, on the canonical domain', async () => {
    const { fetcher } = setup();
    const chapters = await adapter.fetchChapterList(book.bookId, fetcher);
    expect(chapters.map((c) => c.title)).toEqual(Array.from({ length: book.chapterCount }, (_, i) => chapterTitle(book, i + 1)));
    expect(chapters.map((c) => c.index)).toEqual(Array.from({ length: book.chapterCount }, (_, i) => i + 1));
    const canonicalHost = new URL(adapter.bookUrl(book.bookId)).hostname;
    for (const chapter of chapters) expect(new URL(chapter.url).hostname).toBe(canonicalHost);
  });

  it('reads chapter text without the site’s plugs, filler or watermarks', async () => {
    const { fetcher } = setup();
    const chapters = await adapter.fetchChapterList(book.bookId, fetcher);
    for (const n of [1, 4]) {
      const chapter = await adapter.fetchChapter(chapters[n - 1], fetcher);
      expect(chapter.title).toBe(chapterTitle(book, n));
      expect(chapter.paragraphs).toEqual(chapterParagraphs(book, n));
      expect(chapter.paragraphs.join('\n')).not.toMatch(JUNK);
    }
  });

  it('says "blocked, try later" when the site puts up its browser check', async () => {
    const { sites, fetcher } = setup();
    sites.setMode(id, 'challenge');
    const error = await fetchError(adapter.fetchBook(book.bookId, fetcher));
    expect(error.code).toBe('SOURCE_BLOCKED');
    expect(error.userMessage).toBe('Nguồn đang chặn truy cập tự động, thử lại sau.');
  });

  it('says "blocked, try later" on the block page, and does not keep asking', async () => {
    const { sites, fetcher } = setup();
    sites.setMode(id, 'block');
    expect((await fetchError(adapter.fetchBook(book.bookId, fetcher))).code).toBe('SOURCE_BLOCKED');
    const asked = sites.requests.length;
    sites.setMode(id, 'normal');
    // The host is cooling down: the next request fails at once without reaching the site.
    expect((await fetchError(adapter.fetchChapterList(book.bookId, fetcher))).code).toBe('SOURCE_BLOCKED');
    expect(sites.requests).toHaveLength(asked);
  });

  it('says "not found" for a book the site does not have', async () => {
    const { fetcher } = setup();
    expect((await fetchError(adapter.fetchBook(missing, fetcher))).code).toBe('SOURCE_NOT_FOUND');
  });

  it('reads links on every domain of the site as the same story', () => {
    for (const host of adapter.hosts) {
      const read = ids.map((bookId) => {
        const link = new URL(adapter.bookUrl(bookId));
        link.hostname = host;
        const match = findAdapter(link.href);
        return match && { id: match.adapter.id, bookId: match.bookId, same: match.bookId === bookId };
      });
      expect(read.filter((match) => match?.same)).toEqual([{ id, bookId: expect.any(String), same: true }]);
    }
  });

  it('serves the books that `npm run sources:check` asks for', async () => {
    const { fetcher } = setup();
    for (const bookId of adapter.sampleBookIds) {
      const sample = SAMPLE_BOOKS.find((candidate) => candidate.siteId === id && candidate.bookId === bookId);
      expect(sample?.bookId).toBe(bookId);
      expect((await adapter.fetchBook(bookId, fetcher)).title).toBe(sample?.title);
    }
  });
});

it('has a case for every adapter', () => {
  expect([...new Set(CASES.map((c) => c.id))].sort()).toEqual(ADAPTERS.map((a) => a.id).sort());
});
