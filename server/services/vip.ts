import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';
import { users, vipOrderNotifications, vipOrders, vipPlans } from '../db/schema';
import { logger } from '../logger';
import { PaymentError } from '../payments/errors';
import { paymentProvider, requirePaymentProvider } from '../payments/index';
import { CANCELLED_RESPONSE_CODE, responseCodeMessage } from '../payments/responseCodes';
import type { PaymentProvider, PaymentResult } from '../payments/types';
import { formatVnpDate } from '../payments/vnpay';

export const SECONDS_PER_DAY = 86_400;

export type OrderStatus = (typeof vipOrders.$inferSelect)['status'];

export interface VipPlan {
  code: string;
  name: string;
  days: number;
  /** Price in VND. */
  price: number;
}

export interface CreatedOrder {
  ref: string;
  paymentUrl: string;
  amount: number;
}

export interface IpnResponse {
  RspCode: '00' | '01' | '02' | '04' | '97' | '99';
  Message: string;
}

/** The answers VNPay expects from an IPN endpoint, with its own wording. */
const IPN = {
  confirmed: { RspCode: '00', Message: 'Confirm Success' },
  notFound: { RspCode: '01', Message: 'Order not found' },
  alreadyConfirmed: { RspCode: '02', Message: 'Order already confirmed' },
  invalidAmount: { RspCode: '04', Message: 'invalid amount' },
  invalidSignature: { RspCode: '97', Message: 'Invalid signature' },
  unknownError: { RspCode: '99', Message: 'Unknow error' },
} as const satisfies Record<string, IpnResponse>;

export interface ReturnReport {
  /** False when the return query's signature is wrong: nothing else in it can be trusted. */
  valid: boolean;
  ref: string;
  /** The order's status in our database; 'unknown' when no such order exists. */
  status: OrderStatus | 'unknown';
  planName: string | null;
  amount: number | null;
  /** What to tell the reader, in Vietnamese. */
  message: string;
}

export interface OrderHistoryItem {
  ref: string;
  planCode: string;
  planName: string;
  days: number;
  amount: number;
  status: OrderStatus;
  createdAt: Date;
  paidAt: Date | null;
}

export function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

/** VIP is active while its expiry lies strictly in the future. */
export function isVipActive(expireTime: number, now: number = nowSeconds()): boolean {
  return expireTime > now;
}

export async function listPlans(database: Database): Promise<VipPlan[]> {
  return database
    .select({ code: vipPlans.code, name: vipPlans.name, days: vipPlans.days, price: vipPlans.price })
    .from(vipPlans)
    .where(eq(vipPlans.active, true))
    .orderBy(asc(vipPlans.position), asc(vipPlans.price));
}

/** An order reference VNPay accepts (letters and digits) that nobody can guess: time + 64 random bits. */
export function newOrderRef(now: Date = new Date()): string {
  return `${formatVnpDate(now)}${randomBytes(8).toString('hex').toUpperCase()}`;
}

function assertReturnUrl(returnUrl: string): void {
  let protocol = '';
  try {
    protocol = new URL(returnUrl).protocol;
  } catch {
    protocol = '';
  }
  if (protocol !== 'http:' && protocol !== 'https:') throw new PaymentError(400, 'Địa chỉ trả về không hợp lệ.');
}

/** Records a pending order for a plan and returns the provider's payment page for it. */
export async function createOrder(
  database: Database,
  input: { userId: string; planCode: string; ipAddr: string; returnUrl: string },
  provider: PaymentProvider = requirePaymentProvider(),
): Promise<CreatedOrder> {
  assertReturnUrl(input.returnUrl);
  const [plan] = await database
    .select()
    .from(vipPlans)
    .where(and(eq(vipPlans.code, input.planCode), eq(vipPlans.active, true)));
  if (!plan) throw new PaymentError(404, 'Không tìm thấy gói VIP.');
  const [user] = await database.select({ id: users.id }).from(users).where(eq(users.id, input.userId));
  if (!user) throw new PaymentError(404, 'Không tìm thấy tài khoản.');

  const [order] = await database
    .insert(vipOrders)
    .values({ ref: newOrderRef(), userId: user.id, planId: plan.id, amount: plan.price, provider: provider.id })
    .returning({ ref: vipOrders.ref, amount: vipOrders.amount, createdAt: vipOrders.createdAt });
  const paymentUrl = provider.createPaymentUrl({
    ref: order.ref,
    amount: order.amount,
    description: `Thanh toan ${plan.name} ma don ${order.ref}`,
    ipAddr: input.ipAddr,
    returnUrl: input.returnUrl,
    createdAt: order.createdAt,
  });
  return { ref: order.ref, paymentUrl, amount: order.amount };
}

/**
 * The provider's server-to-server notification: the only place that grants VIP. The order row is
 * locked for the whole decision, so a notification delivered twice, even at once, grants once.
 */
export async function handleIpn(
  database: Database,
  query: Record<string, string>,
  provider: PaymentProvider | null = paymentProvider(),
): Promise<IpnResponse> {
  // With no provider configured, no notification can be genuine.
  if (!provider) return IPN.invalidSignature;
  try {
    const result = provider.verifyIpn(query);
    if (!result.valid) return IPN.invalidSignature;
    const answer = await decideIpn(database, provider, result);
    await recordNotification(database, result, answer);
    return answer;
  } catch (err) {
    logger.error({ err, ref: query.vnp_TxnRef }, 'VIP payment notification failed');
    return IPN.unknownError;
  }
}

/** Keeps a signed notification and our answer for support (the console's order history). */
async function recordNotification(database: Database, result: PaymentResult, answer: IpnResponse): Promise<void> {
  try {
    await database
      .insert(vipOrderNotifications)
      .values({ ref: result.ref, code: result.responseCode ?? '', answer: answer.RspCode, ok: answer.RspCode === '00' && result.success });
  } catch (err) {
    logger.warn({ err, ref: result.ref }, 'VIP payment notification not recorded');
  }
}

/** The decision on a signed notification, the order row locked throughout. */
async function decideIpn(database: Database, provider: PaymentProvider, result: PaymentResult): Promise<IpnResponse> {
  return database.transaction(async (tx) => {
    const [order] = await tx.select().from(vipOrders).where(eq(vipOrders.ref, result.ref)).for('update');
    if (!order || order.provider !== provider.id) return IPN.notFound;
    if (result.amount !== order.amount) return IPN.invalidAmount;
    if (order.status !== 'pending') return IPN.alreadyConfirmed;

    const updatedAt = new Date();
    if (!result.success) {
      const status = result.responseCode === CANCELLED_RESPONSE_CODE ? 'cancelled' : 'failed';
      await tx.update(vipOrders).set({ status, updatedAt }).where(eq(vipOrders.id, order.id));
      logger.info({ ref: order.ref, status, responseCode: result.responseCode }, 'VIP order not paid');
      return IPN.confirmed;
    }

    const [plan] = await tx.select({ days: vipPlans.days }).from(vipPlans).where(eq(vipPlans.id, order.planId));
    if (!plan) throw new Error(`VIP order ${order.ref} has no plan`);
    await tx
      .update(vipOrders)
      .set({ status: 'paid', paidAt: updatedAt, providerRef: result.providerRef ?? null, updatedAt })
      .where(eq(vipOrders.id, order.id));
    // The buyer may have deleted their account meanwhile: the payment is recorded all the same.
    const [user] = order.userId
      ? await tx
          .update(users)
          .set({ expireTime: extendedExpiry(plan.days), updatedAt })
          .where(eq(users.id, order.userId))
          .returning({ expireTime: users.expireTime })
      : [];
    if (user) logger.info({ ref: order.ref, userId: order.userId, expireTime: user.expireTime }, 'VIP order paid');
    else logger.warn({ ref: order.ref }, 'VIP order paid for an account that no longer exists');
    return IPN.confirmed;
  });
}

/** The later of now and the current expiry, plus the given days. */
export function extendedExpiry(days: number): SQL {
  return sql`GREATEST(${users.expireTime}, ${nowSeconds()}::bigint) + ${days * SECONDS_PER_DAY}::bigint`;
}

function returnMessage(status: OrderStatus, providerSuccess: boolean, responseCode: string | undefined): string {
  switch (status) {
    case 'paid':
      return 'Thanh toán thành công. Gói VIP của bạn đã được kích hoạt.';
    case 'cancelled':
      return 'Bạn đã hủy giao dịch. Gói VIP chưa được kích hoạt.';
    case 'failed':
      return responseCodeMessage(responseCode);
    case 'pending':
      return providerSuccess
        ? 'Giao dịch đang được xác nhận. Gói VIP sẽ được kích hoạt trong giây lát, vui lòng tải lại trang.'
        : responseCodeMessage(responseCode);
  }
}

/** The reader's return from the payment page: reports the order, never changes it. */
export async function handleReturn(
  database: Database,
  query: Record<string, string>,
  provider: PaymentProvider | null = paymentProvider(),
): Promise<ReturnReport> {
  const result = provider?.verifyReturn(query);
  if (!result?.valid) {
    return { valid: false, ref: '', status: 'unknown', planName: null, amount: null, message: 'Chữ ký không hợp lệ. Không thể xác nhận giao dịch.' };
  }
  const [order] = await database
    .select({ status: vipOrders.status, amount: vipOrders.amount, planName: vipPlans.name })
    .from(vipOrders)
    .innerJoin(vipPlans, eq(vipPlans.id, vipOrders.planId))
    .where(eq(vipOrders.ref, result.ref));
  if (!order) {
    return { valid: true, ref: result.ref, status: 'unknown', planName: null, amount: null, message: 'Không tìm thấy đơn hàng.' };
  }
  return {
    valid: true,
    ref: result.ref,
    status: order.status,
    planName: order.planName,
    amount: order.amount,
    message: returnMessage(order.status, result.success, result.responseCode),
  };
}

/** A reader's purchase history, newest first. */
export async function listOrders(database: Database, userId: string): Promise<OrderHistoryItem[]> {
  return database
    .select({
      ref: vipOrders.ref,
      planCode: vipPlans.code,
      planName: vipPlans.name,
      days: vipPlans.days,
      amount: vipOrders.amount,
      status: vipOrders.status,
      createdAt: vipOrders.createdAt,
      paidAt: vipOrders.paidAt,
    })
    .from(vipOrders)
    .innerJoin(vipPlans, eq(vipPlans.id, vipOrders.planId))
    .where(eq(vipOrders.userId, userId))
    .orderBy(desc(vipOrders.createdAt), desc(vipOrders.id));
}
