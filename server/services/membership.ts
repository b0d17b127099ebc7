import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { users } from '../db/schema';
import { isVipActive } from './vip';

/** Whether the user with this id is a member now; false for unknown users. */
export async function isMember(database: Database, userId: string | null | undefined): Promise<boolean> {
  if (!userId) return false;
  const [row] = await database.select({ expireTime: users.expireTime }).from(users).where(eq(users.id, userId)).limit(1);
  return row ? isVipActive(row.expireTime) : false;
}
