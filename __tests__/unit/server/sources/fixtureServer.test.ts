/** @jest-environment node */
import http from 'node:http';
import { startFixtureServer, type FixtureServer } from '@/scripts/fixture-server';
import { BUNKER, QINGYUN, chapterParagraphs } from '@/__tests__/fixtures/sources/books';
import { memoryFetchCache } from '@/server/fetch/cache';
import { createPoliteFetcher } from '@/server/fetch/politeFetch';
import { safeFetch } from '@/server/fetch/safeFetch';
import { findAdapter, sourceHosts } from '@/server/sources';

/** The whole production path (safeFetch → rate limit → cache → decoding → adapter) against the fixture server. */
let fixture: FixtureServer;
const saved = { ...process.env };

beforeAll(async () => {
  fixture = await startFixtureServer();
  process.env.SOURCES_ALLOW_LOOPBACK = '1';
  process.env.SOURCES_FIXTURE_ORIGIN = fixture.origin;
});

afterAll(async () => {
  process.env.SOURCES_ALLOW_LOOPBACK = saved.SOURCES_ALLOW_LOOPBACK;
  process.env.SOURCES_FIXTURE_ORIGIN = saved.SOURCES_FIXTURE_ORIGIN;
  if (saved.SOURCES_ALLOW_LOOPBACK === undefined) delete process.env.SOURCES_ALLOW_LOOPBACK;
  if (saved.SOURCES_FIXTURE_ORIGIN === undefined) delete process.env.SOURCES_FIXTURE_ORIGIN;
  await fixture.close();
});

const fetcher = () => createPoliteFetcher({ allowHosts: sourceHosts(), cache: memoryFetchCache() });

it('serves the 69shu kind as gzip-compressed GBK, keeping the real URL', async () => {
  const answer = await safeFetch('https://www.69shuba.com/book/57358.htm', { allowHosts: sourceHosts() });
  expect(answer.url).toBe('https://www.69shuba.com/book/57358.htm');
  expect(answer.contentType).toBe('text/html; charset=gbk');
  const raw = await new Promise<http.IncomingMessage>((resolve, reject) => {
    http
      .get(`${fixture.origin}/book/57358.htm`, { headers: { Host: 'www.69shuba.com', 'Accept-Encoding': 'gzip' } }, resolve)
      .on('error', reject);
  });
  raw.resume();
  expect(raw.statusCode).toBe(200);
  expect(raw.headers['content-encoding']).toBe('gzip');

  const match = findAdapter('https://www.69shuba.com/txt/57358/31450004');
  expect(match).not.toBeNull();
  const { adapter, bookId } = match!;
  const text = fetcher();
  const book = await adapter.fetchBook(bookId, text);
  expect(book.title).toBe(QINGYUN.title);
  const chapters = await adapter.fetchChapterList(bookId, text);
  expect(chapters).toHaveLength(QINGYUN.chapterCount);
  expect((await adapter.fetchChapter(chapters[3], text)).paragraphs).toEqual(chapterParagraphs(QINGYUN, 4));
});

it('follows the legacy redirect through the fixture server', async () => {
  const answer = await safeFetch('https://www.69shuba.com/txt/57358.htm', { allowHosts: sourceHosts() });
  expect(answer.url).toBe('https://www.69shuba.com/book/57358.htm');
});

it('still refuses hosts that no adapter serves', async () => {
  await expect(safeFetch('https://example.com/', { allowHosts: sourceHosts() })).rejects.toMatchObject({
    code: 'UNSUPPORTED_HOST',
  });
});

it('shows a chapter added through the hook, and through the HTTP control endpoint', async () => {
  const { adapter, bookId } = findAdapter('https://ixdzs8.com/read/567890/')!;
  const live = createPoliteFetcher({ allowHosts: sourceHosts(), cache: null });
  const before = await adapter.fetchChapterList(bookId, live);
  fixture.addChapter('ixdzs8', bookId);
  const after = await adapter.fetchChapterList(bookId, live);
  expect(after).toHaveLength(before.length + 1);

  const response = await fetch(`${fixture.origin}/__fixture/add-chapter`, {
    method: 'POST',
    body: JSON.stringify({ siteId: '22biqu', bookId: BUNKER.bookId }),
  });
  expect(await response.json()).toEqual({ chapterCount: BUNKER.chapterCount + 1 });
  const biqu = findAdapter('https://www.22biqu.com/biqu5403/')!;
  expect(await biqu.adapter.fetchChapterList(biqu.bookId, live)).toHaveLength(BUNKER.chapterCount + 1);
});
