import { randomBytes } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { db } from '@/server/db/client';
import { users } from '@/server/db/schema';

/** Readers written straight into the database for VIP tests, removed again by `removeAll`. */
export function vipReaders(prefix: string) {
  const run = randomBytes(4).toString('hex');
  const ids: string[] = [];
  return {
    async insert(expireTime = 0, email = `reader-${randomBytes(4).toString('hex')}@example.com`) {
      const id = `${prefix}-${run}-${ids.length}`;
      ids.push(id);
      await db().insert(users).values({ id, email, username: 'Bạn đọc', expireTime });
      return { id, email };
    },
    async expiryOf(userId: string): Promise<number> {
      const [row] = await db().select({ expireTime: users.expireTime }).from(users).where(eq(users.id, userId));
      return row.expireTime;
    },
    async removeAll(): Promise<void> {
      if (ids.length > 0) await db().delete(users).where(inArray(users.id, ids));
    },
  };
}
