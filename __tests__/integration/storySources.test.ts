import { and, asc, eq } from 'drizzle-orm';
import embedHandler from '@/pages/api/embedding/embed';
import chapterHandler from '@/pages/api/embedding/chapter';
import switchHandler from '@/pages/api/embedding/switch-source';
import sourcesHandler from '@/pages/api/admin/stories/[id]/sources';
import domainsHandler from '@/pages/api/admin/sources/domains';
import type { EmbedResult } from '@/lib/api/embedding';
import type { AdminSiteDomain, AdminStorySources } from '@/lib/api/admin';
import { signChapterRequest } from '@/lib/chapterSign';
import { db } from '@/server/db/client';
import { auditLog, chapters, stories, storySourceChapters, storySources } from '@/server/db/schema';
import { env } from '@/server/env';
import { loadEmbeddedChapter, runFollowCheck } from '@/server/services/embedding';
import { BUNKER, TWIN_22, TWIN_69, TWIN_PIAOTIA, TWIN_QUANBEN5 } from '../fixtures/sources/books';
import { createOperator } from '../helpers/admin';
import { callApi } from '../helpers/api';
import type { TestIdentity } from '../helpers/auth';
import { resetDatabase } from '../helpers/db';
import { fixtureSourcesForFile } from '../helpers/fixtureSources';

const fixtureSites = fixtureSourcesForFile();
const LINK_69 = `https://www.69shuba.com/book/${TWIN_69.bookId}.htm`;
const LINK_22 = `https://www.22biqu.com/biqu${TWIN_22.bookId}/`;
const saved = { after: process.env.SOURCE_FAILOVER_AFTER };
let operator: TestIdentity;
let storyId: number;

async function embed(link: string) {
  const { status, body } = await callApi<{ message: EmbedResult }>(embedHandler, { method: 'POST', body: { link } });
  expect(status).toBe(200);
  return body.message;
}

const sourcesOf = async () => db().select().from(storySources).where(eq(storySources.storyId, storyId)).orderBy(asc(storySources.priority));
const serving = async () => (await sourcesOf()).find((source) => source.serving)?.site;
const read = (index: number) => loadEmbeddedChapter(db(), { storyId, index });
const requestsTo = (host: string, since: number) => fixtureSites().requests.slice(since).filter((line) => line.startsWith(`${host} `));
const sign = (index: number) => signChapterRequest({ truyenId: String(storyId), index, time: Math.floor(Date.now() / 1000) }, env().CHAPTER_SIGN_KEY);
const adminSources = async () => (await callApi<{ message: AdminStorySources }>(sourcesHandler, { token: operator.token, params: { id: String(storyId) } })).body.message;

beforeAll(async () => {
  await resetDatabase();
  process.env.SOURCE_FAILOVER_AFTER = '2';
  operator = await createOperator('sources-op');
});

afterAll(() => {
  if (saved.after === undefined) delete process.env.SOURCE_FAILOVER_AFTER;
  else process.env.SOURCE_FAILOVER_AFTER = saved.after;
});

describe('several sources of one story', () => {
  it('adds the same book pasted from another site to the story, with its chapters aligned', async () => {
    const first = await embed(LINK_69);
    expect(first.created).toBe(true);
    storyId = Number(first.storyId);
    const second = await embed(LINK_22);
    expect(second).toMatchObject({ storyId: first.storyId, created: false, sourceAdded: true });
    const [a, b] = await sourcesOf();
    expect([a.site, a.serving, a.priority, b.site, b.serving, b.priority, b.addedBy]).toEqual(['69shuba', true, 0, '22biqu', false, 1, 'reader']);
    const mapped = await db().select().from(storySourceChapters).where(eq(storySourceChapters.sourceId, b.id)).orderBy(asc(storySourceChapters.chapterIndex));
    // 22笔趣 has no prologue and numbers straight through: its 第一章 is the story's chapter 2, its
    // 第六章 the story's 7 (69shu's 第二卷 第1章), and its 第十二章 is one the story does not have yet.
    expect(mapped.map((row) => row.chapterIndex)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(mapped[0].title).toBe('第一章 七玄门');
    expect(mapped[5].title).toBe('第六章 血色禁地');
    // Pasting it again finds the same story.
    expect(await embed(`https://22biqu.com/biqu${TWIN_22.bookId}/`)).toMatchObject({ storyId: first.storyId, created: false });
  });

  it('joins copies on other sites too (全本小说网 and 飘天文学)', async () => {
    const first = await embed(`https://quanben5.com/n/${TWIN_QUANBEN5.bookId}/`);
    expect(first.created).toBe(true);
    expect(await embed(`https://www.piaotia.com/bookinfo/13/${TWIN_PIAOTIA.bookId}.html`)).toMatchObject({ storyId: first.storyId, sourceAdded: true });
  });

  it('keeps a different book as its own story', async () => {
    const other = await embed(`https://www.22biqu.com/biqu${BUNKER.bookId}/`);
    expect(other.created).toBe(true);
    expect(other.storyId).not.toBe(String(storyId));
  });

  it('reads a chapter from the serving source', async () => {
    const since = fixtureSites().requests.length;
    expect(await read(2)).toMatch(/Hàn Lập|Mặc đại phu|Tu tiên|Trường Xuân|Lệ Phi Vũ/i);
    expect(requestsTo('www.69shuba.com', since).length).toBeGreaterThan(0);
    expect(requestsTo('www.22biqu.com', since)).toEqual([]);
  });
});

describe('failover', () => {
  it('hands over to the next source after SOURCE_FAILOVER_AFTER failures, logged with the reason', async () => {
    // The book is gone from 69shu (every page 404).
    fixtureSites().setMode('69shuba', 'gone');
    await expect(read(3)).rejects.toMatchObject({ status: 404 });
    expect(await serving()).toBe('69shuba');
    expect((await sourcesOf())[0].failures).toBe(1);
    // The second failure in a row hands over, and the same read is served by 22笔趣.
    const since = fixtureSites().requests.length;
    expect(await read(4)).toBeTruthy();
    expect(await serving()).toBe('22biqu');
    expect(requestsTo('www.22biqu.com', since).some((line) => line.includes(`${TWIN_22.chapterIdBase + 3}`))).toBe(true);
    const [switched] = await db().select().from(auditLog).where(eq(auditLog.action, 'story.source.failover'));
    expect(switched).toMatchObject({ targetType: 'story', targetId: String(storyId), actorId: 'system' });
    expect(switched.note).toMatch(/^2 lỗi liên tiếp: /);
    const [a] = await sourcesOf();
    expect(a.retryAt!.getTime()).toBeGreaterThan(Date.now());
  });

  it('reads the next chapters from the new source without asking the failing one', async () => {
    const since = fixtureSites().requests.length;
    expect(await read(5)).toBeTruthy();
    expect(requestsTo('www.69shuba.com', since)).toEqual([]);
  });

  it('reads a chapter only the failing source has from it, and says so when it cannot', async () => {
    // The prologue is on 69shu only; 69shu waits for its retry.
    await expect(read(1)).rejects.toMatchObject({ status: 503 });
  });

  it('follows new chapters from the serving source, numbered after the story’s', async () => {
    const report = await runFollowCheck(db(), { storyId });
    expect(report).toMatchObject({ checked: 1, added: 1, failed: 0 });
    const [added] = await db().select().from(chapters).where(and(eq(chapters.storyId, storyId), eq(chapters.index, 13)));
    expect(added.title).toMatch(/^Chương 12: /);
    expect(added.sourceUrl).toContain(`${TWIN_22.chapterIdBase + 12}`);
    expect(await read(13)).toBeTruthy();
  });

  it('shows the sources, the switch and its reason in the console', async () => {
    const view = await adminSources();
    expect(view.sources.map((source) => [source.site, source.serving, source.aligned])).toEqual([
      ['69shuba', false, 12],
      ['22biqu', true, 12],
    ]);
    expect(view.sources[0].lastError).toBeTruthy();
    expect(view.switches[0]).toMatchObject({ action: 'story.source.failover', from: '69shuba', to: '22biqu', actor: 'system' });
    expect(view.allFailing).toBe(false);
  });

  it('tries the first source again later and returns to it when it answers', async () => {
    fixtureSites().setMode('69shuba', 'normal');
    await db().update(storySources).set({ retryAt: new Date(Date.now() - 1000) }).where(and(eq(storySources.storyId, storyId), eq(storySources.site, '69shuba')));
    const since = fixtureSites().requests.length;
    expect(await read(6)).toBeTruthy();
    expect(requestsTo('www.69shuba.com', since).length).toBeGreaterThan(0);
    expect(await serving()).toBe('69shuba');
    const [recovered] = await db().select().from(auditLog).where(eq(auditLog.action, 'story.source.recover'));
    expect(recovered).toMatchObject({ targetId: String(storyId), actorId: 'system' });
    expect((await sourcesOf())[0]).toMatchObject({ failures: 0, retryAt: null });
  });
});

describe('"Đổi nguồn"', () => {
  const chapterApi = (index: number) => callApi<{ message?: string; content?: string }>(chapterHandler, { method: 'POST', body: { sign: sign(index) } });
  const switchApi = (index: number) => callApi<{ message: { site: string | null; name: string | null } | string }>(switchHandler, { method: 'POST', body: { sign: sign(index) } });

  it('reads a chapter that fails to load from another source, in place', async () => {
    fixtureSites().setMode('69shuba', 'unavailable');
    const failed = await chapterApi(8);
    expect(failed.status).toBeGreaterThanOrEqual(500);
    const switched = await switchApi(8);
    expect(switched.status).toBe(200);
    expect(switched.body.message).toEqual({ site: '22biqu', name: '22biqu' });
    const again = await chapterApi(8);
    expect(again.status).toBe(200);
    // One failure so far: 69shu still serves.
    expect(await serving()).toBe('69shuba');
  });

  it('answers 409 for a story with one source', async () => {
    const other = await embed(`https://www.22biqu.com/biqu${BUNKER.bookId}/`);
    const response = await callApi<{ message: string }>(switchHandler, {
      method: 'POST',
      body: { sign: signChapterRequest({ truyenId: other.storyId, index: 1, time: Math.floor(Date.now() / 1000) }, env().CHAPTER_SIGN_KEY) },
    });
    expect(response.status).toBe(409);
    expect(response.body.message).toBe('Truyện này chỉ có một nguồn, chưa đổi được nguồn.');
  });

  it('fetches nothing for a hidden story', async () => {
    await db().update(stories).set({ hidden: true }).where(eq(stories.id, storyId));
    const since = fixtureSites().requests.length;
    const refused = await switchApi(9);
    await db().update(stories).set({ hidden: false }).where(eq(stories.id, storyId));
    expect(refused.status).toBe(404);
    expect(refused.body.message).toBe('Không tìm thấy chương truyện.');
    expect(fixtureSites().requests.slice(since)).toEqual([]);
  });
});

describe('every source failing', () => {
  it('never loops: says so, and keeps the chapters already read', async () => {
    fixtureSites().setMode('22biqu', 'unavailable');
    // 69shu's second failure hands over to 22笔趣, which fails in the same read.
    await expect(read(9)).rejects.toBeDefined();
    expect(await serving()).toBe('22biqu');
    await expect(read(10)).rejects.toMatchObject({ status: 503, message: expect.stringMatching(/^Mọi nguồn của truyện này đang lỗi/) });
    expect(await serving()).toBe('22biqu');
    expect(await read(2)).toBeTruthy();
    expect((await adminSources()).allFailing).toBe(true);
  });
});

describe('domains', () => {
  it('a site moved: the console sets its domain, stored stories read from it, links on either domain resolve', async () => {
    fixtureSites().setMode('22biqu', 'normal');
    fixtureSites().setMode('69shuba', 'normal');
    const set = await callApi<{ message: AdminSiteDomain[] }>(domainsHandler, { method: 'PUT', token: operator.token, body: { site: '22biqu', domain: 'www.22biqu.org' } });
    expect(set.status).toBe(200);
    expect(set.body.message.find((site) => site.site === '22biqu')).toMatchObject({ domain: 'www.22biqu.org', origin: 'console' });
    const bad = await callApi<{ message: string }>(domainsHandler, { method: 'PUT', token: operator.token, body: { site: '22biqu', domain: 'not a domain' } });
    expect(bad.status).toBe(400);
    await db().update(storySources).set({ serving: false }).where(eq(storySources.storyId, storyId));
    await db().update(storySources).set({ serving: true, failures: 0, retryAt: null }).where(and(eq(storySources.storyId, storyId), eq(storySources.site, '22biqu')));
    const [{ url }] = await db().select({ url: storySourceChapters.url }).from(storySourceChapters).innerJoin(storySources, eq(storySources.id, storySourceChapters.sourceId)).where(and(eq(storySources.storyId, storyId), eq(storySources.site, '22biqu'), eq(storySourceChapters.chapterIndex, 12)));
    expect(new URL(url).hostname).toBe('www.22biqu.com');
    const since = fixtureSites().requests.length;
    expect(await read(12)).toBeTruthy();
    expect(requestsTo('www.22biqu.org', since).some((line) => line.includes(new URL(url).pathname))).toBe(true);
    expect(requestsTo('www.22biqu.com', since)).toEqual([]);
    const linked = await embed(`https://www.22biqu.org/biqu${TWIN_22.bookId}/`);
    expect(linked).toMatchObject({ storyId: String(storyId), created: false });
    const reset = await callApi<{ message: AdminSiteDomain[] }>(domainsHandler, { method: 'PUT', token: operator.token, body: { site: '22biqu', domain: '' } });
    expect(reset.body.message.find((site) => site.site === '22biqu')).toMatchObject({ domain: 'www.22biqu.com', origin: 'adapter' });
    const [audit] = await db().select().from(auditLog).where(eq(auditLog.action, 'source.domain'));
    expect(audit).toMatchObject({ targetType: 'source', targetId: '22biqu' });
  });
});

describe('a story embedded before its sources kept chapter titles', () => {
  it('reads its serving source’s list once for the titles, then takes another site’s copy', async () => {
    const story = await embed(`https://quanben5.com/n/${TWIN_QUANBEN5.bookId}/`);
    const id = Number(story.storyId);
    await db().delete(storySources).where(and(eq(storySources.storyId, id), eq(storySources.site, 'piaotia')));
    const [serving] = await db().select().from(storySources).where(eq(storySources.storyId, id));
    // As migration 0011 left the sources of stories embedded before it.
    await db().update(storySourceChapters).set({ title: '' }).where(eq(storySourceChapters.sourceId, serving.id));

    expect(await embed(`https://www.piaotia.com/bookinfo/13/${TWIN_PIAOTIA.bookId}.html`)).toMatchObject({ storyId: story.storyId, sourceAdded: true });
    const titles = await db().select({ title: storySourceChapters.title }).from(storySourceChapters).where(eq(storySourceChapters.sourceId, serving.id));
    expect(titles.length).toBeGreaterThan(0);
    expect(titles.filter((row) => row.title === '')).toEqual([]);
  });
});
