import { act, renderHook } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { useComments } from '@/hooks/useComments';
import { useReviews } from '@/hooks/useReviews';

/**
 * A muted reader's write is refused with a 403 and a reason: the comment and review hooks give the
 * reason to the form (which shows it) instead of a toast; other failures still go to the toast.
 */

const MUTED = 'Tài khoản của bạn bị tạm khóa viết bình luận đến 30/11/2026 08:00. Lý do: Spam liên tục';
const author = { _id: 'u1', username: 'lan', avatar: null };
let status = 403;
const server = setupServer(
  http.post('http://localhost/api/comments/create', () => HttpResponse.json({ message: status === 403 ? MUTED : 'Lỗi máy chủ.' }, { status })),
  http.post('http://localhost/api/reviews/create-update', () => HttpResponse.json({ message: status === 403 ? MUTED : 'Lỗi máy chủ.' }, { status })),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => {
  server.resetHandlers();
  status = 403;
  jest.restoreAllMocks();
});
afterAll(() => server.close());

describe('a refused write', () => {
  it("gives a comment form the server's reason, without a toast, and takes the draft away", async () => {
    const onError = jest.fn();
    const { result } = renderHook(() => useComments({ truyenId: '7', enabled: false, viewerId: 'u1', onError }));
    let outcome: boolean | string = true;
    await act(async () => {
      outcome = await result.current.post('Xin chào', author);
    });
    expect(outcome).toBe(MUTED);
    expect(onError).not.toHaveBeenCalled();
    expect(result.current.items).toEqual([]);
    expect(result.current.total).toBe(0);
  });

  it('gives a review form the reason too', async () => {
    const onError = jest.fn();
    const { result } = renderHook(() => useReviews({ truyenId: '7', enabled: false, viewerId: 'u1', onError }));
    let outcome: boolean | string = true;
    await act(async () => {
      outcome = await result.current.save(4, 'Hay', author);
    });
    expect(outcome).toBe(MUTED);
    expect(onError).not.toHaveBeenCalled();
    expect(result.current.mine).toBeNull();
  });

  it('still tells other failures through the toast', async () => {
    status = 500;
    const onError = jest.fn();
    const { result } = renderHook(() => useComments({ truyenId: '7', enabled: false, viewerId: 'u1', onError }));
    let outcome: boolean | string = true;
    await act(async () => {
      outcome = await result.current.post('Xin chào', author);
    });
    expect(outcome).toBe(false);
    expect(onError).toHaveBeenCalledWith('Không gửi được bình luận: Lỗi máy chủ.');
  });
});
