import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { fetchChapterText } from '@/lib/api/chapters';
import { getBookBySlug, getSetting } from '@/lib/api/catalogue';
import { api } from '@/lib/api/client';
import { loudly } from '@/lib/api/policy';

const seenAuth: (string | null)[] = [];
const server = setupServer(
  http.get('http://localhost/api/auth/setting', ({ request }) => {
    seenAuth.push(request.headers.get('authorization'));
    return HttpResponse.json({ result: { cats: [{ _id: '1', name: 'Tiên Hiệp', slug: 'tien-hiep', hot: true }], filters: [] } });
  }),
  http.get('http://localhost/api/book/slug/:slug', ({ params }) =>
    params.slug === 'kiem-lai'
      ? HttpResponse.json({ results: [{ _id: '7', slug: 'kiem-lai', title: 'Kiếm Lai', author: 'Phong Hỏa', chapters: 3 }] })
      : HttpResponse.json({ message: 'Không tìm thấy truyện.', results: [] }, { status: 404 }),
  ),
  http.post('http://localhost/api/book/text', async ({ request }) => {
    const { sign } = (await request.json()) as { sign: string };
    return sign === 'good'
      ? HttpResponse.json({ message: 'Đoạn một.\nĐoạn hai.', title: 'Chương 1', index: 1 })
      : HttpResponse.json({ message: 'Yêu cầu đọc chương không hợp lệ.' }, { status: 400 });
  }),
  http.post('http://localhost/api/comments/create', () => HttpResponse.json({ message: 'Bạn thao tác quá nhanh.' }, { status: 429 })),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  localStorage.clear();
  seenAuth.length = 0;
  jest.restoreAllMocks();
});
afterAll(() => server.close());

describe('the API client', () => {
  it('sends the stored token as a bearer', async () => {
    localStorage.setItem('tokenApi', 'abc.def');
    await getSetting();
    expect(seenAuth).toEqual(['Bearer abc.def']);
  });

  it("sends no token when none is stored or it is the string 'undefined'", async () => {
    await getSetting();
    localStorage.setItem('tokenApi', 'undefined');
    await getSetting();
    expect(seenAuth).toEqual([null, null]);
  });

  it('reads results[0] of the book-by-slug call', async () => {
    expect(await getBookBySlug('kiem-lai')).toMatchObject({ _id: '7', title: 'Kiếm Lai' });
  });

  it('logs a failed call and returns nothing', async () => {
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(await getBookBySlug('khong-co')).toBeUndefined();
    expect(log).toHaveBeenCalledWith('getBookBySlug:', 'Không tìm thấy truyện.');
  });

  it('returns the chapter text, and on a non-OK status logs "Network response was not ok"', async () => {
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(await fetchChapterText('good')).toEqual({ message: 'Đoạn một.\nĐoạn hai.', title: 'Chương 1', index: 1 });
    expect(await fetchChapterText('forged')).toBeUndefined();
    expect(log).toHaveBeenCalledWith('fetchChapterText:', 'Network response was not ok');
  });

  it('rethrows write failures after logging them', async () => {
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    await expect(loudly('createComment', () => api.post('/comments/create', { content: 'x' }))).rejects.toMatchObject({
      response: { status: 429 },
    });
    expect(log).toHaveBeenCalledWith('createComment:', 'Bạn thao tác quá nhanh.');
  });
});
