import { and, count, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { users, vipOrders } from '../../db/schema';
import { renamed, subquery } from '../../db/subquery';
import { nowSeconds, SECONDS_PER_DAY } from '../vip';
import { loadAdminUser, type AdminUser } from './accounts';
import { recordAudit, type Actor } from './audit';
import type { TGrantVipInput, TOrdersQuery } from './inputs';
import { listOrderRows, type AdminOrder } from './orders';
import { offsetOf, paged, type Paged } from './paging';
import { userIdByEmail } from './roles';

export type { AdminOrder };

/** Orders found by the buyer's email or the order (or provider) reference, and by status. */
export async function listAdminOrders(database: Database, query: TOrdersQuery): Promise<Paged<AdminOrder>> {
  const filters: SQL[] = [];
  if (query.status) filters.push(eq(vipOrders.status, query.status));
  if (query.query) {
    const needle = query.query;
    const emailLike = `%${needle.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    // Buyers by email, from users under its own name: the order list joins users too.
    const buyer = renamed(users, 'buyer');
    const byEmail = subquery(sql`select ${buyer.columns.id} from ${buyer.from} where lower(${buyer.columns.email}) like ${emailLike}`);
    filters.push(or(eq(vipOrders.ref, needle), eq(vipOrders.providerRef, needle), ilike(vipOrders.ref, `${needle.replace(/[\\%_]/g, (c) => `\\${c}`)}%`), sql`${vipOrders.userId} in ${byEmail}`)!);
  }
  const where = and(...filters);
  const [results, [{ total }]] = await Promise.all([
    listOrderRows(database, { where, limit: query.perpage, offset: offsetOf(query) }),
    database.select({ total: count() }).from(vipOrders).where(where),
  ]);
  return paged(results, total, query);
}

/** Grants or extends VIP by hand, from the later of now and the current expiry, with the reason recorded. */
export async function grantVipByHand(database: Database, actor: Actor, input: TGrantVipInput): Promise<AdminUser> {
  const userId = await database.transaction(async (tx) => {
    const id = await userIdByEmail(tx, input.email);
    const [before] = await tx.select({ expireTime: users.expireTime }).from(users).where(eq(users.id, id)).for('update');
    const [after] = await tx
      .update(users)
      .set({
        expireTime: sql`greatest(${users.expireTime}, ${nowSeconds()}::bigint) + ${input.days * SECONDS_PER_DAY}::bigint`,
        updatedAt: new Date(),
      })
      .where(eq(users.id, id))
      .returning({ expireTime: users.expireTime });
    await recordAudit(tx, actor, {
      action: 'vip.grant',
      targetType: 'user',
      targetId: id,
      before: { expireTime: before.expireTime },
      after: { expireTime: after.expireTime, days: input.days },
      note: input.reason,
    });
    return id;
  });
  return loadAdminUser(database, userId);
}
