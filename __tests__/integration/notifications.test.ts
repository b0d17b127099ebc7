import { eq } from 'drizzle-orm';
import webpush from 'web-push';
import listHandler from '@/pages/api/user/notifications';
import readHandler from '@/pages/api/user/notifications/read';
import settingsHandler from '@/pages/api/user/notifications/settings';
import unreadHandler from '@/pages/api/user/notifications/unread';
import storyPushHandler from '@/pages/api/user/push/story';
import subscriptionHandler from '@/pages/api/user/push/subscription';
import testHandler from '@/pages/api/user/push/test';
import bookmarkHandler from '@/pages/api/user/web/bookmark';
import type { NotificationPage, NotificationSettings } from '@/lib/api/notifications';
import { db } from '@/server/db/client';
import { notifications, pushDeliveries } from '@/server/db/schema';
import { resetEnvForTests } from '@/server/env';
import { deliverDuePushes } from '@/server/services/notifications/delivery';
import { pruneNotificationData } from '@/server/services/notifications/prune';
import { importStory } from '@/server/services/storyAdmin';
import type { ImportedStoryInput } from '@/server/import/schema';
import { callApi } from '../helpers/api';
import { createTestUser, type TestIdentity } from '../helpers/auth';
import { resetDatabase } from '../helpers/db';
import { browserSubscription, startPushService, type BrowserSubscription, type PushServiceStandIn } from '../helpers/pushService';

const keys = webpush.generateVAPIDKeys();
let push: PushServiceStandIn;
let alice: TestIdentity;
let bao: TestIdentity;
let aliceDevice: BrowserSubscription;
let storyId: string;

function story(chapterCount: number): ImportedStoryInput {
  return {
    title: 'Kiếm Đạo Độc Tôn',
    author: 'Lão Mặc',
    description: 'Một thiếu niên rời làng.',
    status: 'ongoing',
    genres: [],
    chapters: Array.from({ length: chapterCount }, (_, i) => ({ title: `Chương ${i + 1}: Hồi ${i + 1}`, content: `Nội dung chương ${i + 1}.` })),
  };
}

const api = <T>(handler: Parameters<typeof callApi>[0], reader: TestIdentity | null, call: Parameters<typeof callApi>[1] = {}) =>
  callApi<T>(handler, { ...call, token: reader?.token });

async function subscribe(reader: TestIdentity, device: BrowserSubscription) {
  return api<{ message: NotificationSettings }>(subscriptionHandler, reader, { method: 'POST', body: { subscription: { endpoint: device.endpoint, keys: device.keys }, label: 'Thử' } });
}

async function followWithPush(reader: TestIdentity, device: BrowserSubscription) {
  expect((await api(bookmarkHandler, reader, { method: 'POST', body: { _id: storyId, save: true } })).status).toBe(200);
  expect((await subscribe(reader, device)).status).toBe(200);
  expect((await api(storyPushHandler, reader, { method: 'PUT', body: { storyId, push: true } })).status).toBe(200);
  // No quiet hours, so the run does not depend on the time of day (quiet hours: unit tests).
  expect((await api(settingsHandler, reader, { method: 'PUT', body: { quietStart: 0, quietEnd: 0 } })).status).toBe(200);
}

const received = (path: string) => push.received.filter((request) => request.path === path);

beforeAll(async () => {
  process.env.VAPID_PUBLIC_KEY = keys.publicKey;
  process.env.VAPID_PRIVATE_KEY = keys.privateKey;
  process.env.VAPID_SUBJECT = 'mailto:operator@example.com';
  process.env.PUSH_ALLOW_LOOPBACK = '1';
  resetEnvForTests();
  push = await startPushService();
  await resetDatabase();
  [alice, bao] = await Promise.all([createTestUser('notify-a'), createTestUser('notify-b')]);
  await importStory(db(), story(2));
  const [row] = await db().execute<{ id: number }>(`select id from stories where slug = 'kiem-dao-doc-ton'`).then((result) => result.rows);
  storyId = String(row.id);
  aliceDevice = browserSubscription(`${push.origin}/push/alice`);
});

afterAll(async () => {
  await push.close();
  for (const name of ['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY', 'VAPID_SUBJECT', 'PUSH_ALLOW_LOOPBACK']) delete process.env[name];
  resetEnvForTests();
});

describe('the reader’s push settings', () => {
  it('need a signed-in reader', async () => {
    expect((await api(unreadHandler, null)).status).toBe(401);
    expect((await api(subscriptionHandler, null, { method: 'POST', body: {} })).status).toBe(401);
  });

  it('refuse an endpoint that is not a push service', async () => {
    const device = browserSubscription('https://evil.example/collect');
    const { status, body } = await subscribe(alice, device);
    expect(status).toBe(400);
    expect(body.message).toBe('Địa chỉ nhận thông báo không hợp lệ.');
  });

  it('store a device, turn push on and give the public key', async () => {
    await followWithPush(alice, aliceDevice);
    const { body } = await api<{ message: NotificationSettings }>(settingsHandler, alice);
    expect(body.message).toMatchObject({ pushEnabled: true, quietStart: 0, quietEnd: 0, publicKey: keys.publicKey });
    expect(body.message.devices.map((device) => device.endpoint)).toEqual([aliceDevice.endpoint]);
  });
});

describe('new chapters from an import', () => {
  it('give each reader of the story one entry, and push the one who opted in', async () => {
    const baoDevice = browserSubscription(`${push.origin}/push/bao-gone`);
    push.answer('/push/bao-gone', 410);
    await followWithPush(bao, baoDevice);

    await importStory(db(), story(4));

    for (const reader of [alice, bao]) {
      const { body } = await api<{ message: { unread: number } }>(unreadHandler, reader);
      expect(body.message.unread).toBe(1);
    }
    const { body: page } = await api<NotificationPage>(listHandler, alice);
    expect(page.results).toHaveLength(1);
    expect(page.results[0]).toMatchObject({
      title: 'Truyện Kiếm Đạo Độc Tôn có chương mới',
      body: 'Chương 3 – Hồi 3 (và 1 chương nữa)',
      url: '/kiem-dao-doc-ton/chuong-3',
      read: false,
    });

    const report = await deliverDuePushes(db());
    expect(report).toMatchObject({ sent: 1, removed: 1 });
    const [message] = received('/push/alice');
    expect(message.headers['content-encoding']).toBe('aes128gcm');
    expect(message.headers.authorization).toMatch(/^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=/);
    expect(JSON.parse(aliceDevice.decrypt(message.body))).toEqual({
      title: 'Truyện Kiếm Đạo Độc Tôn có chương mới',
      body: 'Chương 3 – Hồi 3 (và 1 chương nữa)',
      url: '/kiem-dao-doc-ton/chuong-3',
      tag: `story-${storyId}`,
      notificationId: page.results[0]._id,
    });
  });

  it('remove a subscription the push service answers 410 for', async () => {
    expect(received('/push/bao-gone')).toHaveLength(1);
    const { body } = await api<{ message: NotificationSettings }>(settingsHandler, bao);
    expect(body.message.devices).toEqual([]);
  });

  it('push a reader at most once per story per hour; the centre still gets the entry', async () => {
    await importStory(db(), story(5));
    const { body } = await api<{ message: { unread: number } }>(unreadHandler, alice);
    expect(body.message.unread).toBe(2);
    expect(await deliverDuePushes(db())).toMatchObject({ sent: 0 });
    expect(received('/push/alice')).toHaveLength(1);
  });
});

describe('a push service that fails for a while', () => {
  it('keeps the delivery queued and tries again later', async () => {
    const device = browserSubscription(`${push.origin}/push/busy`);
    push.answer('/push/busy', 503);
    const carol = await createTestUser('notify-c');
    await followWithPush(carol, device);
    await importStory(db(), story(6));
    const now = Date.now();
    expect(await deliverDuePushes(db(), { now })).toMatchObject({ retried: 1 });
    const [row] = await db().select().from(pushDeliveries).where(eq(pushDeliveries.userId, carol.uid));
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lastError: 'HTTP 503' });
    expect(row.nextAttemptAt.getTime()).toBe(now + 60_000);

    push.answer('/push/busy', 201);
    expect(await deliverDuePushes(db(), { now: now + 30_000 })).toMatchObject({ sent: 0, retried: 0 });
    expect(await deliverDuePushes(db(), { now: now + 60_000 })).toMatchObject({ sent: 1 });
  });
});

describe('reading entries', () => {
  it('marks an entry read when opened, only the reader’s own', async () => {
    const { body: page } = await api<NotificationPage>(listHandler, alice);
    const id = page.results[0]._id;
    expect((await api(readHandler, bao, { method: 'POST', body: { id } })).status).toBe(404);
    const { body } = await api<{ message: { unread: number } }>(readHandler, alice, { method: 'POST', body: { id } });
    expect(body.message.unread).toBe(page.unread - 1);
    const { body: all } = await api<{ message: { unread: number } }>(readHandler, alice, { method: 'POST', body: { all: true } });
    expect(all.message.unread).toBe(0);
  });

  it('keeps entries 30 days', async () => {
    const before = (await db().select().from(notifications)).length;
    await db().update(notifications).set({ createdAt: new Date(Date.now() - 31 * 86_400_000) }).where(eq(notifications.userId, bao.uid));
    const removed = await pruneNotificationData(db());
    expect(removed.notifications).toBeGreaterThan(0);
    expect((await db().select().from(notifications)).length).toBe(before - removed.notifications);
  });
});

describe('the test notification', () => {
  it('reaches each of the reader’s devices at once', async () => {
    const { status, body } = await api<{ message: { sent: number; failed: number } }>(testHandler, alice, { method: 'POST' });
    expect(status).toBe(200);
    expect(body.message).toEqual({ sent: 1, failed: 0 });
    const last = received('/push/alice').at(-1)!;
    expect(JSON.parse(aliceDevice.decrypt(last.body)).body).toMatch(/^Thông báo thử/);
  });

  it('is refused for a reader without a device, and limited per reader', async () => {
    expect((await api(testHandler, bao, { method: 'POST' })).status).toBe(409);
    await api(testHandler, alice, { method: 'POST' });
    await api(testHandler, alice, { method: 'POST' });
    const { status, headers } = await api(testHandler, alice, { method: 'POST' });
    expect(status).toBe(429);
    expect(Number(headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('stops after the reader unsubscribes', async () => {
    const { body } = await api<{ message: NotificationSettings }>(subscriptionHandler, alice, { method: 'DELETE', body: { endpoint: aliceDevice.endpoint } });
    expect(body.message.devices).toEqual([]);
  });
});
