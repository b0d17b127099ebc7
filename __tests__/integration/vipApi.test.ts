/**
 * The VIP purchase API over HTTP: plans, orders, purchase history, and the sandbox gateway,
 * whose "Thanh toán" / "Hủy" deliver the IPN to the site's own /api/vip/ipn over real HTTP.
 */
import { eq } from 'drizzle-orm';
import meHandler from '@/pages/api/user/me';
import ipnHandler from '@/pages/api/vip/ipn';
import orderHandler from '@/pages/api/vip/order';
import ordersHandler from '@/pages/api/vip/orders';
import plansHandler from '@/pages/api/vip/plans';
import completeHandler from '@/pages/api/vip/sandbox/complete';
import { db } from '@/server/db/client';
import { users, vipOrders, vipPlans } from '@/server/db/schema';
import { VIP_PLANS } from '@/server/db/seed/demo';
import { SECONDS_PER_DAY, handleReturn, nowSeconds } from '@/server/services/vip';
import { sandboxEnabled } from '@/server/services/vipSandbox';
import { callApi } from '../helpers/api';
import { startApiServer, type ApiServer } from '../helpers/apiServer';
import { createTestUser, type TestIdentity } from '../helpers/auth';
import { resetDatabase } from '../helpers/db';

type Order = { paymentUrl: string; ref: string; amount: number };
type Completion = { returnUrl: string; ipn: { RspCode: string; Message: string } | null };

let reader: TestIdentity;
let site: ApiServer;

async function expiryOf(uid: string): Promise<number> {
  const [row] = await db().select({ expireTime: users.expireTime }).from(users).where(eq(users.id, uid));
  return row.expireTime;
}

async function orderStatus(ref: string) {
  const [row] = await db().select({ status: vipOrders.status }).from(vipOrders).where(eq(vipOrders.ref, ref));
  return row?.status;
}

async function placeOrder(token: string, planCode = 'vip-1m') {
  const answer = await callApi<Order>(orderHandler, { method: 'POST', token, body: { planCode } });
  expect(answer.status).toBe(200);
  return answer.body;
}

function paymentParams(paymentUrl: string): Record<string, string> {
  return Object.fromEntries(new URL(paymentUrl, 'http://localhost').searchParams);
}

async function complete(params: Record<string, string>, outcome: 'paid' | 'cancelled') {
  const response = await fetch(`${site.origin}/api/vip/sandbox/complete`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ params, outcome }),
  });
  return { status: response.status, body: (await response.json()) as Completion & { message?: string } };
}

beforeAll(async () => {
  await resetDatabase();
  await db().insert(vipPlans).values([...VIP_PLANS]);
  reader = await createTestUser('vip-buyer');
  site = await startApiServer({ '/api/vip/ipn': ipnHandler, '/api/vip/sandbox/complete': completeHandler });
});

afterAll(async () => {
  await site.close();
});

describe('GET /api/vip/plans', () => {
  it('lists the plans on sale in their order, prices in VND', async () => {
    const { status, body } = await callApi<{ results: { code: string; days: number; price: number }[] }>(plansHandler);
    expect(status).toBe(200);
    expect(body.results.map((plan) => [plan.code, plan.days, plan.price])).toEqual([
      ['vip-1m', 30, 49_000],
      ['vip-3m', 90, 129_000],
      ['vip-12m', 365, 449_000],
    ]);
  });
});

describe('POST /api/vip/order', () => {
  it('needs a signed-in reader and a plan on sale', async () => {
    expect((await callApi(orderHandler, { method: 'POST', body: { planCode: 'vip-1m' } })).status).toBe(401);
    expect((await callApi(orderHandler, { method: 'POST', token: reader.token, body: {} })).status).toBe(400);
    const unknown = await callApi<{ message: string }>(orderHandler, { method: 'POST', token: reader.token, body: { planCode: 'vip-99' } });
    expect(unknown).toMatchObject({ status: 404, body: { message: 'Không tìm thấy gói VIP.' } });
    expect((await callApi(orderHandler, { method: 'GET', token: reader.token })).status).toBe(405);
  });

  it('creates a pending order and a signed sandbox payment URL returning to the origin the reader used (this machine, in demo mode)', async () => {
    const order = await placeOrder(reader.token, 'vip-3m');
    expect(order.paymentUrl.startsWith('/vip/sandbox-pay?')).toBe(true);
    expect(order.amount).toBe(129_000);
    expect(paymentParams(order.paymentUrl)).toMatchObject({
      vnp_TxnRef: order.ref,
      vnp_Amount: '12900000',
      vnp_ReturnUrl: expect.stringMatching(/^http:\/\/(localhost|127\.0\.0\.1)(:\d+)?\/vip\/ket-qua$/),
      vnp_SecureHash: expect.stringMatching(/^[0-9a-f]{128}$/),
    });
    expect(await orderStatus(order.ref)).toBe('pending');
  });
});

describe('the sandbox gateway', () => {
  it('is open in demo mode (the tests run on the Auth emulator)', () => {
    expect(sandboxEnabled()).toBe(true);
  });

  it('"Thanh toán" sends the IPN over HTTP, which grants the plan once, and returns the reader', async () => {
    const { token, uid } = await createTestUser('vip-paid');
    await callApi(meHandler, { token });
    const order = await placeOrder(token);
    const params = paymentParams(order.paymentUrl);

    const before = nowSeconds();
    const first = await complete(params, 'paid');
    const after = nowSeconds();
    expect(first.status).toBe(200);
    expect(first.body.ipn).toEqual({ RspCode: '00', Message: 'Confirm Success' });
    expect(first.body.returnUrl).toMatch(/^http:\/\/(localhost|127\.0\.0\.1)(:\d+)?\/vip\/ket-qua\?/);
    const granted = await expiryOf(uid);
    expect(granted).toBeGreaterThanOrEqual(before + 30 * SECONDS_PER_DAY);
    expect(granted).toBeLessThanOrEqual(after + 30 * SECONDS_PER_DAY);
    expect(await orderStatus(order.ref)).toBe('paid');

    const report = await handleReturn(db(), Object.fromEntries(new URL(first.body.returnUrl).searchParams));
    expect(report).toMatchObject({ valid: true, ref: order.ref, status: 'paid', planName: '1 tháng', amount: 49_000 });

    const again = await complete(params, 'paid');
    expect(again.body.ipn).toMatchObject({ RspCode: '02' });
    expect(await expiryOf(uid)).toBe(granted);
  });

  it('"Hủy" cancels the order and grants nothing', async () => {
    const { token, uid } = await createTestUser('vip-cancel');
    await callApi(meHandler, { token });
    const order = await placeOrder(token);
    const { status, body } = await complete(paymentParams(order.paymentUrl), 'cancelled');
    expect(status).toBe(200);
    expect(body.ipn).toMatchObject({ RspCode: '00' });
    expect(await orderStatus(order.ref)).toBe('cancelled');
    expect(await expiryOf(uid)).toBe(0);
    const report = await handleReturn(db(), Object.fromEntries(new URL(body.returnUrl).searchParams));
    expect(report).toMatchObject({ status: 'cancelled', message: 'Bạn đã hủy giao dịch. Gói VIP chưa được kích hoạt.' });
  });

  it('refuses a tampered payment request and changes nothing', async () => {
    const order = await placeOrder(reader.token);
    const params = { ...paymentParams(order.paymentUrl), vnp_Amount: '100' };
    const { status, body } = await complete(params, 'paid');
    expect(status).toBe(400);
    expect(body.message).toBe('Yêu cầu thanh toán không hợp lệ.');
    expect(await orderStatus(order.ref)).toBe('pending');
  });
});

describe('GET /api/vip/orders', () => {
  it("lists the reader's own orders, newest first, and needs a token", async () => {
    expect((await callApi(ordersHandler)).status).toBe(401);
    const { status, body } = await callApi<{ results: { planCode: string; status: string; createdAt: number; paidAt: number | null }[] }>(
      ordersHandler,
      { token: reader.token },
    );
    expect(status).toBe(200);
    expect(body.results.map((order) => [order.planCode, order.status])).toEqual([
      ['vip-1m', 'pending'],
      ['vip-3m', 'pending'],
    ]);
    expect(typeof body.results[0].createdAt).toBe('number');
    const stranger = await createTestUser('vip-stranger');
    expect((await callApi<{ results: unknown[] }>(ordersHandler, { token: stranger.token })).body.results).toEqual([]);
  });
});
