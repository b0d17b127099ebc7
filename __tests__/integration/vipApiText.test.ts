/**
 * POST /api/book/textvip: chapter text for members only (403 with a Vietnamese message to
 * everyone else), the VIP rule at the second of expiry, input limits, and embedded chapters
 * fetched live from the fixture copy of their source site on first read.
 */
import { and, eq } from 'drizzle-orm';
import embedHandler from '@/pages/api/embedding/embed';
import meHandler from '@/pages/api/user/me';
import textvipHandler from '@/pages/api/book/textvip';
import type { EmbedResult } from '@/lib/api/embedding';
import { startFixtureServer, type FixtureServer } from '@/scripts/fixture-server';
import { db } from '@/server/db/client';
import { chapters, stories, users } from '@/server/db/schema';
import { nowSeconds } from '@/server/services/vip';
import { SITE_SOURCE, VIP_ONLY_MESSAGE, listVipStories } from '@/server/services/vipChapters';
import { QINGYUN } from '../fixtures/sources/books';
import { callApi } from '../helpers/api';
import { createTestUser, type TestIdentity } from '../helpers/auth';
import { insertStory, resetDatabase } from '../helpers/db';

type ChapterAnswer = { message: string; title: string; index: number };

let member: TestIdentity;
let visitor: TestIdentity;
let fixture: FixtureServer;
let embeddedSlug: string;
let embeddedId: number;
const SLUG = 'truyen-co-chuong-vip';

async function setExpiry(uid: string, expireTime: number) {
  await db().update(users).set({ expireTime }).where(eq(users.id, uid));
}

function askText(body: Record<string, unknown>, token?: string) {
  return callApi<ChapterAnswer & { message: string }>(textvipHandler, { method: 'POST', body, token });
}

beforeAll(async () => {
  await resetDatabase();
  fixture = await startFixtureServer();
  process.env.SOURCES_ALLOW_LOOPBACK = '1';
  process.env.SOURCES_FIXTURE_ORIGIN = fixture.origin;
  process.env.SOURCES_NO_SPACING = '1';
  await insertStory({ title: 'Truyện có chương VIP', slug: SLUG, chapters: 5, vipFrom: 4 });
  const embedded = await callApi<{ message: EmbedResult }>(embedHandler, {
    method: 'POST',
    body: { link: `https://www.69shuba.com/book/${QINGYUN.bookId}.htm` },
  });
  embeddedId = Number(embedded.body.message.storyId);
  await db().update(chapters).set({ vip: true }).where(and(eq(chapters.storyId, embeddedId), eq(chapters.index, 2)));
  const [story] = await db().select({ slug: stories.slug }).from(stories).where(eq(stories.id, embeddedId));
  embeddedSlug = story.slug;
  [member, visitor] = await Promise.all([createTestUser('vip-member'), createTestUser('vip-visitor')]);
  await Promise.all([callApi(meHandler, { token: member.token }), callApi(meHandler, { token: visitor.token })]);
  await setExpiry(member.uid, nowSeconds() + 3_600);
});

afterAll(async () => {
  await fixture.close();
});

afterEach(() => {
  jest.restoreAllMocks();
});

describe('POST /api/book/textvip', () => {
  it('refuses everyone but members with 403 and a Vietnamese message', async () => {
    for (const token of [undefined, 'not-a-jwt', visitor.token]) {
      const { status, body } = await askText({ slug: SLUG, chapterIndex: 4 }, token);
      expect(status).toBe(403);
      expect(body.message).toBe(VIP_ONLY_MESSAGE);
    }
    await setExpiry(visitor.uid, nowSeconds() - 60);
    expect((await askText({ slug: SLUG, chapterIndex: 4 }, visitor.token)).status).toBe(403);
  });

  it('serves a member the VIP chapter, and free chapters too', async () => {
    const vip = await askText({ slug: SLUG, chapterIndex: 4, caus: 'doc-chuong', source: SITE_SOURCE }, member.token);
    expect(vip).toMatchObject({ status: 200, body: { index: 4, title: 'Chương 4: Thử nghiệm', message: 'Đoạn một của chương 4.\nĐoạn hai của chương 4.' } });
    expect(vip.headers.get('cache-control')).toBe('private, no-store');
    expect((await askText({ slug: SLUG, chapterIndex: '1' }, member.token)).body.index).toBe(1);
  });

  it('fetches an embedded VIP chapter live from its source once, converted and stored', async () => {
    const chapterPages = () => fixture.requests.filter((request) => / \/txt\/\d+\/\d+$/.test(request)).length;
    const before = chapterPages();
    const { status, body } = await askText({ slug: embeddedSlug, chapterIndex: 2, source: '69shuba' }, member.token);
    expect(status).toBe(200);
    expect(body.message).toBeTruthy();
    expect(body.message).not.toMatch(/\p{Script=Han}/u);
    expect(chapterPages()).toBe(before + 1);
    const [row] = await db()
      .select({ content: chapters.content })
      .from(chapters)
      .where(and(eq(chapters.storyId, embeddedId), eq(chapters.index, 2)));
    expect(row.content).toBe(body.message);
    const again = await askText({ slug: embeddedSlug, chapterIndex: 2, source: SITE_SOURCE }, member.token);
    expect(again).toMatchObject({ status: 200, body: { message: body.message } });
    expect(chapterPages()).toBe(before + 1);
  });

  it('validates its input: short optional caus and source naming the story’s source or the site', async () => {
    const long = 'x'.repeat(65);
    const cases: Record<string, unknown>[] = [
      {},
      { slug: SLUG },
      { slug: SLUG, chapterIndex: 0 },
      { slug: SLUG, chapterIndex: 'bốn' },
      { slug: SLUG, chapterIndex: 4, caus: long },
      { slug: SLUG, chapterIndex: 4, source: long },
      { slug: SLUG, chapterIndex: 4, source: 'nguồn lạ/../' },
      { slug: SLUG, chapterIndex: 4, source: '69shuba' },
      { slug: embeddedSlug, chapterIndex: 2, source: 'ixdzs8' },
    ];
    for (const body of cases) {
      const answer = await askText(body, member.token);
      expect([answer.status, body]).toEqual([400, body]);
      expect(answer.body.message).toMatch(/không hợp lệ|không khớp/);
    }
    expect((await askText({ slug: SLUG, chapterIndex: 4, caus: 'x'.repeat(64), source: '' }, member.token)).status).toBe(200);
  });

  it('answers 404 for an unknown story or chapter', async () => {
    expect((await askText({ slug: 'khong-co-truyen-nay', chapterIndex: 1 }, member.token)).status).toBe(404);
    expect((await askText({ slug: SLUG, chapterIndex: 99 }, member.token)).status).toBe(404);
  });

  it('applies the VIP rule at the second of expiry: a member until expireTime, not at it', async () => {
    const expireTime = nowSeconds() + 120;
    await setExpiry(member.uid, expireTime);
    const at = (ms: number) => jest.spyOn(Date, 'now').mockReturnValue(ms);

    at((expireTime - 1) * 1000 + 999);
    expect((await askText({ slug: SLUG, chapterIndex: 5 }, member.token)).status).toBe(200);
    at(expireTime * 1000);
    expect((await askText({ slug: SLUG, chapterIndex: 5 }, member.token)).status).toBe(403);
    at(expireTime * 1000 + 500);
    expect((await askText({ slug: SLUG, chapterIndex: 5 }, member.token)).status).toBe(403);
  });
});

describe('listVipStories', () => {
  it('lists visible stories with VIP chapters and where their VIP part begins', async () => {
    await insertStory({ title: 'Truyện miễn phí', slug: 'truyen-mien-phi', chapters: 3 });
    await insertStory({ title: 'Truyện đã ẩn', slug: 'truyen-da-an', chapters: 3, vipFrom: 2, hidden: true });
    const found = await listVipStories(db());
    expect(found.map(({ slug, firstVipChapter, vipChapters }) => [slug, firstVipChapter, vipChapters]).sort()).toEqual([
      [SLUG, 4, 2],
      [embeddedSlug, 2, 1],
    ].sort());
  });
});
