/**
 * The word inspector's endpoints on the real database: a chapter converted with the reader's own
 * names (an anonymous reader's sent along, a signed-in reader's from the account), the chapter's
 * words and original, paragraphs converted again after a fix, look-ups, and their bounds.
 */
import { and, eq } from 'drizzle-orm';
import chapterHandler, { config as chapterConfig } from '@/pages/api/embedding/chapter';
import detailHandler, { config as detailConfig } from '@/pages/api/embedding/chapter-detail';
import lookupHandler, { config as lookupConfig } from '@/pages/api/embedding/lookup';
import reconvertHandler, { config as reconvertConfig } from '@/pages/api/embedding/reconvert';
import namesHandler from '@/pages/api/embedding/names';
import type { ChapterDetail, ParagraphDetail, WordLookup } from '@/lib/embedding/chapterDetail';
import { signChapterRequest } from '@/lib/chapterSign';
import { convertParagraphs } from '@/server/convert/engine';
import { db } from '@/server/db/client';
import { chapters, stories, storySharedNames } from '@/server/db/schema';
import { env } from '@/server/env';
import { READER_WORK_RULES } from '@/server/services/embedding/limits';
import { hitRateLimit } from '@/server/services/rateLimit';
import { callApi } from '../helpers/api';
import { createTestUser, type TestIdentity } from '../helpers/auth';
import { insertStory, resetDatabase } from '../helpers/db';

const ORIGINALS = [
  ['第一章 雾港', '　　雾港的清晨总带着咸腥的海风，码头上的汽笛一声长过一声。', '　　当铺的柜台很高，掌柜眯着眼睛打量着他递过去的怀表。', '　　这已经是雾港旧事里的第1个日夜，故事还在继续。'],
  ['第二章 码头', '　　码头上人来人往，雾港的船一艘接着一艘靠岸。', '　　这已经是雾港旧事里的第2个日夜，故事还在继续。'],
  ['第三章 灯塔', '　　雾港的灯塔在夜里亮了起来。'],
].map((lines) => lines.join('\n'));
const SHARED = { 码头: 'Bến Cảng' };

let storyId: string;
let nativeId: string;
let reader: TestIdentity;

const sign = (story: string, index: number, time = Math.floor(Date.now() / 1000)) => signChapterRequest({ truyenId: story, index, time }, env().CHAPTER_SIGN_KEY);
const readText = (index: number, extra: { names?: Record<string, string>; token?: string; story?: string } = {}) =>
  callApi<{ message: string; index: number; serverTime: number }>(chapterHandler, {
    method: 'POST',
    token: extra.token,
    body: { sign: sign(extra.story ?? storyId, index), ...(extra.names ? { names: extra.names } : {}) },
  });
const readDetail = (index: number, extra: { names?: Record<string, string>; token?: string; story?: string; time?: number } = {}) =>
  callApi<{ message: ChapterDetail | string; serverTime: number; stale?: boolean }>(detailHandler, {
    method: 'POST',
    token: extra.token,
    body: { sign: sign(extra.story ?? storyId, index, extra.time), ...(extra.names ? { names: extra.names } : {}) },
  });
const reconvert = ({ index, ...body }: { index: number; lines: unknown; names?: Record<string, string>; time?: number }) =>
  callApi<{ message: { paragraphs: ParagraphDetail[] } | string; stale?: boolean }>(reconvertHandler, { method: 'POST', body: { sign: sign(storyId, index, body.time), lines: body.lines, names: body.names } });
const lookUp = (body: unknown) => callApi<{ message: { entries: WordLookup[] } | string }>(lookupHandler, { method: 'POST', body });

async function storedContent(index: number): Promise<string | null> {
  const [row] = await db().select({ content: chapters.content }).from(chapters).where(and(eq(chapters.storyId, Number(storyId)), eq(chapters.index, index)));
  return row.content;
}

/** Fills the anonymous test client's window of a rule, as if it had used its share. */
async function useUpShare(work: keyof typeof READER_WORK_RULES) {
  const rule = READER_WORK_RULES[work];
  for (let i = 0; i < rule.limit; i += 1) await hitRateLimit(db(), `reader-${work}:ip:127.0.0.1`, rule);
}

beforeAll(async () => {
  await resetDatabase();
  const [story] = await db()
    .insert(stories)
    .values({ slug: 'vu-cang', title: 'Vụ Cảng Cựu Sự', author: 'Diêm Hạ', description: '', origin: 'embedded', sourceSite: '69shuba', chapterCount: 3, searchTitle: 'vu cang cuu su', searchAuthor: 'diem ha' })
    .returning();
  storyId = String(story.id);
  await db().insert(storySharedNames).values({ storyId: story.id, original: '码头', translation: SHARED.码头, source: 'operator' });
  await db()
    .insert(chapters)
    .values(ORIGINALS.map((original, i) => ({ storyId: story.id, index: i + 1, title: `Chương ${i + 1}`, vip: i === 2, sourceText: original, content: convertParagraphs(original, { names: SHARED }).join('\n') })));
  nativeId = String((await insertStory({ title: 'Truyện Viết Sẵn', chapters: 2 })).id);
  reader = await createTestUser('inspector');
});

describe('POST /api/embedding/chapter', () => {
  it('gives the stored text to a reader without own names, and converts again with the names an anonymous reader sends', async () => {
    const plain = await readText(1);
    expect(plain.status).toBe(200);
    expect(plain.body.message).toBe(await storedContent(1));
    expect(plain.body.message).toContain('Bến Cảng');
    expect(plain.body.message).toContain('Sương mù cảng');

    const own = await readText(1, { names: { 雾港: 'Vụ Cảng' } });
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ index: 1, serverTime: expect.any(Number) });
    const paragraphs = own.body.message.split('\n');
    expect(paragraphs).toHaveLength(4);
    expect(paragraphs.filter((paragraph) => paragraph.includes('Vụ Cảng'))).toHaveLength(3);
    expect(own.body.message).toContain('Bến Cảng');
    expect(own.body.message).not.toContain('Sương mù cảng');
    // Nothing stored changes: other readers still read the story's shared conversion.
    expect(await storedContent(1)).toBe(plain.body.message);
    expect((await readText(1)).body.message).toBe(plain.body.message);
  });

  it('uses a signed-in reader’s own list from the account, never names sent along', async () => {
    const saved = await callApi(namesHandler, { method: 'PUT', token: reader.token, body: { storyId, names: { 雾港: 'Vụ Cảng' } } });
    expect(saved.status).toBe(200);
    const mine = await readText(2, { token: reader.token, names: { 雾港: 'Sương Cảng' } });
    expect(mine.status).toBe(200);
    expect(mine.body.message).toContain('Vụ Cảng');
    expect(mine.body.message).not.toContain('Sương Cảng');
    expect((await readText(2)).body.message).not.toContain('Vụ Cảng');
  });

  it('refuses names with markup, control characters, "=" or a line break, and too many, in Vietnamese', async () => {
    for (const bad of ['<b>Vụ</b>', 'Vụ\nCảng', 'Vụ=Cảng', 'Vụ\u0000Cảng']) {
      const refused = await readText(1, { names: { 雾港: bad } });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toMatch(/^Tên “雾港” không hợp lệ: /);
    }
    expect((await readText(1, { names: { abc: 'Vụ Cảng' } })).body.message).toMatch(/chữ Hán/);
    const many = Object.fromEntries(Array.from({ length: 501 }, (_, i) => [`雾${String.fromCodePoint(0x4e00 + i)}`, `Tên ${i}`]));
    const tooMany = await readText(1, { names: many });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toBe('Tối đa 500 tên cho mỗi truyện.');
  });

  it('reads native stories as POST /api/book/text does', async () => {
    const native = await readText(1, { story: nativeId, names: { 雾港: 'Vụ Cảng' } });
    expect(native.status).toBe(200);
    expect(native.body.message.length).toBeGreaterThan(0);
  });
});

describe('POST /api/embedding/chapter-detail', () => {
  it('gives every paragraph’s Chinese, Hán-Việt, Vietnamese and words, as the chapter text converts it', async () => {
    const { status, body } = await readDetail(1, { names: { 雾港: 'Vụ Cảng' } });
    expect(status).toBe(200);
    const detail = body.message as ChapterDetail;
    expect(detail.own).toEqual({ 雾港: 'Vụ Cảng' });
    expect(detail.paragraphs.map((paragraph) => paragraph.vi).join('\n')).toBe((await readText(1, { names: { 雾港: 'Vụ Cảng' } })).body.message);
    const [heading, first] = detail.paragraphs;
    expect(heading).toMatchObject({ line: 0, zh: '第一章 雾港', vi: 'Chương 1: Vụ Cảng' });
    expect(first.raw).toBe('雾港的清晨总带着咸腥的海风，码头上的汽笛一声长过一声。');
    expect(first.hv).toMatch(/^Vụ cảng đích thanh thần/);
    expect(first.words.length % 5).toBe(0);
  });

  it('uses the signed-in reader’s list and says it', async () => {
    const detail = (await readDetail(1, { token: reader.token })).body.message as ChapterDetail;
    expect(detail.own).toEqual({ 雾港: 'Vụ Cảng' });
    expect(detail.paragraphs[0].vi).toBe('Chương 1: Vụ Cảng');
  });

  it('keeps VIP chapters for members, answers 404 for a story with no original and asks a stale sign again', async () => {
    const vip = await readDetail(3);
    expect(vip.status).toBe(403);
    expect(vip.body.message).toMatch(/chương VIP/);
    const native = await readDetail(1, { story: nativeId });
    expect(native.status).toBe(404);
    const stale = await readDetail(1, { time: Math.floor(Date.now() / 1000) - 900 });
    expect(stale.status).toBe(400);
    expect(stale.body).toMatchObject({ stale: true, serverTime: expect.any(Number) });
  });
});

describe('POST /api/embedding/reconvert', () => {
  it('converts again only the lines asked for, with the names the browser holds', async () => {
    const { status, body } = await reconvert({ index: 1, lines: [1, 3], names: { 雾港: 'Vụ Cảng' } });
    expect(status).toBe(200);
    const { paragraphs } = body.message as { paragraphs: ParagraphDetail[] };
    expect(paragraphs.map((paragraph) => paragraph.line)).toEqual([1, 3]);
    expect(paragraphs.every((paragraph) => paragraph.vi.includes('Vụ Cảng'))).toBe(true);
    expect(paragraphs[0].vi).toContain('Bến Cảng');
  });

  it('is bounded, signed like the chapter text, and keeps VIP chapters for members', async () => {
    expect((await reconvert({ index: 1, lines: Array.from({ length: 401 }, (_, i) => i) })).status).toBe(400);
    expect((await reconvert({ index: 1, lines: [] })).status).toBe(400);
    const refused = await reconvert({ index: 1, lines: [1], names: { 雾港: 'Vụ\rCảng' } });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/không hợp lệ/);
    expect((await reconvert({ index: 1, lines: [1], time: Math.floor(Date.now() / 1000) - 900 })).body.stale).toBe(true);
    expect((await callApi(reconvertHandler, { method: 'POST', body: { sign: 'x'.repeat(64), lines: [1] } })).status).toBe(400);
    expect((await reconvert({ index: 3, lines: [1] })).status).toBe(403);
    expect((await reconvert({ index: 9, lines: [1] })).status).toBe(404);
  });
});

describe('POST /api/embedding/lookup', () => {
  it('gives each piece of Chinese its Hán-Việt and the meanings the lists hold', async () => {
    const { status, body } = await lookUp({ storyId, keys: ['码头', '雾港', '长老'] });
    expect(status).toBe(200);
    const [wharf, harbour, elder] = (body.message as { entries: WordLookup[] }).entries;
    expect(wharf).toMatchObject({ key: '码头', hanViet: 'mã đầu' });
    expect(wharf.meanings[0]).toEqual({ source: 'story', values: ['Bến Cảng'] });
    expect(wharf.meanings.find((meaning) => meaning.source === 'phrases')?.values).toContain('bến tàu');
    expect(harbour).toMatchObject({ hanViet: 'vụ cảng' });
    expect(elder.meanings.find((meaning) => meaning.source === 'hanviet-words')?.values).toEqual(['trưởng lão']);
  });

  it('takes Chinese only, a few pieces at a time, of an embedded story', async () => {
    expect((await lookUp({ storyId, keys: ['abc'] })).status).toBe(400);
    expect((await lookUp({ storyId, keys: Array.from({ length: 9 }, () => '雾') })).status).toBe(400);
    expect((await lookUp({ storyId: nativeId, keys: ['雾'] })).status).toBe(404);
  });
});

describe('shares', () => {
  it('states a body limit on every route', () => {
    for (const config of [chapterConfig, detailConfig, reconvertConfig, lookupConfig]) expect(config.api.bodyParser.sizeLimit).toMatch(/^\d+kb$/);
  });

  it('refuses a reader past their share with 429 and Retry-After, a conversion being what counts', async () => {
    await useUpShare('lookup');
    const lookups = await lookUp({ storyId, keys: ['雾港'] });
    expect(lookups.status).toBe(429);
    expect(Number(lookups.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(lookups.body.message).toMatch(/^Bạn đã tra quá nhiều từ/);

    await useUpShare('chapter');
    const converted = await readText(1, { names: { 雾港: 'Vụ Cảng' } });
    expect(converted.status).toBe(429);
    expect(Number(converted.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await readDetail(1)).status).toBe(429);
    // The stored text costs nothing and is not counted.
    expect((await readText(1)).status).toBe(200);

    await useUpShare('reconvert');
    expect((await reconvert({ index: 1, lines: [1] })).status).toBe(429);
  });
});
