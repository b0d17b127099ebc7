import { eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';
import { users } from '../db/schema';
import { PaymentError } from '../payments/errors';
import { extendedExpiry, nowSeconds } from './vip';

/** Support commands' VIP changes by hand (`npm run vip`), outside any order. */
const MAX_GRANT_DAYS = 36_500;

export interface VipGrant {
  email: string;
  /** The new VIP expiry, unix seconds. */
  expireTime: number;
}

/** The one account with this email (case-insensitive), for support commands. */
async function findUserIdByEmail(database: Database, email: string): Promise<string> {
  const matches = await database
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email.trim()})`)
    .limit(2);
  if (matches.length === 0) throw new PaymentError(404, `Không tìm thấy tài khoản có email ${email}.`);
  if (matches.length > 1) throw new PaymentError(409, `Có nhiều tài khoản dùng email ${email}.`);
  return matches[0].id;
}

async function setExpiry(database: Database, userId: string, expireTime: SQL): Promise<VipGrant> {
  const [user] = await database
    .update(users)
    .set({ expireTime, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning({ email: users.email, expireTime: users.expireTime });
  return user;
}

/** Support: extends a reader's VIP by the given days, from the later of now and the current expiry. */
export async function grantVip(database: Database, email: string, days: number): Promise<VipGrant> {
  if (!Number.isInteger(days) || days < 1 || days > MAX_GRANT_DAYS) {
    throw new PaymentError(400, `Số ngày phải là số nguyên từ 1 đến ${MAX_GRANT_DAYS}.`);
  }
  return setExpiry(database, await findUserIdByEmail(database, email), extendedExpiry(days));
}

/** Support: ends a reader's VIP now. */
export async function revokeVip(database: Database, email: string): Promise<VipGrant> {
  const userId = await findUserIdByEmail(database, email);
  return setExpiry(database, userId, sql`LEAST(${users.expireTime}, ${nowSeconds()}::bigint)`);
}
