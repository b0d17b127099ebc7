import chapterListHandler from '@/pages/api/book/chapters/[id]';
import lichsuHandler from '@/pages/api/user/web/lichsu';
import { getStaticProps as chapterProps } from '@/pages/[storyslug]/[chapter]';
import { getStaticProps as storyProps } from '@/pages/[storyslug]/index';
import { db } from '@/server/db/client';
import { stories } from '@/server/db/schema';
import { chapterOpening, loadChapterPage, loadStoryPage, OPENING_CHARS, parseChapterParam } from '@/server/services/story';
import { eq } from 'drizzle-orm';
import { callApi } from '../helpers/api';
import { insertGenre, insertStory, resetDatabase } from '../helpers/db';

describe('story page data', () => {
  let storyId: number;

  beforeAll(async () => {
    await resetDatabase();
    const tienHiep = await insertGenre('Tiên Hiệp', 1);
    const doThi = await insertGenre('Đô Thị', 2);
    storyId = (await insertStory({ title: 'Kiếm Lai', slug: 'kiem-lai', chapters: 120, genreIds: [tienHiep.id, doThi.id], vipFrom: 118 })).id;
    await insertStory({ title: 'Phàm Nhân', slug: 'pham-nhan', chapters: 2, genreIds: [tienHiep.id, doThi.id], viewsTotal: 10 });
    await insertStory({ title: 'Đô Thị Tu Tiên', slug: 'do-thi', chapters: 2, genreIds: [doThi.id], viewsTotal: 500 });
    await insertStory({ title: 'Truyện Ẩn', slug: 'truyen-an', chapters: 2, genreIds: [tienHiep.id], hidden: true });
    await insertStory({ title: 'Không Liên Quan', slug: 'khong-lien-quan', chapters: 1, author: 'Người Khác' });
  });

  it('loads the story, its newest chapter, the first 50 chapters and related stories by shared genres', async () => {
    const data = await loadStoryPage(db(), 'kiem-lai');
    expect(data).toBeDefined();
    expect(data!.story).toMatchObject({ _id: String(storyId), title: 'Kiếm Lai', chapters: 120 });
    expect(data!.story.genres.map((g) => g.name)).toEqual(['Tiên Hiệp', 'Đô Thị']);
    expect(data!.story.latestChapter).toMatchObject({ index: 120, title: 'Chương 120: Thử nghiệm' });
    expect(data!.chapters.results).toHaveLength(50);
    expect(data!.chapters.results[0]).toMatchObject({ index: 1, vip: false });
    expect(data!.chapters.total).toBe(120);
    // Two shared genres first, then one; the hidden story never.
    expect(data!.related.map((s) => s.slug)).toEqual(['pham-nhan', 'do-thi']);
  });

  it('is 404 for an unknown or hidden slug', async () => {
    expect(await storyProps({ params: { storyslug: 'khong-co' } })).toMatchObject({ notFound: true });
    expect(await storyProps({ params: { storyslug: 'truyen-an' } })).toMatchObject({ notFound: true });
    expect(await storyProps({ params: { storyslug: 'kiem-lai' } })).toMatchObject({ props: { story: { slug: 'kiem-lai' } } });
  });

  it('marks stories that are not approved for search engines', async () => {
    await db().update(stories).set({ indexable: false }).where(eq(stories.slug, 'pham-nhan'));
    expect((await loadStoryPage(db(), 'pham-nhan'))!.indexable).toBe(false);
    expect((await loadChapterPage(db(), 'pham-nhan', 1))!.indexable).toBe(false);
  });
});

describe('chapter page data', () => {
  it('accepts only chuong-N', () => {
    expect(parseChapterParam('chuong-12')).toBe(12);
    for (const bad of ['chuong-0', 'chuong-01', 'chuong-', 'chapter-1', 'chuong-1a', undefined, ['chuong-1']]) {
      expect(parseChapterParam(bad)).toBeUndefined();
    }
  });

  it('gives the chapter, its neighbours, the story and the text\'s opening; a VIP chapter without any text', async () => {
    const data = await loadChapterPage(db(), 'kiem-lai', 50);
    expect(data).toMatchObject({ chapter: { index: 50, title: 'Chương 50: Thử nghiệm', vip: false }, prev: 49, next: 51, story: { slug: 'kiem-lai', chapters: 120 } });
    expect(data!.opening).toEqual(['Đoạn một của chương 50.', 'Đoạn hai của chương 50.']);
    expect(await loadChapterPage(db(), 'kiem-lai', 1)).toMatchObject({ prev: null, next: 2 });
    const vip = await loadChapterPage(db(), 'kiem-lai', 120);
    expect(vip).toMatchObject({ prev: 119, next: null, chapter: { vip: true }, opening: [] });
    expect(JSON.stringify(vip)).not.toContain('Đoạn một');
  });

  it('keeps the opening to whole paragraphs of about 1,000 characters, and cuts one long paragraph at a word', () => {
    const paragraph = (n: number) => `${'chữ '.repeat(99)}đoạn${n}.`;
    const text = Array.from({ length: 10 }, (_, i) => paragraph(i + 1)).join('\n\n');
    const opening = chapterOpening(text);
    expect(opening).toEqual([paragraph(1), paragraph(2), paragraph(3)]);
    expect(opening.join('').length).toBeGreaterThanOrEqual(OPENING_CHARS);
    const long = chapterOpening('một '.repeat(1_000));
    expect(long).toHaveLength(1);
    expect(long[0].length).toBeLessThanOrEqual(OPENING_CHARS + 1);
    expect(long[0]).toMatch(/một…$/);
  });

  it('is 404 for a chapter out of range, a bad segment or a hidden story', async () => {
    for (const params of [
      { storyslug: 'kiem-lai', chapter: 'chuong-121' },
      { storyslug: 'kiem-lai', chapter: 'chuong-0' },
      { storyslug: 'kiem-lai', chapter: 'trang-2' },
      { storyslug: 'truyen-an', chapter: 'chuong-1' },
    ]) {
      expect(await chapterProps({ params })).toMatchObject({ notFound: true });
    }
    expect(await chapterProps({ params: { storyslug: 'kiem-lai', chapter: 'chuong-3' } })).toMatchObject({ props: { chapter: { index: 3 } } });
  });
});

describe('GET /api/book/chapters/{id}', () => {
  it('pages the chapter list oldest or newest first', async () => {
    const story = (await loadStoryPage(db(), 'kiem-lai'))!.story;
    const asc = await callApi<{ results: { index: number }[]; total: number; page: number }>(chapterListHandler, { params: { id: story._id, page: '2' } });
    expect(asc.status).toBe(200);
    expect(asc.body.results.map((c) => c.index)).toEqual(Array.from({ length: 20 }, (_, i) => 101 + i));
    const desc = await callApi<{ results: { index: number }[] }>(chapterListHandler, { params: { id: story._id, order: 'desc' } });
    expect(desc.body.results[0].index).toBe(120);
    expect(desc.body.results).toHaveLength(50);
  });

  it('answers 404 for a hidden story and 400 for a bad id', async () => {
    const [hidden] = await db().select({ id: stories.id }).from(stories).where(eq(stories.slug, 'truyen-an'));
    expect((await callApi(chapterListHandler, { params: { id: String(hidden.id) } })).status).toBe(404);
    expect((await callApi(chapterListHandler, { params: { id: 'abc' } })).status).toBe(400);
  });
});

describe('POST /api/user/web/lichsu', () => {
  it('refuses a reader without a token with 401', async () => {
    const { status } = await callApi(lichsuHandler, { method: 'POST', body: { chapter: 1, truyenId: '1', audio_time: 1 } });
    expect(status).toBe(401);
  });
});
