/**
 * GET /api/vip/ipn over real HTTP, as the payment gateway calls it: always HTTP 200 with VNPay's
 * RspCode; VIP granted exactly once; wrong amounts, bad checksums and unknown orders change nothing.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import ipnHandler from '@/pages/api/vip/ipn';
import { db } from '@/server/db/client';
import { users, vipOrders, vipPlans } from '@/server/db/schema';
import { readSandboxConfig } from '@/server/config/payments';
import { signParams } from '@/server/payments/vnpay';
import { SECONDS_PER_DAY, createOrder, nowSeconds } from '@/server/services/vip';
import { startApiServer, type ApiServer } from '../helpers/apiServer';
import { signedIpn } from '../helpers/vipIpn';

const PLAN = { code: `ipn-${randomBytes(3).toString('hex')}`, name: '1 tháng', days: 30, price: 49_000, position: 9 };
const secret = readSandboxConfig(process.env).hashSecret;
let site: ApiServer;
let userCount = 0;

async function newReader(expireTime = 0) {
  const id = `ipn-reader-${PLAN.code}-${(userCount += 1)}`;
  await db().insert(users).values({ id, email: `${id}@example.com`, username: 'Bạn đọc', expireTime });
  return id;
}

async function newOrder(userId: string) {
  return createOrder(db(), { userId, planCode: PLAN.code, ipAddr: '127.0.0.1', returnUrl: 'http://localhost/vip/ket-qua' });
}

const ipnFor = (ref: string, amount: number, responseCode = '00', overrides: Record<string, string> = {}) =>
  signedIpn({ tmnCode: 'TRUYENAU', secret }, ref, amount, responseCode, overrides);

async function sendIpn(query: Record<string, string>, method = 'GET') {
  const response = await fetch(`${site.origin}/api/vip/ipn?${new URLSearchParams(query).toString()}`, { method });
  return { status: response.status, body: (await response.json()) as { RspCode?: string; Message?: string; message?: string } };
}

async function expiryOf(userId: string) {
  const [row] = await db().select({ expireTime: users.expireTime }).from(users).where(eq(users.id, userId));
  return row.expireTime;
}

async function statusOf(ref: string) {
  const [row] = await db().select({ status: vipOrders.status }).from(vipOrders).where(eq(vipOrders.ref, ref));
  return row.status;
}

beforeAll(async () => {
  await db().insert(vipPlans).values(PLAN);
  site = await startApiServer({ '/api/vip/ipn': ipnHandler });
});

afterAll(async () => {
  await site.close();
});

describe('GET /api/vip/ipn', () => {
  it('grants the plan for a paid order and answers 02 to the same IPN again', async () => {
    const reader = await newReader();
    const { ref, amount } = await newOrder(reader);
    const before = nowSeconds();
    expect(await sendIpn(ipnFor(ref, amount))).toEqual({ status: 200, body: { RspCode: '00', Message: 'Confirm Success' } });
    const granted = await expiryOf(reader);
    expect(granted).toBeGreaterThanOrEqual(before + PLAN.days * SECONDS_PER_DAY);
    expect(granted).toBeLessThanOrEqual(nowSeconds() + PLAN.days * SECONDS_PER_DAY);
    expect(await statusOf(ref)).toBe('paid');

    expect(await sendIpn(ipnFor(ref, amount))).toEqual({ status: 200, body: { RspCode: '02', Message: 'Order already confirmed' } });
    expect(await expiryOf(reader)).toBe(granted);
  });

  it('grants once when the IPN arrives several times at once', async () => {
    const reader = await newReader();
    const { ref, amount } = await newOrder(reader);
    const query = ipnFor(ref, amount);
    const answers = await Promise.all([1, 2, 3, 4].map(() => sendIpn(query)));
    expect(answers.map((answer) => answer.body.RspCode).sort()).toEqual(['00', '02', '02', '02']);
    const expiry = await expiryOf(reader);
    expect(expiry).toBeGreaterThan(nowSeconds() + (PLAN.days - 1) * SECONDS_PER_DAY);
    expect(expiry).toBeLessThanOrEqual(nowSeconds() + PLAN.days * SECONDS_PER_DAY);
  });

  it('extends from the current expiry of a member', async () => {
    const current = nowSeconds() + 5 * SECONDS_PER_DAY;
    const reader = await newReader(current);
    const { ref, amount } = await newOrder(reader);
    expect((await sendIpn(ipnFor(ref, amount))).body.RspCode).toBe('00');
    expect(await expiryOf(reader)).toBe(current + PLAN.days * SECONDS_PER_DAY);
  });

  it('answers 04 to a wrong amount and changes nothing', async () => {
    const reader = await newReader();
    const { ref, amount } = await newOrder(reader);
    expect(await sendIpn(ipnFor(ref, amount - 1_000))).toEqual({ status: 200, body: { RspCode: '04', Message: 'invalid amount' } });
    expect(await statusOf(ref)).toBe('pending');
    expect(await expiryOf(reader)).toBe(0);
  });

  it('answers 97 to a bad or missing checksum and changes nothing', async () => {
    const reader = await newReader();
    const { ref, amount } = await newOrder(reader);
    const tampered = { ...ipnFor(ref, amount, '24'), vnp_ResponseCode: '00', vnp_TransactionStatus: '00' };
    expect(await sendIpn(tampered)).toEqual({ status: 200, body: { RspCode: '97', Message: 'Invalid signature' } });
    const foreign = signParams(ipnFor(ref, amount), 'someone-elses-secret');
    expect((await sendIpn(foreign)).body.RspCode).toBe('97');
    const { vnp_SecureHash: _hash, ...unsigned } = ipnFor(ref, amount);
    expect(_hash).toHaveLength(128);
    expect((await sendIpn(unsigned)).body.RspCode).toBe('97');
    expect((await sendIpn({})).body.RspCode).toBe('97');
    expect(await statusOf(ref)).toBe('pending');
    expect(await expiryOf(reader)).toBe(0);
  });

  it('answers 01 to an unknown order', async () => {
    expect(await sendIpn(ipnFor('20250101000000FFFFFFFFFFFFFFFF', 49_000))).toEqual({ status: 200, body: { RspCode: '01', Message: 'Order not found' } });
  });

  it('records a cancelled payment without granting anything', async () => {
    const reader = await newReader();
    const { ref, amount } = await newOrder(reader);
    expect((await sendIpn(ipnFor(ref, amount, '24'))).body.RspCode).toBe('00');
    expect(await statusOf(ref)).toBe('cancelled');
    expect(await expiryOf(reader)).toBe(0);
    expect((await sendIpn(ipnFor(ref, amount))).body.RspCode).toBe('02');
    expect(await expiryOf(reader)).toBe(0);
  });

  it('answers only GET', async () => {
    const { status, body } = await sendIpn({}, 'POST');
    expect(status).toBe(405);
    expect(body.message).toBeTruthy();
  });
});
