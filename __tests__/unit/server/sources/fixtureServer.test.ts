/** @jest-environment node */
import http from 'node:http';
import { BUNKER, QINGYUN, REBORN, chapterParagraphs } from '@/__tests__/fixtures/sources/books';
import { memoryFetchCache } from '@/server/fetch/cache';
import { safeFetch } from '@/server/fetch/safeFetch';
import { ADAPTERS, findAdapter, sourceHosts } from '@/server/sources';
import { createSourceFetcher } from '@/server/sources/fetcher';
import { fixtureSourcesForFile } from '../../../helpers/fixtureSources';

/** The whole production path (client → safeFetch → politeness → cookies → cache → decoding → adapter) against the fixture server. */
const fixtureSites = fixtureSourcesForFile();

it('serves the 69shu kind as gzip-compressed GBK, read through impit with the real URL kept', async () => {
  const answer = await safeFetch('https://www.69shuba.com/book/57358.htm', { allowHosts: sourceHosts() });
  expect(answer.url).toBe('https://www.69shuba.com/book/57358.htm');
  expect(answer.contentType).toBe('text/html; charset=gbk');
  const raw = await new Promise<http.IncomingMessage>((resolve, reject) => {
    http
      .get(`${fixtureSites().origin}/book/57358.htm`, { headers: { Host: 'www.69shuba.com', 'Accept-Encoding': 'gzip' } }, resolve)
      .on('error', reject);
  });
  raw.resume();
  expect(raw.headers['content-encoding']).toBe('gzip');

  const { adapter, bookId } = findAdapter('https://69shuba.cx/txt/57358/31450004')!;
  expect(adapter.fetching.client).toBe('impit');
  const fetcher = createSourceFetcher(ADAPTERS, { cache: memoryFetchCache() });
  expect((await adapter.fetchBook(bookId, fetcher)).title).toBe(QINGYUN.title);
  const chapters = await adapter.fetchChapterList(bookId, fetcher);
  expect(chapters).toHaveLength(QINGYUN.chapterCount);
  expect((await adapter.fetchChapter(chapters[3], fetcher)).paragraphs).toEqual(chapterParagraphs(QINGYUN, 4));
});

it('solves the ixdzs8 check over HTTP with a real cookie', async () => {
  const before = fixtureSites().requests.length;
  const { adapter, bookId } = findAdapter('https://www.aixdzs.com/read/567890/')!;
  const fetcher = createSourceFetcher(ADAPTERS, { cache: null });
  expect((await adapter.fetchBook(bookId, fetcher)).title).toBe(REBORN.title);
  expect(fixtureSites().requests.slice(before)).toEqual([
    'ixdzs8.com /read/567890/',
    expect.stringMatching(/^ixdzs8\.com \/read\/567890\/\?challenge=/),
    'ixdzs8.com /read/567890/',
  ]);
});

it('follows the legacy redirect through the fixture server', async () => {
  const answer = await safeFetch('https://www.69shuba.com/txt/57358.htm', { allowHosts: sourceHosts() });
  expect(answer.url).toBe('https://www.69shuba.com/book/57358.htm');
});

it('still refuses hosts that no adapter serves', async () => {
  await expect(safeFetch('https://example.com/', { allowHosts: sourceHosts() })).rejects.toMatchObject({ code: 'UNSUPPORTED_HOST' });
});

it('shows a chapter added through the hook, and through the HTTP control endpoint; modes switch over HTTP', async () => {
  const { adapter, bookId } = findAdapter('https://ixdzs8.com/read/567890/')!;
  const live = createSourceFetcher(ADAPTERS, { cache: null });
  const before = await adapter.fetchChapterList(bookId, live);
  fixtureSites().addChapter('ixdzs8', bookId);
  expect(await adapter.fetchChapterList(bookId, live)).toHaveLength(before.length + 1);

  const response = await fetch(`${fixtureSites().origin}/__fixture/add-chapter`, {
    method: 'POST',
    body: JSON.stringify({ siteId: '22biqu', bookId: BUNKER.bookId }),
  });
  expect(await response.json()).toEqual({ chapterCount: BUNKER.chapterCount + 1 });
  const biqu = findAdapter('https://www.22biqu.com/biqu5403/')!;
  expect(await biqu.adapter.fetchChapterList(biqu.bookId, live)).toHaveLength(BUNKER.chapterCount + 1);

  const mode = await fetch(`${fixtureSites().origin}/__fixture/mode`, { method: 'POST', body: JSON.stringify({ siteId: '22biqu', mode: 'block' }) });
  expect(mode.status).toBe(200);
  await expect(biqu.adapter.fetchBook(biqu.bookId, createSourceFetcher(ADAPTERS, { cache: null }))).rejects.toMatchObject({ code: 'SOURCE_BLOCKED' });
  fixtureSites().setMode('22biqu', 'normal');
});
