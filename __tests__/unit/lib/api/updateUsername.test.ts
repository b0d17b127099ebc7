import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { updateUsername } from '@/lib/api/user';

const MUTED = 'Tài khoản của bạn bị tạm khóa viết bình luận đến 30/11/2026 08:00. Lý do: Đổi tên xúc phạm';
let answer: () => Response;
const server = setupServer(http.put('http://localhost/api/user/me', () => answer()));

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());

describe('updateUsername', () => {
  it('answers the new profile', async () => {
    answer = () => HttpResponse.json({ _id: 'u1', username: 'Tên Mới' });
    expect(await updateUsername('Tên Mới')).toEqual({ ok: true, profile: { _id: 'u1', username: 'Tên Mới' } });
  });

  it('answers the server’s reason when it refuses (a muted reader), and none for other failures', async () => {
    answer = () => HttpResponse.json({ message: MUTED }, { status: 403 });
    expect(await updateUsername('Tên Xúc Phạm')).toEqual({ ok: false, message: MUTED });
    answer = () => HttpResponse.json({ message: 'Máy chủ gặp sự cố, vui lòng thử lại sau.' }, { status: 500 });
    expect(await updateUsername('Tên Khác')).toEqual({ ok: false, message: null });
  });
});
