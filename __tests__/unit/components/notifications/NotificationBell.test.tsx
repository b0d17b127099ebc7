import { render, screen, waitFor } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { NotificationBell } from '@/components/notifications/NotificationBell';
import { AuthContext, type AuthContextValue } from '@/context/AuthContext';
import { setUnreadCount } from '@/lib/notifications/unread';

/** next/router's router, one object for the page's life as in Next.js; `replace` drops the query. */
const router = {
  query: {} as Record<string, string>,
  replace: jest.fn(() => {
    router.query = {};
    return Promise.resolve(true);
  }),
};
jest.mock('next/router', () => ({ useRouter: () => router }));
const replace = router.replace;

let markedRead: () => void = () => undefined;
const server = setupServer();

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  setUnreadCount(null);
  router.query = {};
});
afterAll(() => server.close());

const signedIn = {
  status: 'signedIn',
  user: { _id: 'u1', email: 'lan@example.com', username: 'lan', avatar: null, expireTime: 0, createdAt: 0, emailVerified: true },
  openSignIn: jest.fn(),
} as unknown as AuthContextValue;

describe('the bell opened from a clicked push', () => {
  it('keeps the count the mark-read answered, even when an older count read arrives after it', async () => {
    const read = new Promise<void>((resolve) => (markedRead = resolve));
    server.use(
      // the count read was answered from the database before the entry was marked read, and
      // reaches the page last
      http.get('http://localhost/api/user/notifications/unread', async () => {
        await read;
        await delay(50);
        return HttpResponse.json({ message: { unread: 1 } });
      }),
      http.post('http://localhost/api/user/notifications/read', async ({ request }) => {
        expect(await request.json()).toEqual({ id: '42' });
        markedRead();
        return HttpResponse.json({ message: { unread: 0 } });
      }),
    );
    router.query = { tb: '42' };
    render(
      <AuthContext.Provider value={signedIn}>
        <NotificationBell />
      </AuthContext.Provider>,
    );
    await read;
    await waitFor(() => expect(replace).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.getByTestId('notification-bell')).toHaveAccessibleName('Thông báo');
  });

  it('shows a later count once the mark-read is done', async () => {
    server.use(
      http.get('http://localhost/api/user/notifications/unread', () => HttpResponse.json({ message: { unread: 3 } })),
    );
    render(
      <AuthContext.Provider value={signedIn}>
        <NotificationBell />
      </AuthContext.Provider>,
    );
    await waitFor(() => expect(screen.getByTestId('notification-bell')).toHaveAccessibleName('Thông báo: 3 chưa đọc'));
  });
});
