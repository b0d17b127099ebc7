import { randomBytes } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { closeDb, db } from '@/server/db/client';
import { runMigrations } from '@/server/db/migrate';
import { vipOrders, vipPlans } from '@/server/db/schema';
import { PaymentError } from '@/server/payments/errors';
import { buildSandboxResult, createSandboxProvider } from '@/server/payments/sandbox';
import type { PaymentProvider } from '@/server/payments/types';
import { createVnpayProvider, signParams } from '@/server/payments/vnpay';
import {
  SECONDS_PER_DAY,
  createOrder,
  handleIpn,
  handleReturn,
  isVipActive,
  listOrders,
  listPlans,
  nowSeconds,
} from '@/server/services/vip';
import { vipReaders } from '../helpers/vipReaders';
import { signedIpn } from '../helpers/vipIpn';

const run = randomBytes(4).toString('hex');
const SECRET = 'TESTSECRETKEY0123456789ABCDEFGHI';
const vnpay = createVnpayProvider({ tmnCode: 'TESTTMN1', hashSecret: SECRET, paymentUrl: 'https://sandbox.vnpayment.vn/paymentv2/vpcpay.html' });
const sandboxConfig = { hashSecret: 'sandbox-integration-secret' };
const sandbox = createSandboxProvider(sandboxConfig);
const RETURN_URL = 'http://localhost:3000/vip/ket-qua';
const PLAN = { code: `test-30-${run}`, name: 'VIP 30 ngày', days: 30, price: 59_000, position: 1 };
const planIds: number[] = [];

const readers = vipReaders('vip');
const insertUser = readers.insert;
const expiryOf = readers.expiryOf;

async function orderRow(ref: string) {
  const [row] = await db().select().from(vipOrders).where(eq(vipOrders.ref, ref));
  return row;
}

const ipnFor = (ref: string, amount: number, responseCode = '00', overrides: Record<string, string> = {}) =>
  signedIpn({ tmnCode: 'TESTTMN1', secret: SECRET }, ref, amount, responseCode, overrides);

async function newOrder(userId: string, provider: PaymentProvider = vnpay) {
  return createOrder(db(), { userId, planCode: PLAN.code, ipAddr: '127.0.0.1', returnUrl: RETURN_URL }, provider);
}

/** Expiry granted "now" by a call that ran between `before` and `after`. */
function expectExtendedFromNow(expireTime: number, before: number, after: number, days = PLAN.days) {
  expect(expireTime).toBeGreaterThanOrEqual(before + days * SECONDS_PER_DAY);
  expect(expireTime).toBeLessThanOrEqual(after + days * SECONDS_PER_DAY);
}

beforeAll(async () => {
  await runMigrations(db());
  const inserted = await db()
    .insert(vipPlans)
    .values([PLAN, { code: `test-old-${run}`, name: 'Gói cũ', days: 7, price: 10_000, active: false }])
    .returning({ id: vipPlans.id });
  planIds.push(...inserted.map((row) => row.id));
});

afterAll(async () => {
  await readers.removeAll();
  // Orders outlive their buyer's account (kept for accounting), so they go before their plans.
  if (planIds.length > 0) {
    await db().delete(vipOrders).where(inArray(vipOrders.planId, planIds));
    await db().delete(vipPlans).where(inArray(vipPlans.id, planIds));
  }
  // The shared setup may already have closed the pool before this hook reopened it.
  await closeDb();
});

describe('VIP orders', () => {
  it('lists the active plans only', async () => {
    const codes = (await listPlans(db())).map((plan) => plan.code);
    expect(codes).toContain(PLAN.code);
    expect(codes).not.toContain(`test-old-${run}`);
  });

  it('records a pending order at the plan price with a signed payment URL and an unguessable ref', async () => {
    const user = await insertUser();
    const first = await newOrder(user.id);
    const second = await newOrder(user.id);
    expect(first.amount).toBe(59_000);
    expect(first.ref).toMatch(/^\d{14}[0-9A-F]{16}$/);
    expect(second.ref).not.toBe(first.ref);
    const params = Object.fromEntries(new URL(first.paymentUrl).searchParams);
    expect(vnpay.verifyReturn(params).valid).toBe(true);
    expect(params).toMatchObject({ vnp_TxnRef: first.ref, vnp_Amount: '5900000', vnp_ReturnUrl: RETURN_URL });
    expect(await orderRow(first.ref)).toMatchObject({ status: 'pending', amount: 59_000, provider: 'vnpay', userId: user.id });
  });

  it('refuses unknown or retired plans, unknown readers and bad return URLs', async () => {
    const user = await insertUser();
    const attempt = (planCode: string, userId = user.id, returnUrl = RETURN_URL) =>
      createOrder(db(), { userId, planCode, ipAddr: '127.0.0.1', returnUrl }, vnpay);
    await expect(attempt('khong-co')).rejects.toMatchObject({ status: 404, message: 'Không tìm thấy gói VIP.' });
    await expect(attempt(`test-old-${run}`)).rejects.toBeInstanceOf(PaymentError);
    await expect(attempt(PLAN.code, 'no-such-user')).rejects.toMatchObject({ status: 404 });
    await expect(attempt(PLAN.code, user.id, 'javascript:alert(1)')).rejects.toMatchObject({ status: 400 });
  });
});

describe('IPN', () => {
  it('grants VIP once for a successful payment, and answers 02 to a repeat', async () => {
    const user = await insertUser();
    const { ref, amount } = await newOrder(user.id);
    const before = nowSeconds();
    expect(await handleIpn(db(), ipnFor(ref, amount), vnpay)).toEqual({ RspCode: '00', Message: 'Confirm Success' });
    const after = nowSeconds();
    const granted = await expiryOf(user.id);
    expectExtendedFromNow(granted, before, after);
    expect(await orderRow(ref)).toMatchObject({ status: 'paid', providerRef: '14226112', paidAt: expect.any(Date) });

    expect(await handleIpn(db(), ipnFor(ref, amount), vnpay)).toEqual({ RspCode: '02', Message: 'Order already confirmed' });
    expect(await expiryOf(user.id)).toBe(granted);
  });

  it('grants once when the same IPN arrives several times at once', async () => {
    const user = await insertUser();
    const { ref, amount } = await newOrder(user.id);
    const query = ipnFor(ref, amount);
    const before = nowSeconds();
    // Each call runs its transaction on its own pooled connection.
    const answers = await Promise.all([1, 2, 3, 4].map(() => handleIpn(db(), query, vnpay)));
    const after = nowSeconds();
    expect(answers.map((answer) => answer.RspCode).sort()).toEqual(['00', '02', '02', '02']);
    expectExtendedFromNow(await expiryOf(user.id), before, after);
  });

  it('answers 04 to a wrong amount and changes nothing', async () => {
    const user = await insertUser();
    const { ref, amount } = await newOrder(user.id);
    expect(await handleIpn(db(), ipnFor(ref, amount - 1), vnpay)).toEqual({ RspCode: '04', Message: 'invalid amount' });
    expect(await handleIpn(db(), ipnFor(ref, amount, '00', { vnp_Amount: '590000' }), vnpay)).toMatchObject({ RspCode: '04' });
    expect((await orderRow(ref)).status).toBe('pending');
    expect(await expiryOf(user.id)).toBe(0);
  });

  it('answers 97 to a bad checksum and changes nothing', async () => {
    const user = await insertUser();
    const { ref, amount } = await newOrder(user.id);
    const tampered = { ...ipnFor(ref, amount), vnp_ResponseCode: '00', vnp_TransactionNo: '999' };
    expect(await handleIpn(db(), tampered, vnpay)).toEqual({ RspCode: '97', Message: 'Invalid signature' });
    const foreign = signParams({ ...ipnFor(ref, amount) }, sandboxConfig.hashSecret);
    expect(await handleIpn(db(), foreign, vnpay)).toMatchObject({ RspCode: '97' });
    const { vnp_SecureHash: _hash, ...unsigned } = ipnFor(ref, amount);
    expect(_hash).toHaveLength(128);
    expect(await handleIpn(db(), unsigned, vnpay)).toMatchObject({ RspCode: '97' });
    expect((await orderRow(ref)).status).toBe('pending');
    expect(await expiryOf(user.id)).toBe(0);
  });

  it('answers 01 to an unknown order, and to an order of another provider', async () => {
    expect(await handleIpn(db(), ipnFor(`NOPE${run}`, 59_000), vnpay)).toEqual({ RspCode: '01', Message: 'Order not found' });
    const user = await insertUser();
    const { ref, amount } = await newOrder(user.id, sandbox);
    expect(await handleIpn(db(), ipnFor(ref, amount), vnpay)).toMatchObject({ RspCode: '01' });
    expect(await expiryOf(user.id)).toBe(0);
  });

  it('extends from the current expiry when it lies in the future', async () => {
    const current = nowSeconds() + 10 * SECONDS_PER_DAY;
    const user = await insertUser(current);
    const { ref, amount } = await newOrder(user.id);
    expect((await handleIpn(db(), ipnFor(ref, amount), vnpay)).RspCode).toBe('00');
    expect(await expiryOf(user.id)).toBe(current + PLAN.days * SECONDS_PER_DAY);
  });

  it('extends from now when the membership has lapsed', async () => {
    const user = await insertUser(nowSeconds() - 5 * SECONDS_PER_DAY);
    const { ref, amount } = await newOrder(user.id);
    const before = nowSeconds();
    expect((await handleIpn(db(), ipnFor(ref, amount), vnpay)).RspCode).toBe('00');
    expectExtendedFromNow(await expiryOf(user.id), before, nowSeconds());
  });

  it('confirms a cancellation without granting VIP, and refuses a later success', async () => {
    const user = await insertUser();
    const { ref, amount } = await newOrder(user.id);
    expect(await handleIpn(db(), ipnFor(ref, amount, '24'), vnpay)).toEqual({ RspCode: '00', Message: 'Confirm Success' });
    expect((await orderRow(ref)).status).toBe('cancelled');
    expect(await handleIpn(db(), ipnFor(ref, amount), vnpay)).toMatchObject({ RspCode: '02' });
    expect(await expiryOf(user.id)).toBe(0);
    expect(isVipActive(await expiryOf(user.id))).toBe(false);
  });

  it('marks other failures as failed', async () => {
    const user = await insertUser();
    const { ref, amount } = await newOrder(user.id);
    expect((await handleIpn(db(), ipnFor(ref, amount, '51'), vnpay)).RspCode).toBe('00');
    expect((await orderRow(ref)).status).toBe('failed');
    expect(await expiryOf(user.id)).toBe(0);
  });

  it('answers 99 to an unexpected failure', async () => {
    const broken: PaymentProvider = {
      ...vnpay,
      verifyIpn: () => {
        throw new Error('boom');
      },
    };
    expect(await handleIpn(db(), {}, broken)).toEqual({ RspCode: '99', Message: 'Unknow error' });
  });
});

describe('sandbox payment and the return page', () => {
  it('pays through the sandbox: signed request, IPN grants, return reports paid', async () => {
    const user = await insertUser();
    const order = await newOrder(user.id, sandbox);
    expect(order.paymentUrl.startsWith('/vip/sandbox-pay?')).toBe(true);
    const request = Object.fromEntries(new URL(order.paymentUrl, 'http://localhost:3000').searchParams);
    const result = buildSandboxResult(request, 'paid', sandboxConfig);

    const pendingReturn = await handleReturn(db(), result.returnQuery, sandbox);
    expect(pendingReturn).toMatchObject({ valid: true, ref: order.ref, status: 'pending', planName: PLAN.name });
    expect(pendingReturn.message).toMatch(/đang được xác nhận/);
    expect(await expiryOf(user.id)).toBe(0);

    expect((await handleIpn(db(), result.ipnQuery, sandbox)).RspCode).toBe('00');
    expect(isVipActive(await expiryOf(user.id))).toBe(true);
    const paidReturn = await handleReturn(db(), result.returnQuery, sandbox);
    expect(paidReturn).toMatchObject({ status: 'paid', amount: 59_000, message: 'Thanh toán thành công. Gói VIP của bạn đã được kích hoạt.' });
  });

  it('reports a sandbox cancellation and grants nothing', async () => {
    const user = await insertUser();
    const order = await newOrder(user.id, sandbox);
    const request = Object.fromEntries(new URL(order.paymentUrl, 'http://localhost:3000').searchParams);
    const result = buildSandboxResult(request, 'cancelled', sandboxConfig);
    expect((await handleIpn(db(), result.ipnQuery, sandbox)).RspCode).toBe('00');
    expect(await handleReturn(db(), result.returnQuery, sandbox)).toMatchObject({ status: 'cancelled', message: expect.stringMatching(/hủy/) });
    expect(await expiryOf(user.id)).toBe(0);
  });

  it('does not trust a return with a bad signature', async () => {
    const user = await insertUser();
    const { ref, amount } = await newOrder(user.id);
    const report = await handleReturn(db(), { ...ipnFor(ref, amount), vnp_Amount: '1' }, vnpay);
    expect(report).toMatchObject({ valid: false, status: 'unknown' });
    expect((await orderRow(ref)).status).toBe('pending');
  });

  it('lists a reader’s orders newest first with plan and payment details', async () => {
    const user = await insertUser();
    const first = await newOrder(user.id);
    const second = await newOrder(user.id);
    await handleIpn(db(), ipnFor(second.ref, second.amount), vnpay);
    const history = await listOrders(db(), user.id);
    expect(history.map((item) => item.ref)).toEqual([second.ref, first.ref]);
    expect(history[0]).toMatchObject({ planName: PLAN.name, planCode: PLAN.code, amount: 59_000, status: 'paid', paidAt: expect.any(Date) });
    expect(history[1]).toMatchObject({ status: 'pending', paidAt: null, createdAt: expect.any(Date) });
  });
});

describe('VIP status', () => {
  it('is active strictly before the second of expiry', () => {
    expect(isVipActive(1_700_000_000, 1_699_999_999)).toBe(true);
    expect(isVipActive(1_700_000_000, 1_700_000_000)).toBe(false);
    expect(isVipActive(1_700_000_000, 1_700_000_001)).toBe(false);
    expect(isVipActive(0)).toBe(false);
  });
});
