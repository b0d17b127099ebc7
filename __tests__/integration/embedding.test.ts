import { and, eq } from 'drizzle-orm';
import embedHandler from '@/pages/api/embedding/embed';
import namesHandler from '@/pages/api/embedding/names';
import previewHandler from '@/pages/api/embedding/preview';
import textHandler from '@/pages/api/book/text';
import type { EmbedPreview, EmbedResult, StoryNames } from '@/lib/api/embedding';
import { signChapterRequest } from '@/lib/chapterSign';
import { db } from '@/server/db/client';
import { chapters, embeddedSources, stories, storyGenres } from '@/server/db/schema';
import { env } from '@/server/env';
import { CLI_ACTOR } from '@/server/services/admin/audit';
import { acceptStoryName } from '@/server/services/admin/storyNames';
import { approveStory } from '@/server/services/embedding';
import { BUNKER, QINGYUN, REBORN } from '../fixtures/sources/books';
import { callApi } from '../helpers/api';
import { createTestUser } from '../helpers/auth';
import { insertGenre, resetDatabase } from '../helpers/db';
import { fixtureSourcesForFile } from '../helpers/fixtureSources';

const QINGYUN_URL = `https://www.69shuba.com/book/${QINGYUN.bookId}.htm`;
const HAN = /\p{Script=Han}/u;

fixtureSourcesForFile();

const preview = (link: unknown) => callApi<{ message: EmbedPreview }>(previewHandler, { method: 'POST', body: { link } });
const embed = (link: string) => callApi<{ message: EmbedResult }>(embedHandler, { method: 'POST', body: { link } });
const readText = (storyId: string, index: number) =>
  callApi<{ message: string; title: string }>(textHandler, {
    method: 'POST',
    body: { sign: signChapterRequest({ truyenId: storyId, index, time: Math.floor(Date.now() / 1000) }, env().CHAPTER_SIGN_KEY) },
  });

beforeAll(async () => {
  await resetDatabase();
  for (const [i, name] of ['Tiên Hiệp', 'Kiếm Hiệp', 'Hệ Thống', 'Trọng Sinh', 'Khoa Huyễn', 'Đô Thị', 'Khác'].entries()) {
    await insertGenre(name, i + 1);
  }
});


describe('POST /api/embedding/preview', () => {
  it('reads a story from its site and converts it, storing nothing', async () => {
    const { status, body } = await preview(QINGYUN_URL);
    expect(status).toBe(200);
    const story = body.message;
    expect(story.originalTitle).toBe(QINGYUN.title);
    expect(story.originalAuthor).toBe(QINGYUN.author);
    expect(story.title).toMatch(/^Thanh Vân/);
    expect(story.title).not.toMatch(HAN);
    expect(story.author).not.toMatch(HAN);
    expect(story.genres).toEqual(expect.arrayContaining(['Tiên Hiệp', 'Kiếm Hiệp', 'Hệ Thống', 'Trọng Sinh']));
    expect(story.status).toBe('ongoing');
    expect(story.chapterCount).toBe(QINGYUN.chapterCount);
    expect(story.latestChapter).toMatchObject({ index: 30 });
    expect(story.latestChapter?.title).toMatch(/^Chương 30: /);
    expect(story.existing).toBeNull();
    expect(await db().select().from(stories)).toHaveLength(0);
  });

  it('names the chapter of a chapter link', async () => {
    const { body } = await preview(`www.69shuba.com/txt/${QINGYUN.bookId}/${QINGYUN.chapterIdBase + 3}`);
    expect(body.message.chapter).toMatchObject({ index: 3 });
    expect(body.message.chapter?.title).toMatch(/^Chương 3: /);
  });

  it.each([
    ['an unsupported site', 'https://example.com/book/1.htm'],
    ['a loopback address', 'http://127.0.0.1:8080/book/1.htm'],
    ['a non-http scheme', 'ftp://www.69shuba.com/book/1.htm'],
    ['a site page that is not a story', 'https://www.69shuba.com/'],
  ])('refuses %s with 400 listing the supported sites', async (_, link) => {
    const { status, body } = await callApi<{ message: string }>(previewHandler, { method: 'POST', body: { link } });
    expect(status).toBe(400);
    expect(body.message).toMatch(/Các trang hỗ trợ: 69shuba\.com, 22biqu\.com, ixdzs8\.com/);
  });

  it('refuses an empty, missing or over-long link with 400', async () => {
    expect((await preview('   ')).status).toBe(400);
    expect((await callApi(previewHandler, { method: 'POST', body: {} })).status).toBe(400);
    const long = await callApi<{ message: string }>(previewHandler, {
      method: 'POST',
      body: { link: `https://www.69shuba.com/book/1.htm?${'a'.repeat(500)}` },
    });
    expect(long.status).toBe(400);
    expect(long.body.message).toMatch(/500 ký tự/);
  });

  it('answers 404 with a Vietnamese message when the site says the book does not exist', async () => {
    const { status, body } = await callApi<{ message: string }>(previewHandler, {
      method: 'POST',
      body: { link: 'https://www.69shuba.com/book/999999.htm' },
    });
    expect(status).toBe(404);
    expect(body.message).toBe('Không tìm thấy truyện hoặc chương này trên trang nguồn.');
  });
});

describe('POST /api/embedding/embed and reading', () => {
  let storyId: string;
  let slug: string;

  it('creates an embedded story with chapters waiting for their first read', async () => {
    const { status, body } = await embed(QINGYUN_URL);
    expect(status).toBe(200);
    ({ storyId, slug } = body.message);
    expect(body.message).toMatchObject({ created: true, chapter: null });
    expect(slug).toMatch(/^thanh-van/);
    const [story] = await db().select().from(stories).where(eq(stories.id, Number(storyId)));
    expect(story).toMatchObject({
      origin: 'embedded',
      indexable: false,
      hidden: false,
      sourceSite: '69shuba',
      sourceUrl: QINGYUN_URL,
      originalTitle: QINGYUN.title,
      chapterCount: 30,
      status: 'ongoing',
    });
    expect(story.searchTitle).toMatch(/^thanh van/);
    expect(await db().select().from(storyGenres).where(eq(storyGenres.storyId, story.id))).toHaveLength(4);
    const rows = await db().select().from(chapters).where(eq(chapters.storyId, story.id)).orderBy(chapters.index);
    expect(rows).toHaveLength(30);
    expect(rows.every((row) => row.content === null && row.sourceUrl?.startsWith('https://www.69shuba.com/txt/'))).toBe(true);
    expect(rows[0].title).toMatch(/^Chương 1: /);
    expect(rows[0].title).not.toMatch(HAN);
    const [source] = await db().select().from(embeddedSources).where(eq(embeddedSources.storyId, story.id));
    expect(source).toMatchObject({ site: '69shuba', lastChapterSeen: 30, approved: false });
  });

  it('reuses the story for another form of the same link, and opens a chapter link at its chapter', async () => {
    const again = await embed(`69shuba.com/book/${QINGYUN.bookId}/`);
    expect(again.status).toBe(200);
    expect(again.body.message).toMatchObject({ storyId, slug, created: false, chapter: null });
    const chapterLink = await embed(`https://www.69shuba.com/txt/${QINGYUN.bookId}/${QINGYUN.chapterIdBase + 7}`);
    expect(chapterLink.body.message).toMatchObject({ storyId, chapter: 7 });
    expect((await preview(QINGYUN_URL)).body.message.existing).toEqual({ slug });
  });

  it('fetches, converts and stores a chapter on its first read through /api/book/text', async () => {
    const { status, body } = await readText(storyId, 1);
    expect(status).toBe(200);
    const paragraphs = body.message.split('\n');
    expect(paragraphs).toHaveLength(5);
    expect(body.message).not.toMatch(HAN);
    expect(paragraphs[0]).toMatch(/^Sắc trời/);
    const [row] = await db()
      .select()
      .from(chapters)
      .where(and(eq(chapters.storyId, Number(storyId)), eq(chapters.index, 1)));
    expect(row.content).toBe(body.message);
    expect(row.sourceText).toMatch(/^天色微明/);
    expect(row.wordCount).toBeGreaterThan(20);
  });

  it('embeds a site with a paged table of contents and one with a JSON chapter list', async () => {
    const paged = await embed(`https://www.22biqu.com/biqu${BUNKER.bookId}/`);
    expect(paged.body.message.created).toBe(true);
    const [bunker] = await db().select().from(stories).where(eq(stories.id, Number(paged.body.message.storyId)));
    expect(bunker.chapterCount).toBe(BUNKER.chapterCount);
    const json = await embed(`https://ixdzs8.com/read/${REBORN.bookId}/p12.html`);
    expect(json.body.message.chapter).toBe(12);
    const [reborn] = await db().select().from(stories).where(eq(stories.id, Number(json.body.message.storyId)));
    expect(reborn).toMatchObject({ chapterCount: REBORN.chapterCount, status: 'completed' });
    const text = await readText(json.body.message.storyId, 12);
    expect(text.status).toBe(200);
    expect(text.body.message).not.toMatch(HAN);
  });

  it('keeps a reader’s names to that reader, and converts chapters again with the story’s shared names', async () => {
    expect((await callApi(namesHandler, { method: 'PUT', body: { storyId, names: { 林渊: 'Lâm Uyên' } } })).status).toBe(401);
    const reader = await createTestUser('names');
    const bad = await callApi<{ message: string }>(namesHandler, { method: 'PUT', token: reader.token, body: { storyId, names: { abc: 'x' } } });
    expect(bad.status).toBe(400);
    const saved = await callApi<{ message: StoryNames }>(namesHandler, {
      method: 'PUT',
      token: reader.token,
      body: { storyId, names: { 林渊: 'Lâm Đại Hiệp', 青云宗: 'Thanh Vân Tông' } },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.message.mine).toEqual({ 林渊: 'Lâm Đại Hiệp', 青云宗: 'Thanh Vân Tông' });
    expect(saved.body.message.names).toEqual({});
    const pub = await callApi<{ message: StoryNames }>(namesHandler, { params: { storyId } });
    expect(pub.body.message.names).toEqual({});
    expect(pub.body.message.mine).toEqual({});
    const before = await Promise.all([1, 2, 3].map((index) => readText(storyId, index)));
    expect(before.map((t) => t.body.message).join('\n')).not.toMatch(/Lâm Đại Hiệp/);

    // Once shared (here by an operator), every reader's chapters are converted with it.
    await acceptStoryName(db(), CLI_ACTOR, Number(storyId), { original: '林渊', translation: 'Lâm Đại Hiệp', note: '' });
    expect((await callApi<{ message: StoryNames }>(namesHandler, { params: { storyId } })).body.message.names).toEqual({ 林渊: 'Lâm Đại Hiệp' });
    const after = await Promise.all([1, 2, 3].map((index) => readText(storyId, index)));
    expect(after.map((t) => t.body.message).join('\n')).toMatch(/Lâm Đại Hiệp/);
  });

  it('keeps embedded stories noindex until an operator approves them', async () => {
    await approveStory(db(), slug);
    const [story] = await db().select().from(stories).where(eq(stories.id, Number(storyId)));
    expect(story.indexable).toBe(true);
    const [source] = await db().select().from(embeddedSources).where(eq(embeddedSources.storyId, story.id));
    expect(source.approved).toBe(true);
  });
});
