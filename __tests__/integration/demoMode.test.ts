/**
 * Demo mode (the tests run on the Auth emulator, whose unsigned tokens the server accepts, with
 * the payment sandbox) serves this machine only: a request that came through a proxy, or names
 * another host, is refused with a message that says how to configure Firebase.
 */
import meHandler from '@/pages/api/user/me';
import bookmarksHandler from '@/pages/api/user/web/bookmarks';
import ipnHandler from '@/pages/api/vip/ipn';
import orderHandler from '@/pages/api/vip/order';
import completeHandler from '@/pages/api/vip/sandbox/complete';
import { db } from '@/server/db/client';
import { vipOrders, vipPlans } from '@/server/db/schema';
import { VIP_PLANS } from '@/server/db/seed/demo';
import { DEMO_REFUSED_MESSAGE } from '@/server/http/demoAccess';
import { callApi } from '../helpers/api';
import { createTestUser, type TestIdentity } from '../helpers/auth';
import { resetDatabase } from '../helpers/db';

/** What a reverse proxy on the same machine adds when it forwards a visitor's request. */
const PROXIED = { 'x-forwarded-for': '203.0.113.5', 'x-forwarded-host': 'truyen.example', 'x-forwarded-proto': 'https' };

/** An unsigned token of the emulator's form for any uid: what anyone can write. */
function unsignedToken(uid: string, email: string): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const projectId = process.env.FIREBASE_PROJECT_ID ?? 'demo-truyen-audio-test';
  const now = Math.floor(Date.now() / 1000);
  const claims = { iss: `https://securetoken.google.com/${projectId}`, aud: projectId, auth_time: now, user_id: uid, sub: uid, iat: now, exp: now + 3_600, email };
  return [encode({ alg: 'none', typ: 'JWT' }), encode({ ...claims, firebase: { identities: {}, sign_in_provider: 'password' } }), ''].join('.');
}

let victim: TestIdentity;

beforeAll(async () => {
  await resetDatabase();
  await db().insert(vipPlans).values([...VIP_PLANS]);
  victim = await createTestUser('demo-victim');
});

describe('demo mode through a proxy', () => {
  it('refuses an unsigned token made up for another reader, on guarded endpoints', async () => {
    const forged = unsignedToken(victim.uid, victim.email);
    for (const handler of [meHandler, bookmarksHandler]) {
      const answer = await callApi<{ message: string }>(handler, { token: forged, headers: PROXIED });
      expect(answer.status).toBe(403);
      expect(answer.body.message).toBe(DEMO_REFUSED_MESSAGE);
      expect(answer.body.message).toMatch(/Firebase/);
    }
    // Only X-Forwarded-For, or only another host, is enough to refuse.
    expect((await callApi(meHandler, { token: victim.token, headers: { 'x-forwarded-for': '198.51.100.1' } })).status).toBe(403);
    expect((await callApi(meHandler, { token: victim.token, headers: { 'x-forwarded-host': 'truyen.example' } })).status).toBe(403);
    expect((await callApi(meHandler, { token: victim.token, headers: { forwarded: 'for=198.51.100.1;host=truyen.example' } })).status).toBe(403);
  });

  it('serves the same reader on this machine', async () => {
    expect((await callApi(meHandler, { token: victim.token })).status).toBe(200);
  });

  it('gives no free VIP through the proxy: no order, no sandbox gateway, no IPN', async () => {
    const order = await callApi<{ message: string }>(orderHandler, { method: 'POST', token: victim.token, body: { planCode: 'vip-1m' }, headers: PROXIED });
    expect(order).toMatchObject({ status: 403, body: { message: DEMO_REFUSED_MESSAGE } });
    expect(await db().select().from(vipOrders)).toHaveLength(0);

    const complete = await callApi<{ message: string }>(completeHandler, { method: 'POST', body: { params: {}, outcome: 'paid' }, headers: PROXIED });
    expect(complete.status).toBe(403);
    const ipn = await callApi<{ message: string }>(ipnHandler, { params: { vnp_TxnRef: 'X', vnp_ResponseCode: '00' }, headers: PROXIED });
    expect(ipn.status).toBe(403);
  });
});
