/**
 * Account deletion checks revocation; payment records outlive the account, detached from the
 * person (the failure of the check itself: identityDown.test.ts).
 */
import { eq } from 'drizzle-orm';
import { adminAuth } from '@/server/auth/firebaseAdmin';
import meHandler from '@/pages/api/user/me';
import deleteHandler from '@/pages/api/user/delete';
import ipnHandler from '@/pages/api/vip/ipn';
import orderHandler from '@/pages/api/vip/order';
import { db } from '@/server/db/client';
import { users, vipOrders, vipPlans } from '@/server/db/schema';
import { VIP_PLANS } from '@/server/db/seed/demo';
import { readSandboxConfig } from '@/server/config/payments';
import { signParams } from '@/server/payments/vnpay';
import { callApi } from '../helpers/api';
import { createTestUser } from '../helpers/auth';
import { resetDatabase } from '../helpers/db';

beforeAll(async () => {
  await resetDatabase();
  await db().insert(vipPlans).values([...VIP_PLANS]);
});

describe('DELETE /api/user/delete', () => {
  it('refuses a token whose sessions were revoked', async () => {
    const reader = await createTestUser('revoked-delete');
    await callApi(meHandler, { token: reader.token });
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await adminAuth().revokeRefreshTokens(reader.uid);
    expect((await callApi(deleteHandler, { method: 'DELETE', token: reader.token, body: {} })).status).toBe(401);
    expect(await db().select().from(users).where(eq(users.id, reader.uid))).toHaveLength(1);
  });

  it('keeps the payment records, detached from the person, and a late IPN still records the payment', async () => {
    const reader = await createTestUser('leaving');
    await callApi(meHandler, { token: reader.token });
    const paid = await callApi<{ ref: string; paymentUrl: string }>(orderHandler, { method: 'POST', token: reader.token, body: { planCode: 'vip-1m' } });
    const pending = await callApi<{ ref: string; paymentUrl: string }>(orderHandler, { method: 'POST', token: reader.token, body: { planCode: 'vip-3m' } });
    expect([paid.status, pending.status]).toEqual([200, 200]);
    await db().update(vipOrders).set({ status: 'paid', paidAt: new Date() }).where(eq(vipOrders.ref, paid.body.ref));

    const deleted = await callApi<{ message: string }>(deleteHandler, { method: 'DELETE', token: reader.token, body: {} });
    expect(deleted).toMatchObject({ status: 200, body: { message: 'Đã xóa tài khoản' } });
    expect(await db().select().from(users).where(eq(users.id, reader.uid))).toHaveLength(0);

    const kept = await db().select({ ref: vipOrders.ref, userId: vipOrders.userId, status: vipOrders.status, amount: vipOrders.amount }).from(vipOrders);
    expect(kept).toEqual(
      expect.arrayContaining([
        { ref: paid.body.ref, userId: null, status: 'paid', amount: 49_000 },
        { ref: pending.body.ref, userId: null, status: 'pending', amount: 129_000 },
      ]),
    );

    // The gateway's notification of the pending order arrives after the deletion.
    const request = Object.fromEntries(new URL(pending.body.paymentUrl, 'http://localhost').searchParams);
    const ipn = signParams(
      {
        vnp_Amount: request.vnp_Amount,
        vnp_ResponseCode: '00',
        vnp_TransactionStatus: '00',
        vnp_TmnCode: request.vnp_TmnCode,
        vnp_TransactionNo: '12345678',
        vnp_TxnRef: pending.body.ref,
      },
      readSandboxConfig(process.env).hashSecret,
    );
    const answer = await callApi<{ RspCode: string }>(ipnHandler, { params: ipn });
    expect(answer.body.RspCode).toBe('00');
    const [row] = await db().select({ status: vipOrders.status, userId: vipOrders.userId }).from(vipOrders).where(eq(vipOrders.ref, pending.body.ref));
    expect(row).toEqual({ status: 'paid', userId: null });
  });
});
