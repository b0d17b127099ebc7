import { eq } from 'drizzle-orm';
import textHandler from '@/pages/api/book/text';
import { signChapterRequest } from '@/lib/chapterSign';
import { db } from '@/server/db/client';
import { users } from '@/server/db/schema';
import { env } from '@/server/env';
import { ensureUserExists } from '@/server/services/users';
import { callApi } from '../helpers/api';
import { createTestUser } from '../helpers/auth';
import { insertStory, resetDatabase } from '../helpers/db';

const now = () => Math.floor(Date.now() / 1000);
const sign = (truyenId: string, index: number, time = now(), key = env().CHAPTER_SIGN_KEY) =>
  signChapterRequest({ truyenId, index, time }, key);

describe('POST /api/book/text', () => {
  let storyId: string;
  let hiddenId: string;

  beforeAll(async () => {
    await resetDatabase();
    storyId = String((await insertStory({ title: 'Kiếm Lai', chapters: 5, vipFrom: 5 })).id);
    hiddenId = String((await insertStory({ title: 'Truyện Bị Gỡ', chapters: 2, hidden: true })).id);
  });

  it('answers the chapter text for a valid sign', async () => {
    const { status, body } = await callApi<{ message: string; title: string; index: number }>(textHandler, {
      method: 'POST',
      body: { sign: sign(storyId, 2) },
    });
    expect(status).toBe(200);
    expect(body.index).toBe(2);
    expect(body.title).toBe('Chương 2: Thử nghiệm');
    expect(body.message.split('\n')).toEqual(['Đoạn một của chương 2.', 'Đoạn hai của chương 2.']);
  });

  it('rejects a forged sign with 400', async () => {
    const forged = sign(storyId, 2, now(), 'not-the-site-key');
    const { status, body } = await callApi<{ message: string }>(textHandler, { method: 'POST', body: { sign: forged } });
    expect(status).toBe(400);
    expect(body.message).toMatch(/không hợp lệ/);
  });

  it('rejects a stale sign with 400', async () => {
    const { status, body } = await callApi<{ message: string }>(textHandler, {
      method: 'POST',
      body: { sign: sign(storyId, 2, now() - 3600) },
    });
    expect(status).toBe(400);
    expect(body.message).toMatch(/hết hạn/);
  });

  it('rejects a body without a sign with 400', async () => {
    const { status } = await callApi(textHandler, { method: 'POST', body: {} });
    expect(status).toBe(400);
  });

  it('refuses a VIP chapter without VIP with 403', async () => {
    const { status, body } = await callApi<{ message: string }>(textHandler, { method: 'POST', body: { sign: sign(storyId, 5) } });
    expect(status).toBe(403);
    expect(body.message).toMatch(/VIP/);
  });

  it('gives a VIP chapter to a signed-in member only', async () => {
    const [member, reader] = await Promise.all([createTestUser('hoi-vien'), createTestUser('doc-thuong')]);
    for (const who of [member, reader]) await ensureUserExists(db(), { ...who, emailVerified: true, name: null, picture: null, authTime: now() });
    await db().update(users).set({ expireTime: now() + 86_400 }).where(eq(users.id, member.uid));
    const asMember = await callApi<{ index: number }>(textHandler, { method: 'POST', token: member.token, body: { sign: sign(storyId, 5) } });
    expect(asMember.status).toBe(200);
    expect(asMember.body.index).toBe(5);
    const asReader = await callApi(textHandler, { method: 'POST', token: reader.token, body: { sign: sign(storyId, 5) } });
    expect(asReader.status).toBe(403);
  });

  it('answers 404 for a chapter out of range or a hidden story', async () => {
    expect((await callApi(textHandler, { method: 'POST', body: { sign: sign(storyId, 99) } })).status).toBe(404);
    expect((await callApi(textHandler, { method: 'POST', body: { sign: sign(hiddenId, 1) } })).status).toBe(404);
  });
});
