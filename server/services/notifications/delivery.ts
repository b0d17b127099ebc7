import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { pushDeliveries, pushSubscriptions, stories } from '@/server/db/schema';
import { logger } from '@/server/logger';
import { pushConfig } from './pushConfig';
import { nextAttemptAt, PUSH_EXPIRES_MS, type PushOutcome } from './rules';
import { webPushSender, type PushSender } from './sender';

/** Deliveries claimed per run, sent this many at a time. */
export const DELIVERY_BATCH = 200;
const SEND_CONCURRENCY = 8;
/** A claimed delivery whose worker died is tried again after this long. */
const CLAIM_LEASE_MS = 5 * 60_000;

export interface DeliveryReport {
  sent: number;
  retried: number;
  failed: number;
  /** Subscriptions removed because the push service no longer knows them (404, 410). */
  removed: number;
  /** Deliveries of a story hidden since they were queued: not sent, not tried again. */
  dropped: number;
}

interface Claimed {
  id: number;
  attempts: number;
  createdAt: Date;
  payload: string;
  /** Null for a test notification. */
  storyId: number | null;
  subscriptionId: number;
  endpoint: string;
  p256dh: string;
  auth: string;
}

/**
 * Claims due deliveries (all instances may run this: SKIP LOCKED hands each row to one), moving
 * their next attempt a lease ahead so a crashed worker's rows come back later.
 */
async function claimDue(database: Database, now: number, limit: number, ids?: number[]): Promise<Claimed[]> {
  if (ids?.length === 0) return [];
  const only = ids ? sql`and id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})` : sql``;
  const { rows } = await database.execute<{ id: string; attempts: number; created_at: string; payload: string; story_id: number | null; subscription_id: number }>(sql`
    update push_deliveries set attempts = attempts + 1, next_attempt_at = ${new Date(now + CLAIM_LEASE_MS).toISOString()}::timestamptz
    where id in (
      select id from push_deliveries
      where status = 'pending' and next_attempt_at <= ${new Date(now).toISOString()}::timestamptz ${only}
      order by next_attempt_at limit ${limit} for update skip locked)
    returning id, attempts, created_at, payload, story_id, subscription_id`);
  if (rows.length === 0) return [];
  const subscriptions = await database
    .select()
    .from(pushSubscriptions)
    .where(inArray(pushSubscriptions.id, rows.map((row) => row.subscription_id)));
  const byId = new Map(subscriptions.map((row) => [row.id, row]));
  return rows.flatMap((row) => {
    const subscription = byId.get(row.subscription_id);
    if (!subscription) return [];
    const { endpoint, p256dh, auth } = subscription;
    return [
      {
        id: Number(row.id),
        attempts: row.attempts,
        createdAt: new Date(row.created_at),
        payload: row.payload,
        storyId: row.story_id,
        subscriptionId: row.subscription_id,
        endpoint,
        p256dh,
        auth,
      },
    ];
  });
}

/**
 * Drops the claimed deliveries of stories hidden since they were queued (failed, never tried
 * again, even once the story is back): a takedown between queuing and sending stops the push.
 * Answers the deliveries still to send.
 */
async function dropHiddenStories(database: Database, claimed: Claimed[], report: DeliveryReport): Promise<Claimed[]> {
  const storyIds = [...new Set(claimed.flatMap((delivery) => (delivery.storyId === null ? [] : [delivery.storyId])))];
  if (storyIds.length === 0) return claimed;
  const hiddenRows = await database
    .select({ id: stories.id })
    .from(stories)
    .where(and(inArray(stories.id, storyIds), eq(stories.hidden, true)));
  const hidden = new Set(hiddenRows.map((row) => row.id));
  const dropped = claimed.filter((delivery) => delivery.storyId !== null && hidden.has(delivery.storyId));
  if (dropped.length === 0) return claimed;
  await database
    .update(pushDeliveries)
    .set({ status: 'failed', lastError: 'story hidden' })
    .where(inArray(pushDeliveries.id, dropped.map((delivery) => delivery.id)));
  report.dropped += dropped.length;
  return claimed.filter((delivery) => !dropped.includes(delivery));
}

async function settle(database: Database, delivery: Claimed, outcome: PushOutcome, now: number, report: DeliveryReport): Promise<void> {
  if (outcome.kind === 'sent') {
    report.sent++;
    await database.update(pushDeliveries).set({ status: 'sent', sentAt: new Date(now), lastError: null }).where(eq(pushDeliveries.id, delivery.id));
    await database.update(pushSubscriptions).set({ lastSentAt: new Date(now) }).where(eq(pushSubscriptions.id, delivery.subscriptionId));
    return;
  }
  if (outcome.kind === 'gone') {
    report.removed++;
    // Its deliveries go with it (on delete cascade).
    await database.delete(pushSubscriptions).where(eq(pushSubscriptions.id, delivery.subscriptionId));
    return;
  }
  const next = outcome.kind === 'retry' ? nextAttemptAt(now, delivery.attempts, outcome.retryAfterMs) : null;
  const expired = next !== null && next - delivery.createdAt.getTime() > PUSH_EXPIRES_MS;
  if (next === null || expired) {
    report.failed++;
    await database.update(pushDeliveries).set({ status: 'failed', lastError: outcome.error }).where(eq(pushDeliveries.id, delivery.id));
  } else {
    report.retried++;
    await database.update(pushDeliveries).set({ nextAttemptAt: new Date(next), lastError: outcome.error }).where(eq(pushDeliveries.id, delivery.id));
  }
}

export interface DeliveryOptions {
  now?: number;
  limit?: number;
  sender?: PushSender;
  /** Only these deliveries (a test notification sent at once). */
  ids?: number[];
}

/**
 * Sends the due pushes of the queue once, dropping those of stories hidden since they were
 * queued; nothing happens when push is not configured.
 */
export async function deliverDuePushes(database: Database, options: DeliveryOptions = {}): Promise<DeliveryReport> {
  const report: DeliveryReport = { sent: 0, retried: 0, failed: 0, removed: 0, dropped: 0 };
  const vapid = pushConfig().vapid;
  const sender = options.sender ?? (vapid ? webPushSender(vapid) : null);
  if (!sender) return report;
  const now = options.now ?? Date.now();
  const claimed = await claimDue(database, now, options.limit ?? DELIVERY_BATCH, options.ids);
  const due = await dropHiddenStories(database, claimed, report);
  for (let start = 0; start < due.length; start += SEND_CONCURRENCY) {
    await Promise.all(
      due.slice(start, start + SEND_CONCURRENCY).map(async (delivery) => {
        const outcome = await sender(delivery, delivery.payload).catch((error: unknown): PushOutcome => ({ kind: 'retry', error: String(error).slice(0, 200) }));
        await settle(database, delivery, outcome, now, report);
      }),
    );
  }
  if (claimed.length > 0) logger.info(report, 'push deliveries sent');
  return report;
}
