import type { Database } from '@/server/db/client';
import { pruneNotifications } from './centre';
import { pruneDeliveries } from './queue';

/** Hourly: entries older than 30 days leave the centre; old deliveries leave the queue. */
export async function pruneNotificationData(database: Database, now = Date.now()): Promise<{ notifications: number; deliveries: number }> {
  return { notifications: await pruneNotifications(database, now), deliveries: await pruneDeliveries(database, now) };
}
