import embedHandler from '@/pages/api/embedding/embed';
import previewHandler from '@/pages/api/embedding/preview';
import type { EmbedResult } from '@/lib/api/embedding';
import { db } from '@/server/db/client';
import { dbFetchCache } from '@/server/fetch/cache';
import { runFollowCheck } from '@/server/services/embedding';
import { ADAPTERS, adapterById } from '@/server/sources';
import { createSourceFetcher } from '@/server/sources/fetcher';
import { HARBOR, QINGYUN, REBORN, chapterParagraphs } from '../fixtures/sources/books';
import { instantClock } from '../fixtures/sources/sites';
import { callApi } from '../helpers/api';
import { resetDatabase } from '../helpers/db';
import { fixtureSourcesForFile } from '../helpers/fixtureSources';

/** Source fetching against the fixture server on loopback, with the real fetch_cache table. */
const fixtureSites = fixtureSourcesForFile();

beforeAll(async () => {
  await resetDatabase();
});


const embed = (link: string) => callApi<{ message: EmbedResult }>(embedHandler, { method: 'POST', body: { link } });

it('solves the ixdzs8 check with its cookie, and caches only the real pages', async () => {
  const cache = dbFetchCache(db);
  const fetcher = createSourceFetcher(ADAPTERS, { cache });
  const adapter = adapterById('ixdzs8')!;
  const before = fixtureSites().requests.length;
  const chapters = await adapter.fetchChapterList(REBORN.bookId, fetcher);
  expect((await adapter.fetchChapter(chapters[1], fetcher)).paragraphs).toEqual(chapterParagraphs(REBORN, 2));
  expect(fixtureSites().requests.slice(before).filter((line) => line.includes('challenge='))).toHaveLength(1);
  expect(await cache.get(chapters[1].url, 60_000)).toContain('page-content');
});

it('never caches a challenge or block page, and drops a cached page that no longer parses', async () => {
  const cache = dbFetchCache(db);
  const adapter = adapterById('uukanshu')!;
  const url = adapter.bookUrl(HARBOR.bookId);
  fixtureSites().setMode('uukanshu', 'challenge');
  await expect(adapter.fetchBook(HARBOR.bookId, createSourceFetcher(ADAPTERS, { cache }))).rejects.toMatchObject({ code: 'SOURCE_BLOCKED' });
  expect(await cache.get(url, 60_000)).toBeNull();
  fixtureSites().setMode('uukanshu', 'normal');

  await cache.set(url, '<html><body>维护中</body></html>');
  const book = await adapter.fetchBook(HARBOR.bookId, createSourceFetcher(ADAPTERS, { cache }));
  expect(book.title).toBe(HARBOR.title);
  expect(await cache.get(url, 60_000)).toContain('jieshao_content');
});

it('spaces 69shuba requests at least 3 s apart, one at a time, as in production (fake clock)', async () => {
  const clock = instantClock();
  const started = clock.now();
  delete process.env.SOURCES_NO_SPACING;
  const fetcher = createSourceFetcher(ADAPTERS, { cache: null, clock });
  process.env.SOURCES_NO_SPACING = '1';
  const adapter = adapterById('69shuba')!;
  const [, chapters] = await Promise.all([adapter.fetchBook(QINGYUN.bookId, fetcher), adapter.fetchChapterList(QINGYUN.bookId, fetcher)]);
  await adapter.fetchChapter(chapters[0], fetcher);
  // Three requests: the second and the third each waited at least 3 s after the one before.
  expect(clock.sleeps).toHaveLength(2);
  for (const pause of clock.sleeps) expect(pause).toBeGreaterThanOrEqual(3000);
  expect(clock.now() - started).toBeGreaterThanOrEqual(6000);
});

it('answers 503 "thử lại sau" when the source blocks, and embeds from a mirror as the same story', async () => {
  fixtureSites().setMode('22biqu', 'block');
  const blocked = await callApi<{ message: string }>(previewHandler, { method: 'POST', body: { link: 'https://m.22biqu.com/biqu41440/' } });
  expect(blocked.status).toBe(503);
  expect(blocked.body.message).toBe('Nguồn đang chặn truy cập tự động, thử lại sau.');
  fixtureSites().setMode('22biqu', 'normal');

  const first = await embed(`https://69shuba.cx/book/${QINGYUN.bookId}.htm`);
  expect(first.status).toBe(200);
  const again = await embed(`https://www.69xinshu.com/txt/${QINGYUN.bookId}/${QINGYUN.chapterIdBase + 2}`);
  expect(again.body.message).toMatchObject({ storyId: first.body.message.storyId, created: false, chapter: 2 });
});

it('leaves followed stories of a blocking source for the next run', async () => {
  const story = await embed(`https://www.ptwxz.com/html/13/13572/`);
  fixtureSites().setMode('piaotia', 'block');
  try {
    const report = await runFollowCheck(db(), { storyId: Number(story.body.message.storyId), fetcher: createSourceFetcher(ADAPTERS, { cache: null }) });
    expect(report).toMatchObject({ checked: 0, failed: 0, deferred: 1 });
  } finally {
    fixtureSites().setMode('piaotia', 'normal');
  }
});
