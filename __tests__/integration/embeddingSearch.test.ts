import { testApiHandler } from 'next-test-api-route-handler';
import embedHandler from '@/pages/api/embedding/embed';
import searchHandler from '@/pages/api/embedding/search';
import type { EmbedResult, SourceSearchEvent, SourceSearchRow } from '@/lib/api/embedding';
import { SEARCH_EMPTY, SEARCH_LINK, SEARCH_SYMBOLS, SEARCH_TOO_LONG } from '@/lib/embeddingSearch';
import { db } from '@/server/db/client';
import { stories } from '@/server/db/schema';
import { MORTAL, MORTAL_ON_22BIQU, MORTAL_ON_IXDZS8, QINGYUN } from '../fixtures/sources/books';
import { callApi } from '../helpers/api';
import { insertGenre, resetDatabase } from '../helpers/db';
import { fixtureSourcesForFile } from '../helpers/fixtureSources';

/** GET /api/embedding/search against the fixture sites and a real database. */
const fixtureSites = fixtureSourcesForFile();

interface Streamed {
  status: number;
  contentType: string | null;
  retryAfter: string | null;
  events: SourceSearchEvent[];
  message?: string;
}

async function search(q: string, headers: Record<string, string> = {}): Promise<Streamed> {
  let result: Streamed | undefined;
  await testApiHandler({
    pagesHandler: searchHandler,
    params: { q },
    test: async ({ fetch }) => {
      const response = await fetch({ method: 'GET', headers });
      const text = await response.text();
      const base = { status: response.status, contentType: response.headers.get('content-type'), retryAfter: response.headers.get('retry-after') };
      result = response.ok
        ? { ...base, events: text.split('\n').filter(Boolean).map((line) => JSON.parse(line) as SourceSearchEvent) }
        : { ...base, events: [], message: (JSON.parse(text) as { message: string }).message };
    },
  });
  return result!;
}

const finalRows = (events: SourceSearchEvent[]): SourceSearchRow[] =>
  events.filter((event): event is Extract<SourceSearchEvent, { type: 'rows' }> => event.type === 'rows').at(-1)?.rows ?? [];
const planOf = (events: SourceSearchEvent[]) => events.find((event): event is Extract<SourceSearchEvent, { type: 'plan' }> => event.type === 'plan');
const siteEvents = (events: SourceSearchEvent[]) => events.filter((event): event is Extract<SourceSearchEvent, { type: 'site' }> => event.type === 'site');

beforeAll(async () => {
  await resetDatabase();
  for (const [i, name] of ['Tiên Hiệp', 'Kiếm Hiệp', 'Hệ Thống', 'Trọng Sinh', 'Khác'].entries()) await insertGenre(name, i + 1);
});

describe('GET /api/embedding/search', () => {
  it('streams every site’s answer and merges one book on three sites into one row', async () => {
    const { status, contentType, events } = await search('凡人修仙传');
    expect(status).toBe(200);
    expect(contentType).toMatch(/application\/x-ndjson/);
    expect(events[0]).toMatchObject({ type: 'plan', chinese: '凡人修仙传', sites: [{ id: '69shuba' }, { id: '22biqu' }, { id: 'ixdzs8' }, { id: 'piaotia' }] });
    expect(events.at(-1)).toEqual({ type: 'done' });
    expect(siteEvents(events).map((event) => [event.siteId, event.state])).toEqual(
      expect.arrayContaining([['69shuba', 'done'], ['22biqu', 'done'], ['ixdzs8', 'done'], ['piaotia', 'done']]),
    );
    const rows = finalRows(events);
    expect(rows).toHaveLength(1);
    const [row] = rows;
    expect(row.originalTitle).toBe(MORTAL.title);
    expect(row.originalAuthor).toBe(MORTAL.author);
    expect(row.title).toMatch(/^Phàm Nhân Tu Tiên Truy/);
    expect(row.sites.map((site) => [site.siteId, site.chapterCount])).toEqual([
      ['69shuba', MORTAL.chapterCount],
      ['22biqu', MORTAL_ON_22BIQU.chapterCount],
      ['ixdzs8', MORTAL_ON_IXDZS8.chapterCount],
    ]);
    expect(row.sites[0]).toMatchObject({ sourceUrl: `https://www.69shuba.com/book/${MORTAL.bookId}.htm`, latestChapter: { title: expect.stringMatching(/^Chương 24: /) } });
    expect(row.sites[2].originalTitle).toBe(MORTAL_ON_IXDZS8.title);
  });

  it('searches a traditional title as simplified, and an author', async () => {
    expect(planOf((await search('凡人修仙傳')).events)?.chinese).toBe('凡人修仙传');
    const byAuthor = finalRows((await search('忘语')).events);
    expect(byAuthor.map((row) => row.originalTitle)).toEqual([MORTAL.title]);
  });

  it('reads a Hán-Việt title back to Chinese, from a story embedded here first', async () => {
    const embedded = await callApi<{ message: EmbedResult }>(embedHandler, { method: 'POST', body: { link: `https://www.69shuba.com/book/${QINGYUN.bookId}.htm` } });
    expect(embedded.status).toBe(200);
    const [story] = await db().select({ title: stories.title }).from(stories);
    const known = await search(story.title);
    expect(planOf(known.events)?.chinese).toBe(QINGYUN.title);
    expect(finalRows(known.events)[0]).toMatchObject({ originalTitle: QINGYUN.title });
    // Nothing here by that name: the reverse Hán-Việt index reads it.
    const read = await search('Phàm Nhân Tu Tiên Truyện');
    expect(planOf(read.events)?.chinese).toBe('凡人修仙传');
    expect(finalRows(read.events)).toHaveLength(1);
  });

  it('reports a site that blocks on its own and still answers from the others', async () => {
    fixtureSites().setMode('22biqu', 'block');
    try {
      const { events } = await search('凡人修仙');
      expect(siteEvents(events).find((event) => event.siteId === '22biqu')).toEqual({ type: 'site', siteId: '22biqu', state: 'error', message: expect.stringMatching(/chặn/) });
      expect(finalRows(events)[0].sites.map((site) => site.siteId)).toEqual(['69shuba', 'ixdzs8']);
    } finally {
      fixtureSites().setMode('22biqu', 'normal');
    }
  });

  it.each([
    ['an empty query', '   ', SEARCH_EMPTY],
    ['only symbols', '！？…——', SEARCH_SYMBOLS],
    ['a pasted link', 'https://www.69shuba.com/book/10305.htm', SEARCH_LINK],
    ['a link without its scheme', 'm.22biqu.net/biqu3021/', SEARCH_LINK],
    ['an over-long query', '凡'.repeat(41), SEARCH_TOO_LONG],
    ['Latin that is not Hán-Việt', 'world of warcraft', expect.stringMatching(/chữ Hán/)],
  ])('refuses %s with 400 and a Vietnamese message', async (_, q, message) => {
    const { status, message: body } = await search(q);
    expect(status).toBe(400);
    expect(body).toEqual(message);
  });

  it('gives a reader a bounded number of searches, then 429 with Retry-After', async () => {
    let refused: Streamed | undefined;
    for (let i = 0; i < 25 && !refused; i++) {
      const answer = await search('凡人修仙传');
      if (answer.status === 429) refused = answer;
      else expect(answer.status).toBe(200);
    }
    expect(refused?.message).toMatch(/tìm quá nhiều lần/);
    expect(Number(refused?.retryAfter)).toBeGreaterThan(0);
  });
});
