import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { testApiHandler } from 'next-test-api-route-handler';
import partHandler from '@/pages/api/audio/[storyId]/[index]/[part]';
import handler from '@/pages/api/user/speech-replacements';
import { encodeReplacements, REPLACEMENTS_HEADER, type ReplacementLists } from '@/lib/player/replacements';
import type { SavedList } from '@/server/services/speechReplacements';
import { db } from '@/server/db/client';
import { resetChapterAudio } from '@/server/tts/chapterAudio';
import { closeTts } from '@/server/tts/engine';
import { callApi } from '../helpers/api';
import { createTestUser, type TestIdentity } from '../helpers/auth';
import { insertStory, resetDatabase } from '../helpers/db';

const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'speech-replacements-'));
process.env.TTS_CACHE_DIR = cacheDir;

let an: TestIdentity;
let binh: TestIdentity;
let storyId: string;
let otherStoryId: string;
let hiddenStoryId: string;

const get = (reader: TestIdentity | null, story: string) => callApi<{ message: ReplacementLists }>(handler, { token: reader?.token, params: { storyId: story } });
const put = (reader: TestIdentity | null, body: unknown) => callApi<{ message: SavedList }>(handler, { method: 'PUT', token: reader?.token, body });

beforeAll(async () => {
  await resetDatabase();
  [an, binh] = await Promise.all([createTestUser('replace-a'), createTestUser('replace-b')]);
  // Several stories, so a story's id and a list's id do not line up.
  await insertStory({ title: 'Truyện Mở Đầu', chapters: 1 });
  otherStoryId = String((await insertStory({ title: 'Võng Du Chi Vương', chapters: 2 })).id);
  storyId = String((await insertStory({ title: 'Toàn Chức Cao Thủ', chapters: 2 })).id);
  hiddenStoryId = String((await insertStory({ title: 'Truyện Đã Ẩn', chapters: 1, hidden: true })).id);
});

afterAll(async () => {
  resetChapterAudio();
  await closeTts();
  fs.rmSync(cacheDir, { recursive: true, force: true });
});

describe('PUT and GET /api/user/speech-replacements', () => {
  it('need a signed-in reader', async () => {
    expect((await get(null, storyId)).status).toBe(401);
    expect((await put(null, { entries: [] })).status).toBe(401);
  });

  it('keep the reader’s list and a story’s list apart, with the defaults turned off', async () => {
    const reader = await put(an, { entries: [{ from: 'HP', to: 'máu', wholeWord: true }, { from: 'Diệp Tu', to: 'Diệp Tu', wholeWord: false }], disabledDefaults: ['npc', 'không-có'] });
    expect(reader.status).toBe(200);
    expect(reader.body.message).toEqual({ entries: [{ from: 'HP', to: 'máu', wholeWord: true }, { from: 'Diệp Tu', to: 'Diệp Tu', wholeWord: false }], disabledDefaults: ['npc'], problems: [] });
    expect((await put(an, { storyId, entries: [{ from: 'Lv', to: 'cấp độ', wholeWord: true }] })).status).toBe(200);

    const lists = await get(an, storyId);
    expect(lists.status).toBe(200);
    expect(lists.body.message).toEqual({
      reader: [{ from: 'HP', to: 'máu', wholeWord: true }, { from: 'Diệp Tu', to: 'Diệp Tu', wholeWord: false }],
      story: [{ from: 'Lv', to: 'cấp độ', wholeWord: true }],
      disabledDefaults: ['npc'],
    });
    // Another story has the reader's list only.
    expect((await get(an, otherStoryId)).body.message.story).toEqual([]);
    // A story list saved without defaults leaves the reader's defaults as they were.
    expect((await get(an, otherStoryId)).body.message.disabledDefaults).toEqual(['npc']);
  });

  it('are each reader’s own', async () => {
    expect((await get(binh, storyId)).body.message).toEqual({ reader: [], story: [], disabledDefaults: [] });
    expect((await put(binh, { storyId, entries: [{ from: 'Lv', to: 'level', wholeWord: true }] })).status).toBe(200);
    expect((await get(an, storyId)).body.message.story).toEqual([{ from: 'Lv', to: 'cấp độ', wholeWord: true }]);
    const { rows } = await db().execute<{ count: string }>(`select count(*) from speech_replacements`);
    expect(Number(rows[0].count)).toBe(3);
  });

  it('keep the good entries of a list and say what is wrong with the others', async () => {
    const saved = await put(an, {
      storyId,
      entries: [
        { from: 'NPC', to: 'nhân vật phụ', wholeWord: true },
        { from: '', to: 'trống' },
        { from: 'x'.repeat(101), to: 'dài' },
        { from: 'a\u0000b', to: 'điều khiển' },
        { from: 'npc', to: 'lặp', wholeWord: true },
      ],
    });
    expect(saved.status).toBe(200);
    expect(saved.body.message.entries).toEqual([{ from: 'NPC', to: 'nhân vật phụ', wholeWord: true }]);
    expect(saved.body.message.problems).toEqual([
      { index: 1, message: 'Chữ gốc không được để trống.' },
      { index: 2, message: 'Mỗi bên tối đa 100 ký tự.' },
      { index: 3, message: 'Không được chứa ký tự điều khiển.' },
      { index: 4, message: '"npc" đã có trong danh sách.' },
    ]);
    expect((await get(an, storyId)).body.message.story).toEqual([{ from: 'NPC', to: 'nhân vật phụ', wholeWord: true }]);
  });

  it('keep 500 entries of a longer list, refuse a request far beyond, and remove an emptied story list', async () => {
    const many = Array.from({ length: 520 }, (_, index) => ({ from: `từ ${index}`, to: `chữ ${index}`, wholeWord: false }));
    const saved = await put(an, { entries: many });
    expect(saved.status).toBe(200);
    expect(saved.body.message.entries).toHaveLength(500);
    expect(saved.body.message.problems).toHaveLength(20);
    expect(saved.body.message.problems[0]).toEqual({ index: 500, message: 'Danh sách tối đa 500 mục.' });

    const tooMany = await put(an, { entries: Array.from({ length: 1001 }, () => ({ from: 'a', to: 'b' })) });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body).toEqual({ message: 'Danh sách tối đa 500 mục.' });

    expect((await put(an, { storyId, entries: [] })).status).toBe(200);
    expect((await get(an, storyId)).body.message.story).toEqual([]);
  });

  it('answer 404 for a story that is not there or hidden, 400 for a malformed id', async () => {
    expect((await get(an, hiddenStoryId)).status).toBe(404);
    expect((await put(an, { storyId: hiddenStoryId, entries: [] })).status).toBe(404);
    expect((await put(an, { storyId: '999999', entries: [] })).body).toEqual({ message: 'Không tìm thấy truyện.' });
    expect((await get(an, 'abc')).status).toBe(400);
  });
});

describe('the server’s audio with a listener’s replacements and rests', () => {
  async function part(headers: Record<string, string>, query = '') {
    let result: { status: number; headers: Headers; body: string } | undefined;
    await testApiHandler({
      pagesHandler: partHandler,
      params: { storyId, index: '1', part: '1' },
      url: query ? `/api/audio?${query}` : undefined,
      test: async ({ fetch }) => {
        const response = await fetch({ method: 'GET', headers });
        result = { status: response.status, headers: response.headers, body: response.headers.get('content-type')?.includes('json') ? await response.text() : '' };
      },
    });
    return result!;
  }
  const total = (headers: Headers) => headers.get('x-audio-durations')!.split(',').map(Number).reduce((sum, value) => sum + value, 0);

  it('renders the part with them, longer with rests, and refuses a forged list', async () => {
    const plain = await part({});
    expect(plain.status).toBe(200);
    const replaced = await part({ [REPLACEMENTS_HEADER]: encodeReplacements({ entries: [{ from: 'Đoạn', to: 'Khúc ca dài hơn nhiều lắm', wholeWord: true }], pause: true }) });
    expect(replaced.status).toBe(200);
    // What was said changed: "Khúc ca dài hơn nhiều lắm" takes longer to say than "Đoạn".
    expect(total(replaced.headers)).toBeGreaterThan(total(plain.headers) + 0.5);
    expect(replaced.headers.get('vary')).toContain('X-Speech-Replacements');
    const rested = await part({}, 'pauses=1000-2000');
    expect(rested.status).toBe(200);
    expect(total(rested.headers)).toBeGreaterThan(total(plain.headers) + 1.5);

    const forged = await part({ [REPLACEMENTS_HEADER]: encodeURIComponent(JSON.stringify({ e: [['a\u0001', 'b', 0]], p: 0 })) });
    expect(forged.status).toBe(400);
    expect(JSON.parse(forged.body)).toEqual({ message: 'Danh sách thay thế khi đọc không hợp lệ.' });
    expect((await part({}, 'pauses=5000-0')).status).toBe(400);
    // Three parts rendered on a shared machine.
  }, 90_000);
});
