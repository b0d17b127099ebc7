import { boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { users } from './readers';

/** VIP plans, orders and the payment notifications received for them. */

export const vipPlans = pgTable('vip_plans', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  days: integer('days').notNull(),
  /** Price in VND. */
  price: integer('price').notNull(),
  active: boolean('active').notNull().default(true),
  position: integer('position').notNull().default(0),
});

export const vipOrders = pgTable(
  'vip_orders',
  {
    id: serial('id').primaryKey(),
    /** The order reference sent to the payment provider (vnp_TxnRef). */
    ref: text('ref').notNull().unique(),
    /** Null once the buyer deleted their account: the record stays for accounting and disputes. */
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    planId: integer('plan_id')
      .notNull()
      .references(() => vipPlans.id),
    amount: integer('amount').notNull(),
    status: text('status', { enum: ['pending', 'paid', 'cancelled', 'failed'] }).notNull().default('pending'),
    provider: text('provider').notNull(),
    providerRef: text('provider_ref'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('vip_orders_user_idx').on(t.userId, t.createdAt),
    index('vip_orders_created_idx').on(t.createdAt),
    index('vip_orders_paid_idx').on(t.paidAt),
  ],
);

/** Every payment notification (IPN) received for an order, for support: when, the code, accepted or not. */
export const vipOrderNotifications = pgTable(
  'vip_order_notifications',
  {
    id: serial('id').primaryKey(),
    ref: text('ref').notNull(),
    /** The provider's response code (vnp_ResponseCode) and our answer (RspCode). */
    code: text('code').notNull(),
    answer: text('answer').notNull(),
    ok: boolean('ok').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('vip_order_notifications_ref_idx').on(t.ref, t.at)],
);
