import { and, eq, inArray, lt, max } from 'drizzle-orm';
import { chapterUrl } from '@/lib/routes';
import type { Database } from '@/server/db/client';
import { notificationSettings, pushDeliveries, pushStoryOptIns, pushSubscriptions, stories } from '@/server/db/schema';
import { logger } from '@/server/logger';
import {
  DEFAULT_QUIET_END,
  DEFAULT_QUIET_START,
  notificationText,
  pushDecision,
  pushPayloadJson,
  type ChapterBatch,
  type PushDecision,
} from './rules';

type Writer = Pick<Database, 'select' | 'insert'>;

/** Sent and failed deliveries are kept this long (the per-story cap looks back an hour). */
export const DELIVERY_KEEP_MS = 7 * 86_400_000;

async function circumstances(database: Writer, storyId: number, userIds: string[]) {
  // One after another: `database` is usually the transaction that stores the chapters (one connection).
  const settings = await database.select().from(notificationSettings).where(inArray(notificationSettings.userId, userIds));
  const optIns = await database
    .select({ userId: pushStoryOptIns.userId })
    .from(pushStoryOptIns)
    .where(and(eq(pushStoryOptIns.storyId, storyId), inArray(pushStoryOptIns.userId, userIds)));
  const lastPushes = await database
    .select({ userId: pushDeliveries.userId, at: max(pushDeliveries.createdAt) })
    .from(pushDeliveries)
    .where(and(eq(pushDeliveries.storyId, storyId), inArray(pushDeliveries.userId, userIds)))
    .groupBy(pushDeliveries.userId);
  const devices = await database
    .select({ id: pushSubscriptions.id, userId: pushSubscriptions.userId })
    .from(pushSubscriptions)
    .where(inArray(pushSubscriptions.userId, userIds));
  return {
    settings: new Map(settings.map((row) => [row.userId, row])),
    optedIn: new Set(optIns.map((row) => row.userId)),
    lastPush: new Map(lastPushes.map((row) => [row.userId, row.at ? row.at.getTime() : null])),
    devices: devices.reduce((map, row) => map.set(row.userId, [...(map.get(row.userId) ?? []), row.id]), new Map<string, number[]>()),
  };
}

/**
 * Queues the pushes of new entries: for each reader whose settings allow it (push on, the story
 * opted in, a device, outside quiet hours, not pushed about the story in the last hour), one
 * delivery per device. Any process may queue (an operator's import too); the site's scheduled
 * job sends. Answers what was decided per reader.
 */
export async function queuePushes(
  database: Writer,
  storyId: number,
  batch: ChapterBatch,
  created: readonly { id: number; userId: string }[],
  now = Date.now(),
): Promise<Map<string, PushDecision>> {
  const decisions = new Map<string, PushDecision>();
  if (created.length === 0) return decisions;
  const [story] = await database.select({ slug: stories.slug, title: stories.title, hidden: stories.hidden }).from(stories).where(eq(stories.id, storyId)).limit(1);
  if (!story || story.hidden) return decisions;
  const known = await circumstances(database, storyId, created.map((entry) => entry.userId));
  const text = notificationText(story.title, batch);
  const rows: (typeof pushDeliveries.$inferInsert)[] = [];
  for (const entry of created) {
    const settings = known.settings.get(entry.userId);
    const devices = known.devices.get(entry.userId) ?? [];
    const decision = pushDecision({
      now,
      pushEnabled: settings?.pushEnabled ?? false,
      optedIn: known.optedIn.has(entry.userId),
      quietStart: settings?.quietStart ?? DEFAULT_QUIET_START,
      quietEnd: settings?.quietEnd ?? DEFAULT_QUIET_END,
      lastPushAt: known.lastPush.get(entry.userId) ?? null,
      devices: devices.length,
    });
    decisions.set(entry.userId, decision);
    if (decision !== 'push') continue;
    const payload = pushPayloadJson({ ...text, url: chapterUrl(story.slug, batch.fromChapter), tag: `story-${storyId}`, notificationId: String(entry.id) });
    for (const subscriptionId of devices) {
      rows.push({ subscriptionId, notificationId: entry.id, userId: entry.userId, storyId, payload, nextAttemptAt: new Date(now), createdAt: new Date(now) });
    }
  }
  if (rows.length > 0) await database.insert(pushDeliveries).values(rows);
  logger.debug({ storyId, readers: created.length, queued: rows.length }, 'new-chapter pushes queued');
  return decisions;
}

/** Queues a test notification to each of a reader's devices; answers the delivery ids. */
export async function queueTestPush(database: Database, userId: string, now = Date.now()): Promise<number[]> {
  const devices = await database.select({ id: pushSubscriptions.id }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
  if (devices.length === 0) return [];
  const payload = pushPayloadJson({
    title: 'Truyện Audio',
    body: 'Thông báo thử: thiết bị này sẽ nhận tin khi truyện bạn theo dõi có chương mới.',
    url: '/user?tab=notifications',
    tag: 'test',
    notificationId: null,
  });
  const rows = await database
    .insert(pushDeliveries)
    .values(devices.map((device) => ({ subscriptionId: device.id, userId, payload, nextAttemptAt: new Date(now), createdAt: new Date(now) })))
    .returning({ id: pushDeliveries.id });
  return rows.map((row) => row.id);
}

/** Removes deliveries older than DELIVERY_KEEP_MS. */
export async function pruneDeliveries(database: Database, now = Date.now()): Promise<number> {
  const removed = await database
    .delete(pushDeliveries)
    .where(lt(pushDeliveries.createdAt, new Date(now - DELIVERY_KEEP_MS)))
    .returning({ id: pushDeliveries.id });
  return removed.length;
}
