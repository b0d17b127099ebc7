import { and, asc, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { AdminOrder } from '@/lib/api/admin';
import type { Database } from '../../db/client';
import { users, vipOrderNotifications, vipOrders, vipPlans } from '../../db/schema';

export type { AdminOrder };

interface OrderFilter {
  where?: SQL;
  userId?: string;
  limit: number;
  offset?: number;
}

/** Orders with their buyer's email, plan and payment notifications, newest first. */
export async function listOrderRows(database: Database, filter: OrderFilter): Promise<AdminOrder[]> {
  const rows = await database
    .select({ order: vipOrders, email: users.email, plan: vipPlans.name })
    .from(vipOrders)
    .innerJoin(vipPlans, eq(vipPlans.id, vipOrders.planId))
    .leftJoin(users, eq(users.id, vipOrders.userId))
    .where(and(filter.where, filter.userId ? eq(vipOrders.userId, filter.userId) : undefined))
    .orderBy(desc(vipOrders.createdAt), desc(vipOrders.id))
    .limit(filter.limit)
    .offset(filter.offset ?? 0);
  const refs = rows.map((row) => row.order.ref);
  const notifications = refs.length
    ? await database.select().from(vipOrderNotifications).where(inArray(vipOrderNotifications.ref, refs)).orderBy(asc(vipOrderNotifications.at), asc(vipOrderNotifications.id))
    : [];
  const byRef = new Map<string, AdminOrder['ipn']>();
  for (const n of notifications) {
    const list = byRef.get(n.ref) ?? [];
    list.push({ at: n.at.getTime(), code: n.code, ok: n.ok });
    byRef.set(n.ref, list);
  }
  return rows.map(({ order, email, plan }) => ({
    _id: String(order.id),
    ref: order.ref,
    email,
    plan,
    amount: order.amount,
    status: order.status,
    provider: order.provider,
    providerRef: order.providerRef,
    paidAt: order.paidAt?.getTime() ?? null,
    createdAt: order.createdAt.getTime(),
    ipn: byRef.get(order.ref) ?? [],
  }));
}
