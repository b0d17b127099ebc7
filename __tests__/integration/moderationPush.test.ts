import { eq } from 'drizzle-orm';
import webpush from 'web-push';
import settingsHandler from '@/pages/api/user/notifications/settings';
import storyPushHandler from '@/pages/api/user/push/story';
import subscriptionHandler from '@/pages/api/user/push/subscription';
import bookmarkHandler from '@/pages/api/user/web/bookmark';
import type { NotificationSettings } from '@/lib/api/notifications';
import { db } from '@/server/db/client';
import { notifications, pushDeliveries, pushSubscriptions, rateLimits, stories } from '@/server/db/schema';
import { resetEnvForTests } from '@/server/env';
import { recordNewChapters } from '@/server/services/notifications/centre';
import { deliverDuePushes } from '@/server/services/notifications/delivery';
import { callApi } from '../helpers/api';
import { createTestUser, type TestIdentity } from '../helpers/auth';
import { insertStory, resetDatabase } from '../helpers/db';
import { browserSubscription, startPushService, type BrowserSubscription, type PushServiceStandIn } from '../helpers/pushService';

/** Nothing is told about a hidden story, and a browser's push endpoint stays with its reader. */

type Failure = { message: string };

const keys = webpush.generateVAPIDKeys();
let push: PushServiceStandIn;
let alice: TestIdentity;
let bao: TestIdentity;
let aliceDevice: BrowserSubscription;
let storyId: number;

const api = <T>(handler: Parameters<typeof callApi>[0], reader: TestIdentity, call: Parameters<typeof callApi>[1] = {}) =>
  callApi<T>(handler, { ...call, token: reader.token });
const subscribe = (reader: TestIdentity, device: BrowserSubscription) =>
  api<{ message: NotificationSettings } & Failure>(subscriptionHandler, reader, { method: 'POST', body: { subscription: { endpoint: device.endpoint, keys: device.keys } } });
const setHidden = (hidden: boolean) => db().update(stories).set({ hidden }).where(eq(stories.id, storyId));
const deliveriesOf = (reader: TestIdentity) => db().select().from(pushDeliveries).where(eq(pushDeliveries.userId, reader.uid));
const entriesOf = (reader: TestIdentity) => db().select().from(notifications).where(eq(notifications.userId, reader.uid));
const ownerOf = async (endpoint: string) => (await db().select({ userId: pushSubscriptions.userId }).from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint)))[0]?.userId;

beforeAll(async () => {
  process.env.VAPID_PUBLIC_KEY = keys.publicKey;
  process.env.VAPID_PRIVATE_KEY = keys.privateKey;
  process.env.VAPID_SUBJECT = 'mailto:operator@example.com';
  process.env.PUSH_ALLOW_LOOPBACK = '1';
  resetEnvForTests();
  push = await startPushService();
  await resetDatabase();
  [alice, bao] = await Promise.all([createTestUser('hidden-push-a'), createTestUser('hidden-push-b')]);
  storyId = (await insertStory({ title: 'Truyện Sắp Bị Gỡ', slug: 'truyen-sap-bi-go', chapters: 3 })).id;
  aliceDevice = browserSubscription(`${push.origin}/push/alice`);
  expect((await api(bookmarkHandler, alice, { method: 'POST', body: { _id: String(storyId), save: true } })).status).toBe(200);
  expect((await subscribe(alice, aliceDevice)).status).toBe(200);
  expect((await api(storyPushHandler, alice, { method: 'PUT', body: { storyId: String(storyId), push: true } })).status).toBe(200);
  // No quiet hours, so the run does not depend on the time of day.
  expect((await api(settingsHandler, alice, { method: 'PUT', body: { quietStart: 0, quietEnd: 0 } })).status).toBe(200);
});

afterAll(async () => {
  await push.close();
  for (const name of ['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY', 'VAPID_SUBJECT', 'PUSH_ALLOW_LOOPBACK']) delete process.env[name];
  resetEnvForTests();
});

beforeEach(async () => {
  await db().delete(rateLimits);
});

describe('new chapters of a hidden story', () => {
  it('write no entry and queue no push', async () => {
    await setHidden(true);
    expect(await recordNewChapters(db(), storyId, [{ index: 4, title: 'Chương 4: Sau khi bị gỡ' }])).toBe(0);
    expect(await entriesOf(alice)).toEqual([]);
    expect(await deliveriesOf(alice)).toEqual([]);
    await setHidden(false);
  });

  it('drop a push queued before the story was hidden instead of sending it, even once it is back', async () => {
    expect(await recordNewChapters(db(), storyId, [{ index: 4, title: 'Chương 4: Trước khi bị gỡ' }])).toBe(1);
    const [queued] = await deliveriesOf(alice);
    expect(queued).toMatchObject({ status: 'pending', storyId });

    await setHidden(true);
    const report = await deliverDuePushes(db());
    expect(report).toMatchObject({ sent: 0, dropped: 1 });
    expect(push.received).toEqual([]);
    const [dropped] = await deliveriesOf(alice);
    expect(dropped).toMatchObject({ id: queued.id, status: 'failed', sentAt: null, lastError: 'story hidden' });

    await setHidden(false);
    expect(await deliverDuePushes(db())).toMatchObject({ sent: 0 });
    expect(push.received).toEqual([]);
  });
});

describe('a push endpoint', () => {
  it('belongs to the reader who registered it: another reader gets 409 and the row stays', async () => {
    const taken = await subscribe(bao, aliceDevice);
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe('Trình duyệt này đang nhận thông báo cho một tài khoản khác. Hãy đăng xuất tài khoản đó trên trình duyệt này rồi bật lại.');
    expect(await ownerOf(aliceDevice.endpoint)).toBe(alice.uid);
    const { body } = await api<{ message: NotificationSettings }>(settingsHandler, bao);
    expect(body.message.devices).toEqual([]);

    // Its own reader registers it again (new keys) as before.
    expect((await subscribe(alice, aliceDevice)).status).toBe(200);
    expect(await ownerOf(aliceDevice.endpoint)).toBe(alice.uid);
  });

  it('is free for another reader once its reader let it go (as signing out does)', async () => {
    expect((await api(subscriptionHandler, alice, { method: 'DELETE', body: { endpoint: aliceDevice.endpoint } })).status).toBe(200);
    expect((await subscribe(bao, aliceDevice)).status).toBe(200);
    expect(await ownerOf(aliceDevice.endpoint)).toBe(bao.uid);
  });
});
