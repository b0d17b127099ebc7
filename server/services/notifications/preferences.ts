import { and, asc, count, eq } from 'drizzle-orm';
import type { NotificationSettings, StoryPush } from '@/lib/api/notifications';
import type { Database } from '@/server/db/client';
import { notificationSettings, pushStoryOptIns, pushSubscriptions, stories } from '@/server/db/schema';
import { badRequest, HttpError, notFound } from '@/server/http/errors';
import { isAllowedEndpoint } from './endpoint';
import type { TNotificationSettingsInput, TSubscribeInput } from './inputs';
import { pushConfig } from './pushConfig';
import { DEFAULT_QUIET_END, DEFAULT_QUIET_START } from './rules';

/** Devices (browsers) one reader may have subscribed at once. */
export const MAX_PUSH_DEVICES = 10;

const ENDPOINT_TAKEN = 'Trình duyệt này đang nhận thông báo cho một tài khoản khác. Hãy đăng xuất tài khoản đó trên trình duyệt này rồi bật lại.';

/** A reader's settings, their devices and the server's public key. */
export async function notificationSettingsOf(database: Database, userId: string): Promise<NotificationSettings> {
  const [[row], devices] = await Promise.all([
    database.select().from(notificationSettings).where(eq(notificationSettings.userId, userId)).limit(1),
    database
      .select({ endpoint: pushSubscriptions.endpoint, label: pushSubscriptions.label, createdAt: pushSubscriptions.createdAt })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId))
      .orderBy(asc(pushSubscriptions.createdAt)),
  ]);
  return {
    pushEnabled: row?.pushEnabled ?? false,
    quietStart: row?.quietStart ?? DEFAULT_QUIET_START,
    quietEnd: row?.quietEnd ?? DEFAULT_QUIET_END,
    publicKey: pushConfig().vapid?.publicKey ?? null,
    devices: devices.map((device) => ({ ...device, createdAt: device.createdAt.getTime() })),
    maxDevices: MAX_PUSH_DEVICES,
  };
}

export async function updateNotificationSettings(database: Database, userId: string, change: TNotificationSettingsInput): Promise<NotificationSettings> {
  await database
    .insert(notificationSettings)
    .values({ userId, ...change })
    .onConflictDoUpdate({ target: notificationSettings.userId, set: { ...change, updatedAt: new Date() } });
  return notificationSettingsOf(database, userId);
}

function assertPushConfigured(): void {
  if (!pushConfig().vapid) throw new HttpError(503, 'Máy chủ chưa bật thông báo đẩy.', 3600);
}

/**
 * Stores a browser's subscription for the reader and turns push on; at most MAX_PUSH_DEVICES per
 * reader. An endpoint belongs to the reader who registered it: another reader's post is 409 and
 * the row stays (signing out lets it go, so a shared browser changes hands that way).
 */
export async function subscribe(database: Database, userId: string, input: TSubscribeInput): Promise<NotificationSettings> {
  assertPushConfigured();
  const { endpoint, keys } = input.subscription;
  if (!isAllowedEndpoint(endpoint, pushConfig().allowLoopback)) throw badRequest('Địa chỉ nhận thông báo không hợp lệ.');
  await database.transaction(async (tx) => {
    // One subscriber at a time per reader, so two devices at once cannot both pass the count.
    await tx.insert(notificationSettings).values({ userId }).onConflictDoNothing();
    await tx.select({ userId: notificationSettings.userId }).from(notificationSettings).where(eq(notificationSettings.userId, userId)).for('update');
    const [{ n }] = await tx.select({ n: count() }).from(pushSubscriptions).where(and(eq(pushSubscriptions.userId, userId)));
    const [registered] = await tx.select({ userId: pushSubscriptions.userId }).from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));
    if (registered && registered.userId !== userId) throw new HttpError(409, ENDPOINT_TAKEN);
    if (!registered && n >= MAX_PUSH_DEVICES) {
      throw new HttpError(409, `Bạn đã bật thông báo trên ${MAX_PUSH_DEVICES} thiết bị; hãy tắt bớt một thiết bị trong Cài đặt.`);
    }
    const values = { userId, endpoint, p256dh: keys.p256dh, auth: keys.auth, label: input.label ?? '' };
    // Only the reader's own row is updated, should another reader have registered it meanwhile.
    const stored = await tx
      .insert(pushSubscriptions)
      .values(values)
      .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: values, setWhere: eq(pushSubscriptions.userId, userId) })
      .returning({ id: pushSubscriptions.id });
    if (stored.length === 0) throw new HttpError(409, ENDPOINT_TAKEN);
    await tx.update(notificationSettings).set({ pushEnabled: true, updatedAt: new Date() }).where(eq(notificationSettings.userId, userId));
  });
  return notificationSettingsOf(database, userId);
}

/** Forgets one of the reader's devices (it unsubscribed, or the reader removed it). */
export async function unsubscribe(database: Database, userId: string, endpoint: string): Promise<NotificationSettings> {
  await database.delete(pushSubscriptions).where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
  return notificationSettingsOf(database, userId);
}

async function assertVisibleStory(database: Database, storyId: number): Promise<void> {
  const [story] = await database.select({ id: stories.id }).from(stories).where(and(eq(stories.id, storyId), eq(stories.hidden, false))).limit(1);
  if (!story) throw notFound('Không tìm thấy truyện.');
}

export async function storyPushOf(database: Database, userId: string, storyId: number): Promise<StoryPush> {
  const [row] = await database
    .select({ storyId: pushStoryOptIns.storyId })
    .from(pushStoryOptIns)
    .where(and(eq(pushStoryOptIns.userId, userId), eq(pushStoryOptIns.storyId, storyId)));
  return { storyId: String(storyId), push: Boolean(row) };
}

/** Opts a story in or out of push for the reader (the centre gets its chapters either way). */
export async function setStoryPush(database: Database, userId: string, storyId: number, push: boolean): Promise<StoryPush> {
  await assertVisibleStory(database, storyId);
  if (push) await database.insert(pushStoryOptIns).values({ userId, storyId }).onConflictDoNothing();
  else await database.delete(pushStoryOptIns).where(and(eq(pushStoryOptIns.userId, userId), eq(pushStoryOptIns.storyId, storyId)));
  return storyPushOf(database, userId, storyId);
}
