import type { Database } from '@/server/db/client';
import { HttpError } from '@/server/http/errors';
import { enforceRateLimit, type RateLimitRule } from '@/server/services/rateLimit';
import { deliverDuePushes } from './delivery';
import { pushConfig } from './pushConfig';
import { queueTestPush } from './queue';

/** Test notifications a reader may ask for, and subscriptions they may store, per window. */
export const PUSH_LIMITS: Record<'test' | 'subscribe', RateLimitRule> = {
  test: { limit: 3, windowMs: 10 * 60_000 },
  subscribe: { limit: 10, windowMs: 10 * 60_000 },
};

export async function limitSubscribe(database: Database, userId: string): Promise<void> {
  await enforceRateLimit(database, `push-subscribe:${userId}`, PUSH_LIMITS.subscribe, 'Bạn bật/tắt thông báo quá nhiều lần.');
}

/**
 * "Gửi thông báo thử": one push to each of the reader's devices, through the queue and sent at
 * once (quiet hours and the per-story cap do not apply to a test the reader asked for).
 */
export async function sendTestPush(database: Database, userId: string): Promise<{ sent: number; failed: number }> {
  if (!pushConfig().vapid) throw new HttpError(503, 'Máy chủ chưa bật thông báo đẩy.', 3600);
  await enforceRateLimit(database, `push-test:${userId}`, PUSH_LIMITS.test, 'Bạn đã gửi thử nhiều lần.');
  const ids = await queueTestPush(database, userId);
  if (ids.length === 0) throw new HttpError(409, 'Chưa có thiết bị nào bật thông báo: hãy bật thông báo đẩy trên thiết bị này trước.');
  const report = await deliverDuePushes(database, { ids, limit: ids.length });
  return { sent: report.sent, failed: ids.length - report.sent };
}
