/**
 * POST /api/book/textvip: chapter text for members only (403 with a Vietnamese message to
 * everyone else), the VIP rule at the second of expiry, input limits, and embedded chapters
 * loaded live through the registered chapter loader.
 */
import { eq } from 'drizzle-orm';
import meHandler from '@/pages/api/user/me';
import textvipHandler from '@/pages/api/book/textvip';
import { db } from '@/server/db/client';
import { chapters, stories, users } from '@/server/db/schema';
import { setEmbeddedChapterLoader } from '@/server/services/chapters';
import { nowSeconds } from '@/server/services/vip';
import { SITE_SOURCE, VIP_ONLY_MESSAGE, listVipStories } from '@/server/services/vipChapters';
import { callApi } from '../helpers/api';
import { createTestUser, type TestIdentity } from '../helpers/auth';
import { insertStory, resetDatabase } from '../helpers/db';

type ChapterAnswer = { message: string; title: string; index: number };

let member: TestIdentity;
let visitor: TestIdentity;
const SLUG = 'truyen-co-chuong-vip';
const EMBEDDED_SLUG = 'truyen-nhung-vip';
const liveLoads: string[] = [];

async function setExpiry(uid: string, expireTime: number) {
  await db().update(users).set({ expireTime }).where(eq(users.id, uid));
}

function askText(body: Record<string, unknown>, token?: string) {
  return callApi<ChapterAnswer & { message: string }>(textvipHandler, { method: 'POST', body, token });
}

beforeAll(async () => {
  await resetDatabase();
  await insertStory({ title: 'Truyện có chương VIP', slug: SLUG, chapters: 5, vipFrom: 4 });
  const embedded = await insertStory({ title: 'Truyện nhúng VIP', slug: EMBEDDED_SLUG, chapters: 2, vipFrom: 2 });
  await db().update(stories).set({ origin: 'embedded', sourceSite: '69shuba' }).where(eq(stories.id, embedded.id));
  await db().update(chapters).set({ content: null }).where(eq(chapters.storyId, embedded.id));
  // The route registered the embedding loader on import; stand in for the source site here.
  setEmbeddedChapterLoader(async (_database, ref) => {
    liveLoads.push(`${ref.storyId}/${ref.index}`);
    return `Nội dung tải trực tiếp của chương ${ref.index}.`;
  });
  [member, visitor] = await Promise.all([createTestUser('vip-member'), createTestUser('vip-visitor')]);
  await Promise.all([callApi(meHandler, { token: member.token }), callApi(meHandler, { token: visitor.token })]);
  await setExpiry(member.uid, nowSeconds() + 3_600);
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

  it('fetches an embedded VIP chapter live through the registered chapter loader', async () => {
    const { status, body } = await askText({ slug: EMBEDDED_SLUG, chapterIndex: 2, source: '69shuba' }, member.token);
    expect(status).toBe(200);
    expect(body.message).toBe('Nội dung tải trực tiếp của chương 2.');
    expect(liveLoads).toHaveLength(1);
    expect((await askText({ slug: EMBEDDED_SLUG, chapterIndex: 2, source: SITE_SOURCE }, member.token)).status).toBe(200);
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
      { slug: EMBEDDED_SLUG, chapterIndex: 2, source: 'ixdzs8' },
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
      [EMBEDDED_SLUG, 2, 1],
    ]);
  });
});
