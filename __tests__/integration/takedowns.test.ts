import { eq } from 'drizzle-orm';
import { Client } from 'pg';
import embedHandler from '@/pages/api/embedding/embed';
import previewHandler from '@/pages/api/embedding/preview';
import type { EmbedResult } from '@/lib/api/embedding';
import { db } from '@/server/db/client';
import { auditLog, stories, takedowns } from '@/server/db/schema';
import { env } from '@/server/env';
import { hideStory, importStory, removeStory, StoryAdminError, unhideStory } from '@/server/services/storyAdmin';
import { isTakenDown, TAKEN_DOWN_MESSAGE, VISIBILITY_CHANNEL } from '@/server/services/takedowns';
import { QINGYUN, REBORN } from '../fixtures/sources/books';
import { callApi } from '../helpers/api';
import { insertGenre, resetDatabase } from '../helpers/db';
import { fixtureSourcesForFile } from '../helpers/fixtureSources';

const QINGYUN_URL = `https://www.69shuba.com/book/${QINGYUN.bookId}.htm`;
const REBORN_URL = `https://ixdzs8.com/read/${REBORN.bookId}/`;

fixtureSourcesForFile();

const embed = (link: string) => callApi<{ message: EmbedResult }>(embedHandler, { method: 'POST', body: { link } });
const preview = (link: string) => callApi<{ message: unknown }>(previewHandler, { method: 'POST', body: { link } });
const imported = (slug: string) => ({ title: 'Truyện Nhập', slug, author: 'Tác Giả', description: 'Mô tả.', status: 'ongoing' as const, genres: ['Tiên Hiệp'], chapters: [{ title: 'Chương 1', content: 'Nội dung.' }] });

beforeAll(async () => {
  await resetDatabase();
  await insertGenre('Tiên Hiệp', 1);
});

describe('a removed embedded story', () => {
  let slug: string;

  beforeAll(async () => {
    const { status, body } = await embed(QINGYUN_URL);
    expect(status).toBe(200);
    slug = body.message.slug;
    await removeStory(db(), slug, 'Thư của chủ sở hữu');
  });

  it('cannot be embedded or previewed again from its link, in any form, before anything is fetched', async () => {
    for (const link of [QINGYUN_URL, `www.69shuba.com/txt/${QINGYUN.bookId}/${QINGYUN.chapterIdBase + 3}`]) {
      expect(await embed(link)).toMatchObject({ status: 403, body: { message: TAKEN_DOWN_MESSAGE } });
      expect(await preview(link)).toMatchObject({ status: 403, body: { message: TAKEN_DOWN_MESSAGE } });
    }
    expect(await db().select().from(stories)).toEqual([]);
  });

  it('keeps its slug: another story neither takes it by import nor by embedding', async () => {
    await expect(importStory(db(), imported(slug))).rejects.toThrow(StoryAdminError);
    expect(await isTakenDown(db(), { slug })).toBe(true);
  });

  it('comes back once the removal is lifted, with the lifting audited', async () => {
    await unhideStory(db(), slug, 'Đã có giấy phép');
    expect(await isTakenDown(db(), { slug, sourceUrl: QINGYUN_URL })).toBe(false);
    const [lift] = await db().select().from(auditLog).where(eq(auditLog.action, 'story.lift'));
    expect(lift).toMatchObject({ actorId: 'cli', targetId: slug, note: 'Đã có giấy phép' });
    const again = await embed(QINGYUN_URL);
    expect(again.status).toBe(200);
    expect(again.body.message.slug).toBe(slug);
  });
});

describe('a hidden story', () => {
  let slug: string;

  beforeAll(async () => {
    slug = (await embed(REBORN_URL)).body.message.slug;
  });

  it('holds a takedown by slug and source until it is shown again; each change is announced', async () => {
    const listener = new Client({ connectionString: env().DATABASE_URL });
    await listener.connect();
    const announced: string[] = [];
    listener.on('notification', (message) => announced.push(`${message.channel}:${message.payload}`));
    await listener.query(`LISTEN ${VISIBILITY_CHANNEL}`);
    try {
      await hideStory(db(), slug, 'Khiếu nại');
      const [held] = await db().select().from(takedowns).where(eq(takedowns.storySlug, slug));
      expect(held).toMatchObject({ action: 'hide', sourceUrl: REBORN_URL, liftedAt: null });
      expect(await embed(REBORN_URL)).toMatchObject({ status: 403, body: { message: TAKEN_DOWN_MESSAGE } });
      await unhideStory(db(), slug);
      expect(await isTakenDown(db(), { slug })).toBe(false);
      expect((await embed(REBORN_URL)).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(announced).toEqual([`${VISIBILITY_CHANNEL}:${slug}`, `${VISIBILITY_CHANNEL}:${slug}`]);
    } finally {
      await listener.end();
    }
  });
});

describe('imports', () => {
  it('write an audit row with the slug and chapter count', async () => {
    await importStory(db(), imported('truyen-nhap'));
    const [row] = await db().select().from(auditLog).where(eq(auditLog.action, 'story.import'));
    expect(row).toMatchObject({ actorId: 'cli', after: { slug: 'truyen-nhap', title: 'Truyện Nhập', chapters: 1 } });
  });
});
