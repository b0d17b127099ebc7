import relatesHandler from '@/pages/api/book/relates/[id]';
import searchHandler from '@/pages/api/book/search';
import slugHandler from '@/pages/api/book/slug/[slug]';
import topPageHandler from '@/pages/api/book/top/[type]/[page]';
import topHandler from '@/pages/api/book/top/[type]';
import type { Paged, Story, StoryCard } from '@/lib/types';
import { db } from '@/server/db/client';
import { chapters, stories } from '@/server/db/schema';
import { and, eq } from 'drizzle-orm';
import { callApi } from '../helpers/api';
import { insertGenre, insertStory, resetDatabase } from '../helpers/db';

type Ids = Record<string, number>;
const ids: Ids = {};
const genreIds: Ids = {};

async function search(body: unknown) {
  return callApi<Paged<StoryCard> & { message?: string }>(searchHandler, { method: 'POST', body });
}
const titles = (cards: StoryCard[]) => cards.map((card) => card.title);

beforeAll(async () => {
  await resetDatabase();
  genreIds.tienHiep = (await insertGenre('Tiên Hiệp', 1)).id;
  genreIds.doThi = (await insertGenre('Đô Thị', 2)).id;
  genreIds.ngonTinh = (await insertGenre('Ngôn Tình', 3)).id;
  genreIds.khac = (await insertGenre('Khác', 4, false)).id;
  const fixtures = [
    { key: 'tienNghich', title: 'Tiên Nghịch Chi Lộ', author: 'Nhĩ Căn', chapters: 1200, genreIds: [genreIds.tienHiep], status: 'completed' as const, viewsTotal: 900 },
    { key: 'doThiTienHiep', title: 'Đô Thị Tiên Hiệp Truyền Kỳ', author: 'Mặc Mặc', chapters: 300, genreIds: [genreIds.doThi, genreIds.tienHiep], viewsTotal: 500 },
    { key: 'chiTon', title: 'Đô Thị Chí Tôn', author: 'Nhĩ Căn', chapters: 40, genreIds: [genreIds.doThi], viewsTotal: 100 },
    { key: 'tinhYeu', title: 'Tình Yêu Mùa Hạ', author: 'Tiên Hiệp Khách', chapters: 60, genreIds: [genreIds.ngonTinh], viewsTotal: 50 },
    { key: 'moTa', title: 'Hành Trình Phương Bắc', author: 'Vô Danh', chapters: 5, genreIds: [genreIds.khac], description: 'Một chuyến đi tìm linh khí thất truyền.' },
    { key: 'an', title: 'Truyện Bị Ẩn Tiên Hiệp', author: 'Ẩn Danh', chapters: 2, hidden: true },
  ];
  for (const { key, ...fixture } of fixtures) ids[key] = (await insertStory(fixture)).id;
});

describe('POST /api/book/search', () => {
  it('is accent- and case-insensitive, ranking the title above the author', async () => {
    const { status, body } = await search({ keyword: 'tien hiep' });
    expect(status).toBe(200);
    expect(titles(body.results)[0]).toBe('Đô Thị Tiên Hiệp Truyền Kỳ');
    // The author "Tiên Hiệp Khách" comes after the title match; the genre Tiên Hiệp also counts.
    expect(titles(body.results)).toEqual(expect.arrayContaining(['Tình Yêu Mùa Hạ', 'Tiên Nghịch Chi Lộ']));
    expect(titles(body.results).indexOf('Tình Yêu Mùa Hạ')).toBeGreaterThan(0);
    expect(titles(body.results)).not.toContain('Truyện Bị Ẩn Tiên Hiệp');
    expect(body).toMatchObject({ total: body.results.length, page: 0, perpage: 20 });
  });

  it('finds "Đô Thị" from "DO THI" and answers StoryCards', async () => {
    const { body } = await search({ keyword: 'DO THI' });
    expect(titles(body.results).slice(0, 2).sort()).toEqual(['Đô Thị Chí Tôn', 'Đô Thị Tiên Hiệp Truyền Kỳ']);
    const card = body.results[0];
    expect(Object.keys(card).sort()).toEqual(['_id', 'author', 'chapters', 'cover', 'genres', 'slug', 'status', 'title', 'updatedAt']);
    expect(typeof card._id).toBe('string');
  });

  it('tolerates a typo', async () => {
    const { body } = await search({ keyword: 'tien nghic chi lo' });
    expect(titles(body.results)[0]).toBe('Tiên Nghịch Chi Lộ');
  });

  it('falls back to descriptions', async () => {
    const { body } = await search({ keyword: 'linh khi' });
    expect(titles(body.results)).toEqual(['Hành Trình Phương Bắc']);
    const none = await search({ keyword: 'zzzz qqqq' });
    expect(none.body).toMatchObject({ results: [], total: 0 });
  });

  it('filters by genres (JSON text or array), chapters, status and author', async () => {
    const both = await search({ cats: JSON.stringify(['Tiên Hiệp', 'Đô Thị']) });
    expect(titles(both.body.results)).toEqual(['Đô Thị Tiên Hiệp Truyền Kỳ']);
    const one = await search({ cats: ['Đô Thị'], sort: 'view_total' });
    expect(titles(one.body.results)).toEqual(['Đô Thị Tiên Hiệp Truyền Kỳ', 'Đô Thị Chí Tôn']);
    const unknown = await search({ cats: ['Không Có'] });
    expect(unknown.body.total).toBe(0);
    const long = await search({ chapters: 'tren-1000' });
    expect(titles(long.body.results)).toEqual(['Tiên Nghịch Chi Lộ']);
    const done = await search({ status: 'completed' });
    expect(titles(done.body.results)).toEqual(['Tiên Nghịch Chi Lộ']);
    const byAuthor = await search({ author: 'nhĩ căn', sort: 'view_total' });
    expect(titles(byAuthor.body.results)).toEqual(['Tiên Nghịch Chi Lộ', 'Đô Thị Chí Tôn']);
  });

  it('pages with total', async () => {
    const first = await search({ perpage: 2, page: 0, sort: 'view_total' });
    const second = await search({ perpage: '2', page: '1', sort: 'view_total' });
    expect(first.body.total).toBe(5);
    expect(titles(first.body.results)).toEqual(['Tiên Nghịch Chi Lộ', 'Đô Thị Tiên Hiệp Truyền Kỳ']);
    expect(titles(second.body.results)).toEqual(['Đô Thị Chí Tôn', 'Tình Yêu Mùa Hạ']);
    const beyond = await search({ keyword: 'do thi', page: 3 });
    expect(beyond.body).toMatchObject({ results: [], total: 2, page: 3 });
  });

  it.each([
    [{ cats: '["Tiên Hiệp"' }, /thể loại/],
    [{ cats: '{"a":1}' }, /thể loại/],
    [{ sort: 'hottest' }, /xếp hạng/],
    [{ chapters: '9999' }, /số chương/],
    [{ page: -1 }, /Số trang/],
    [{ page: 'abc' }, /Số trang/],
    [{ page: 999_999 }, /Số trang/],
    [{ perpage: 1.5 }, /mỗi trang/],
    [{ perpage: 0 }, /mỗi trang/],
    [{ status: 'paused' }, /Trạng thái/],
    [{ keyword: 'a' }, /quá ngắn/],
  ])('refuses %j with 400 and a Vietnamese message', async (body, message) => {
    const { status, body: answer } = await search(body);
    expect(status).toBe(400);
    expect(answer.message).toMatch(message);
  });

  it('refuses a body that is not JSON', async () => {
    const { status, body } = await callApi<{ message: string }>(searchHandler, { method: 'POST', rawBody: '{oops' });
    expect(status).toBe(400);
    expect(body.message).toMatch(/JSON/);
  });
});

describe('GET /api/book/top/{type}/{page}', () => {
  it('answers a ranking page, and page "0" by default', async () => {
    const { status, body } = await callApi<Paged<StoryCard>>(topPageHandler, { params: { type: 'view_total', page: '0' } });
    expect(status).toBe(200);
    expect(titles(body.results)[0]).toBe('Tiên Nghịch Chi Lộ');
    expect(body.total).toBe(5);
    const byDefault = await callApi<Paged<StoryCard>>(topHandler, { params: { type: 'view_total' } });
    expect(byDefault.body).toEqual(body);
    const second = await callApi<Paged<StoryCard>>(topPageHandler, { params: { type: 'view_total', page: '1' }, headers: {} });
    expect(second.body.page).toBe(1);
  });

  it('answers every ranking key', async () => {
    for (const type of ['hot', 'view_day', 'view_week', 'view_month', 'view_total', 'rating', 'bookmark', 'new', 'completed', 'newest']) {
      const { status, body } = await callApi<Paged<StoryCard>>(topPageHandler, { params: { type, page: '0' } });
      expect(status).toBe(200);
      expect(body.results.length).toBe(type === 'completed' ? 1 : 5);
    }
  });

  it('refuses an unknown type or a bad page with 400', async () => {
    const bad = await callApi<{ message: string }>(topPageHandler, { params: { type: 'best', page: '0' } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/xếp hạng/);
    const page = await callApi<{ message: string }>(topPageHandler, { params: { type: 'hot', page: '-2' } });
    expect(page.status).toBe(400);
    expect(page.body.message).toMatch(/Số trang/);
  });
});

describe('GET /api/book/relates/{id}', () => {
  it('answers stories sharing the author or genres, same author first', async () => {
    const { status, body } = await callApi<{ message: StoryCard[] }>(relatesHandler, { params: { id: String(ids.chiTon) } });
    expect(status).toBe(200);
    expect(titles(body.message)).toEqual(['Tiên Nghịch Chi Lộ', 'Đô Thị Tiên Hiệp Truyền Kỳ']);
  });

  it('answers 404 for an unknown or hidden story and 400 for a bad id', async () => {
    expect((await callApi(relatesHandler, { params: { id: '999999' } })).status).toBe(404);
    expect((await callApi(relatesHandler, { params: { id: String(ids.an) } })).status).toBe(404);
    const bad = await callApi<{ message: string }>(relatesHandler, { params: { id: 'abc' } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/Mã truyện/);
  });
});

describe('GET /api/book/slug/{slug}', () => {
  it('answers the story with its genres and newest chapter', async () => {
    const [row] = await db().select().from(stories).where(eq(stories.id, ids.doThiTienHiep));
    const { status, body } = await callApi<{ results: Story[] }>(slugHandler, { params: { slug: row.slug } });
    expect(status).toBe(200);
    expect(body.results).toHaveLength(1);
    const story = body.results[0];
    expect(story).toMatchObject({ _id: String(row.id), slug: row.slug, title: row.title, author: 'Mặc Mặc', chapters: 300, status: 'ongoing' });
    expect(story.genres.map((genre) => genre.name)).toEqual(['Tiên Hiệp', 'Đô Thị']);
    const [newest] = await db().select().from(chapters).where(and(eq(chapters.storyId, row.id), eq(chapters.index, 300)));
    expect(story.latestChapter).toEqual({ index: 300, title: newest.title, time: newest.createdAt.getTime() });
    expect(story.genres.every((genre) => /^\d+$/.test(genre._id))).toBe(true);
    expect(story).toMatchObject({ views: row.viewsTotal, bookmarks: row.bookmarkCount, description: row.description, updatedAt: row.updatedAt.getTime() });
  });

  it('answers 404 {message, results: []} for an unknown or hidden slug', async () => {
    for (const slug of ['khong-co-truyen-nay', 'truyen-bi-an-tien-hiep']) {
      const { status, body } = await callApi<{ message: string; results: unknown[] }>(slugHandler, { params: { slug } });
      expect(status).toBe(404);
      expect(body.results).toEqual([]);
      expect(body.message).toMatch(/Không tìm thấy/);
    }
  });

  it('refuses a malformed slug with 400', async () => {
    const { status } = await callApi(slugHandler, { params: { slug: 'Có Dấu!' } });
    expect(status).toBe(400);
  });
});
