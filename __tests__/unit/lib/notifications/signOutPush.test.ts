import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { STORAGE_KEYS } from '@/lib/constants';
import { releasePushSubscription } from '@/lib/notifications/pushClient';

const calls: string[] = [];

jest.mock('@/lib/auth/identity', () => ({
  signOutIdentity: jest.fn(async () => calls.push('identity signed out')),
  renewToken: jest.fn(),
  watchIdToken: jest.fn(),
}));
jest.mock('@/lib/auth/tokenSync', () => ({ syncTokenRemote: jest.fn() }));
jest.mock('@/lib/api/notifications', () => ({
  unsubscribePush: jest.fn(async (endpoint: string, token?: string | null) => {
    calls.push(`server told to forget ${endpoint} with token ${token}`);
    return { ok: true, data: null };
  }),
}));

const ENDPOINT = 'https://fcm.googleapis.com/fcm/send/abc';

function browser(subscribed: boolean) {
  const subscription = { endpoint: ENDPOINT, unsubscribe: jest.fn(async () => (calls.push('browser unsubscribed'), true)) };
  const registration = { pushManager: { getSubscription: jest.fn(async () => (subscribed ? subscription : null)) } };
  // `ready` never settles, as on a page whose worker is not registered yet.
  const container = { getRegistration: jest.fn(async () => registration), ready: new Promise(() => undefined) };
  return { subscription, container: container as unknown as ServiceWorkerContainer };
}

beforeEach(() => {
  calls.length = 0;
  localStorage.clear();
});

describe('releasePushSubscription', () => {
  it('tells the server to forget this browser’s endpoint and unsubscribes the browser', async () => {
    const { container, subscription } = browser(true);
    const forget = jest.fn(async () => undefined);
    await releasePushSubscription(forget, container);
    expect(forget).toHaveBeenCalledWith(ENDPOINT);
    expect(subscription.unsubscribe).toHaveBeenCalled();
  });

  it('does nothing without a subscription, a worker or push support', async () => {
    const forget = jest.fn(async () => undefined);
    await releasePushSubscription(forget, browser(false).container);
    const noWorker = { getRegistration: jest.fn(async () => undefined) } as unknown as ServiceWorkerContainer;
    await releasePushSubscription(forget, noWorker);
    await releasePushSubscription(forget, null);
    expect(forget).not.toHaveBeenCalled();
  });

  it('never fails sign-out, and waits for a server that does not answer no longer than its bound', async () => {
    const { container } = browser(true);
    await expect(releasePushSubscription(async () => Promise.reject(new Error('offline')), container)).resolves.toBeUndefined();
    const started = Date.now();
    await releasePushSubscription(() => new Promise(() => undefined), container, 50);
    expect(Date.now() - started).toBeLessThan(1_000);
  });
});

describe('signing out (endSession)', () => {
  const realEnv = process.env.NODE_ENV;
  afterEach(() => {
    (process.env as Record<string, string | undefined>).NODE_ENV = realEnv;
    Reflect.deleteProperty(navigator, 'serviceWorker');
  });

  it('lets this browser’s push subscription go, telling the server with the reader’s token, before the identity signs out', async () => {
    // A production build: the site's worker is registered.
    (process.env as Record<string, string | undefined>).NODE_ENV = 'production';
    Object.defineProperty(navigator, 'serviceWorker', { value: browser(true).container, configurable: true });
    localStorage.setItem(STORAGE_KEYS.tokenApi, 'token-of-the-reader');
    const { endSession } = await import('@/lib/auth/session');
    await endSession();
    expect(calls).toEqual([`server told to forget ${ENDPOINT} with token token-of-the-reader`, 'browser unsubscribed', 'identity signed out']);
    expect(localStorage.getItem(STORAGE_KEYS.tokenApi)).toBeNull();
  });
});

describe('unsubscribePush at sign-out', () => {
  const seen: { authorization: string | null; endpoint: string }[] = [];
  const server = setupServer(
    http.delete('http://localhost/api/user/push/subscription', async ({ request }) => {
      seen.push({ authorization: request.headers.get('authorization'), endpoint: ((await request.json()) as { endpoint: string }).endpoint });
      return HttpResponse.json({ message: { devices: [] } });
    }),
  );
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterAll(() => server.close());

  it('sends the token it is given once the stored one is gone', async () => {
    const { unsubscribePush } = jest.requireActual<typeof import('@/lib/api/notifications')>('@/lib/api/notifications');
    expect(localStorage.getItem(STORAGE_KEYS.tokenApi)).toBeNull();
    expect((await unsubscribePush(ENDPOINT, 'token-of-the-reader')).ok).toBe(true);
    expect(seen).toEqual([{ authorization: 'Bearer token-of-the-reader', endpoint: ENDPOINT }]);
  });
});
