import { eq } from 'drizzle-orm';
import type { Paged } from '@/lib/types';
import dictionariesHandler from '@/pages/api/admin/dictionaries';
import tryHandler from '@/pages/api/admin/dictionaries/try';
import healthHandler from '@/pages/api/admin/health';
import storyHandler from '@/pages/api/admin/stories/[id]';
import hideStoryHandler from '@/pages/api/admin/stories/[id]/hide';
import removeStoryHandler from '@/pages/api/admin/stories/[id]/remove';
import unhideStoryHandler from '@/pages/api/admin/stories/[id]/unhide';
import storiesHandler from '@/pages/api/admin/stories';
import grantHandler from '@/pages/api/admin/vip/grant';
import ordersHandler from '@/pages/api/admin/vip/orders';
import slugHandler from '@/pages/api/book/slug/[slug]';
import { db } from '@/server/db/client';
import { auditLog, bookmarks, convertUploads, embeddedSources, stories, storyViewsDaily, users, vipOrders, vipPlans } from '@/server/db/schema';
import { reloadIfUploadsChanged } from '@/server/convert/operatorDictionaries';
import { watchDictionaryUploads } from '@/server/services/admin/dictionaries';
import type { DictionaryLoad } from '@/lib/api/admin';
import { fetchEvent, onFetchEvent } from '@/server/fetch/fetchEvents';
import type { AdminUser } from '@/server/services/admin/accounts';
import { countEvent, countSourceEvents, flushCounters } from '@/server/services/admin/counters';
import { refreshSiteStats, type DailyFigures, type SourceFigures } from '@/server/services/admin/health';
import type { AdminOrder } from '@/server/services/admin/orders';
import type { AdminStory } from '@/server/services/admin/stories';
import { markChecked } from '@/server/services/embedding/check';
import { createVnpayProvider, formatVnpDate, signParams } from '@/server/payments/vnpay';
import { handleIpn, nowSeconds, SECONDS_PER_DAY } from '@/server/services/vip';
import { viewDay } from '@/server/services/views/windows';
import { callApi } from '../helpers/api';
import { createOperator, createReader } from '../helpers/admin';
import type { TestIdentity } from '../helpers/auth';
import { insertGenre, insertStory, resetDatabase } from '../helpers/db';

type Failure = { message: string };

const SECRET = 'TESTSECRETKEY0123456789ABCDEFGHI';
type One<T> = { message: T } & Failure;

let operator: TestIdentity;
let buyer: TestIdentity;
let native: { id: number; slug: string };
let embedded: { id: number; slug: string };

const auditOf = async (targetId: number | string) => db().select().from(auditLog).where(eq(auditLog.targetId, String(targetId))).orderBy(auditLog.id);

beforeAll(async () => {
  await resetDatabase();
  operator = await createOperator('ops-op');
  buyer = await createReader('ops-buyer');
  await insertGenre('Tiên Hiệp', 1);
  await insertGenre('Đô Thị', 2);
  native = await insertStory({ title: 'Đấu Phá Thương Khung', author: 'Thiên Tằm Thổ Đậu' });
  embedded = await insertStory({ title: 'Truyện Nhúng Thử', hidden: true });
  await db().update(stories).set({ origin: 'embedded' }).where(eq(stories.id, embedded.id));
  await db().insert(embeddedSources).values({ storyId: embedded.id, site: '69shuba', sourceUrl: 'https://www.69shuba.com/book/1.htm' });
  await db().insert(bookmarks).values({ userId: buyer.uid, storyId: embedded.id, follow: true, save: true, time: Date.now() });
});

afterAll(() => onFetchEvent(null));

describe('stories', () => {
  it('are searched accents ignored, filtered by hidden and origin, with an embedded story’s source', async () => {
    const search = async (params: Record<string, string>) => (await callApi<Paged<AdminStory>>(storiesHandler, { token: operator.token, params })).body;
    expect((await search({ query: 'dau pha' })).results.map((s) => s._id)).toEqual([String(native.id)]);
    expect((await search({ query: 'thien tam' })).results.map((s) => s._id)).toEqual([String(native.id)]);
    expect((await search({ hidden: 'true' })).results.map((s) => s._id)).toEqual([String(embedded.id)]);
    expect((await search({ origin: 'native' })).total).toBe(1);

    await markChecked(db(), embedded.id, new Error('69shuba: the page no longer parses'));
    const { body } = await callApi<One<AdminStory>>(storyHandler, { token: operator.token, params: { id: String(embedded.id) } });
    expect(body.message).toMatchObject({ hidden: true, origin: 'embedded', source: { site: '69shuba', sourceUrl: 'https://www.69shuba.com/book/1.htm', following: true, lastError: '69shuba: the page no longer parses' } });
    expect(body.message.source!.lastCheckedAt).toBeGreaterThan(Date.now() - 60_000);
  });

  it('are edited: title, author, genres by name, status, description and cover, before and after audited', async () => {
    const patch = (body: unknown) => callApi<One<AdminStory>>(storyHandler, { method: 'PATCH', token: operator.token, params: { id: String(native.id) }, body });
    const edited = await patch({ title: 'Đấu Phá Thương Khung (bản mới)', genres: ['tien hiep', 'Đô Thị'], status: 'completed', cover: 'https://img.example/cover.jpg' });
    expect(edited.status).toBe(200);
    expect(edited.body.message).toMatchObject({ title: 'Đấu Phá Thương Khung (bản mới)', status: 'completed', cover: 'https://img.example/cover.jpg', genres: [{ name: 'Tiên Hiệp' }, { name: 'Đô Thị' }] });
    const [row] = await db().select().from(stories).where(eq(stories.id, native.id));
    expect(row.searchTitle).toBe('dau pha thuong khung (ban moi)');
    const [entry] = await auditOf(native.id);
    expect(entry).toMatchObject({
      action: 'story.update',
      actorId: operator.uid,
      before: { title: 'Đấu Phá Thương Khung', genres: [], status: 'ongoing', cover: null },
      after: { title: 'Đấu Phá Thương Khung (bản mới)', genres: ['tien hiep', 'Đô Thị'], status: 'completed' },
    });
    expect((await patch({ genres: ['Không Có'] })).status).toBe(400);
    expect((await patch({ slug: 'doi-slug' })).status).toBe(400);
    expect((await patch({ cover: 'javascript:alert(1)' })).status).toBe(400);
  });

  it('are hidden, unhidden and removed with a note: gone for readers, audited, 404 after removal', async () => {
    const call = (handler: typeof hideStoryHandler, body: unknown) => callApi<One<AdminStory>>(handler, { method: 'POST', token: operator.token, params: { id: String(native.id) }, body });
    const reader = () => callApi(slugHandler, { params: { slug: native.slug } });
    expect((await reader()).status).toBe(200);
    expect((await call(hideStoryHandler, {})).status).toBe(400);
    const hidden = await call(hideStoryHandler, { note: 'Thư khiếu nại bản quyền số 12' });
    expect(hidden.body.message).toMatchObject({ _id: String(native.id), hidden: true });
    expect((await reader()).status).toBe(404);
    expect((await call(unhideStoryHandler, { note: 'Đã có giấy phép' })).body.message.hidden).toBe(false);
    expect((await reader()).status).toBe(200);
    const removed = await callApi<One<{ _id: string; removed: boolean }>>(removeStoryHandler, { method: 'POST', token: operator.token, params: { id: String(native.id) }, body: { note: 'Gỡ hẳn' } });
    expect(removed.body).toEqual({ message: { _id: String(native.id), removed: true } });
    expect((await reader()).status).toBe(404);
    expect((await callApi(storyHandler, { token: operator.token, params: { id: String(native.id) } })).status).toBe(404);
    expect((await auditOf(native.id)).map((e) => [e.action, e.actorId, e.note])).toEqual([
      ['story.update', operator.uid, ''],
      ['story.hide', operator.uid, 'Thư khiếu nại bản quyền số 12'],
      ['story.unhide', operator.uid, 'Đã có giấy phép'],
      ['story.remove', operator.uid, 'Gỡ hẳn'],
    ]);
  });
});

describe('VIP', () => {
  let ref: string;

  beforeAll(async () => {
    const [plan] = await db().insert(vipPlans).values({ code: 'vip-30', name: 'VIP 30 ngày', days: 30, price: 59_000 }).returning();
    ref = 'ORDER20261126ABCDEF';
    await db().insert(vipOrders).values({ ref, userId: buyer.uid, planId: plan.id, amount: 59_000, provider: 'vnpay', status: 'paid', providerRef: '14226112', paidAt: new Date() });
    await db().insert(vipOrders).values({ ref: 'ORDER-OTHER', userId: operator.uid, planId: plan.id, amount: 59_000, provider: 'vnpay' });
  });

  it('orders are found by the buyer’s email or the reference, with their status', async () => {
    const find = async (params: Record<string, string>) => (await callApi<Paged<AdminOrder>>(ordersHandler, { token: operator.token, params })).body;
    const byEmail = await find({ query: buyer.email.toUpperCase() });
    expect(byEmail.results).toEqual([expect.objectContaining({ ref, email: buyer.email, plan: 'VIP 30 ngày', amount: 59_000, status: 'paid', providerRef: '14226112', ipn: [] })]);
    expect((await find({ query: ref })).results.map((o) => o.ref)).toEqual([ref]);
    expect((await find({ status: 'pending' })).results.map((o) => o.ref)).toEqual(['ORDER-OTHER']);
    expect((await find({})).total).toBe(2);
  });

  it('orders show every signed payment notification (IPN) with its code and whether it was accepted as paid', async () => {
    const vnpay = createVnpayProvider({ tmnCode: 'TESTTMN1', hashSecret: SECRET, paymentUrl: 'https://sandbox.vnpayment.vn/paymentv2/vpcpay.html' });
    const ipn = (code: string) =>
      signParams(
        { vnp_Amount: String(59_000 * 100), vnp_ResponseCode: code, vnp_TmnCode: 'TESTTMN1', vnp_TransactionNo: '0', vnp_TransactionStatus: code === '00' ? '00' : '02', vnp_TxnRef: 'ORDER-OTHER', vnp_PayDate: formatVnpDate(new Date()) },
        SECRET,
      );
    expect(await handleIpn(db(), ipn('24'), vnpay)).toMatchObject({ RspCode: '00' });
    expect(await handleIpn(db(), ipn('00'), vnpay)).toMatchObject({ RspCode: '02' });
    const { body } = await callApi<Paged<AdminOrder>>(ordersHandler, { token: operator.token, params: { query: 'ORDER-OTHER' } });
    expect(body.results[0]).toMatchObject({ status: 'cancelled', ipn: [{ code: '24', ok: false }, { code: '00', ok: false }] });
    expect(body.results[0].ipn[0].at).toBeGreaterThan(Date.now() - 60_000);
  });

  it('grants or extends VIP by hand from the later of now and the current expiry, with the reason audited', async () => {
    const grant = (body: unknown) => callApi<One<AdminUser>>(grantHandler, { method: 'POST', token: operator.token, body });
    const before = nowSeconds();
    const first = await grant({ email: buyer.email, days: 10, reason: 'Thanh toán lỗi, bù VIP' });
    expect(first.status).toBe(200);
    expect(first.body.message.expireTime).toBeGreaterThanOrEqual(before + 10 * SECONDS_PER_DAY);
    const second = await grant({ email: buyer.email, days: 5, reason: 'Tặng thêm' });
    expect(second.body.message.expireTime).toBe(first.body.message.expireTime + 5 * SECONDS_PER_DAY);
    expect((await auditOf(buyer.uid)).map((e) => [e.action, e.note])).toEqual([
      ['vip.grant', 'Thanh toán lỗi, bù VIP'],
      ['vip.grant', 'Tặng thêm'],
    ]);
    expect((await grant({ email: buyer.email, days: 3651, reason: 'x' })).status).toBe(400);
    expect((await grant({ email: buyer.email, days: 1 })).status).toBe(400);
    expect((await grant({ email: 'khong-co@example.com', days: 1, reason: 'x' })).status).toBe(404);
  });
});

describe('health', () => {
  it('shows 30 days of reads, listens, sign-ups and revenue computed by the scheduled job, and sources of 7 days', async () => {
    const today = viewDay(Date.now());
    const story = await insertStory({ title: 'Truyện Được Đọc' });
    await db().insert(storyViewsDaily).values([
      { storyId: story.id, day: today, views: 40 },
      { storyId: embedded.id, day: today, views: 2 },
    ]);
    countEvent(db(), 'listens');
    countEvent(db(), 'listens');
    countSourceEvents(db());
    fetchEvent('www.69shuba.com', 'fetch');
    fetchEvent('www.69shuba.com', 'fetch');
    fetchEvent('www.69shuba.com', 'challenge');
    fetchEvent('www.69shuba.com', 'block');
    fetchEvent('www.69shuba.com', 'parseError');
    await flushCounters();

    // Before the job runs, the page reads zeros rather than scanning.
    const empty = await callApi<One<{ daily: DailyFigures[] }>>(healthHandler, { token: operator.token });
    expect(empty.body.message.daily.at(-1)).toEqual({ day: today, reads: 0, listens: 0, signups: 0, revenue: 0 });

    expect(await refreshSiteStats(db())).toBe(30);
    const { status, body } = await callApi<One<{ daily: DailyFigures[]; sources: SourceFigures[]; now: Record<string, unknown> }>>(healthHandler, { token: operator.token });
    expect(status).toBe(200);
    const { daily, sources, now } = body.message;
    expect(daily).toHaveLength(30);
    expect(daily[0].day < daily[29].day).toBe(true);
    expect(daily[29]).toEqual({ day: today, reads: 42, listens: 2, signups: await db().$count(users), revenue: 59_000 });
    expect(sources).toEqual([{ site: 'www.69shuba.com', day: today, fetches: 2, blocks: 1, challenges: 1, parseErrors: 1 }]);
    expect(now).toMatchObject({ pool: { max: expect.any(Number) }, audioQueue: { running: expect.any(Number), queued: expect.any(Number) } });
    // Days already computed are not computed again, except today and yesterday.
    expect(await refreshSiteStats(db())).toBe(2);
  });
});

describe('dictionaries', () => {
  const upload = (body: unknown, token = operator.token) => callApi<One<DictionaryLoad> & Failure>(dictionariesHandler, { method: 'POST', token, body });
  const tryText = async (text: string) => (await callApi<One<string>>(tryHandler, { method: 'POST', token: operator.token, body: { text } })).body.message;

  it('lists what the process loaded and converts a sentence', async () => {
    const loaded = await callApi<One<{ loaded: unknown[]; uploads: boolean }>>(dictionariesHandler, { token: operator.token });
    expect(loaded.status).toBe(200);
    expect(loaded.body.message).toMatchObject({ loaded: expect.any(Array), uploads: true });
    const tried = await tryText('你好');
    expect(tried).toMatch(/\p{L}/u);
    expect(tried).not.toMatch(/[\u4e00-\u9fff]/);
    expect((await callApi(tryHandler, { method: 'POST', token: operator.token, body: { text: '字'.repeat(2001) } })).status).toBe(413);
  });

  it('loads an uploaded QT file as QT does (lines without "=" skipped and counted), records it, and converts with it at once', async () => {
    watchDictionaryUploads(db());
    const text = '\uFEFF奥利维亚=Olivia\r\n这一行没有等号\r\n艾德蒙=Edmund\r\n';
    const answer = await upload({ kind: 'names', name: 'Names.txt', text });
    expect(answer.status).toBe(200);
    expect(answer.body.message).toEqual({ entries: 2, skipped: 1, firstSkipped: 'Names.txt:2' });
    expect(await tryText('奥利维亚看着艾德蒙。')).toMatch(/Olivia.*Edmund/);

    const listed = await callApi<One<{ loaded: { kind: string; entries: number; skipped: number | null }[] }>>(dictionariesHandler, { token: operator.token });
    expect(listed.body.message.loaded).toEqual(expect.arrayContaining([expect.objectContaining({ kind: 'names', entries: 2, skipped: 1 })]));
    const [audit] = await db().select().from(auditLog).where(eq(auditLog.action, 'dictionary.upload'));
    expect(audit).toMatchObject({ actorEmail: operator.email, targetType: 'dictionary', targetId: 'names' });
  });

  it('picks up a newer upload made by another site process', async () => {
    watchDictionaryUploads(db());
    await upload({ kind: 'vietphrase', name: 'VietPhrase.txt', text: '青铜剑=kiếm đồng xanh\n' });
    expect(await tryText('青铜剑')).toMatch(/kiếm đồng xanh/i);
    // Another process stores a newer file; this one sees it on its next look.
    await db().insert(convertUploads).values({ kind: 'vietphrase', name: 'VietPhrase2.txt', content: '青铜剑=thanh đồng kiếm\n', entries: 1, uploadedBy: 'other@example.com' });
    expect(await reloadIfUploadsChanged()).toBe(true);
    expect(await tryText('青铜剑')).toMatch(/thanh đồng kiếm/i);
    expect(await reloadIfUploadsChanged()).toBe(false);
  });

  it('refuses a file without a single entry, and a reader', async () => {
    expect((await upload({ kind: 'vietphrase', name: 'empty.txt', text: 'không có dấu bằng\n' })).status).toBe(400);
    expect((await upload({ kind: 'names', name: 'a.txt', text: '张三=Trương Tam' }, buyer.token)).status).toBe(403);
  });
});
