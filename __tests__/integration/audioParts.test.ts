import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { testApiHandler } from 'next-test-api-route-handler';
import partHandler from '@/pages/api/audio/[storyId]/[index]/[part]';
import partsHandler from '@/pages/api/audio/[storyId]/[index]/parts';
import { db } from '@/server/db/client';
import { users } from '@/server/db/schema';
import { resetChapterAudio, ttsStats } from '@/server/tts/chapterAudio';
import { closeTts } from '@/server/tts/engine';
import { QUEUE_BUSY_MESSAGE, SynthQueue } from '@/server/tts/queue';
import { createTestUser } from '../helpers/auth';
import { insertStory, resetDatabase } from '../helpers/db';

const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'audio-parts-'));
process.env.TTS_CACHE_DIR = cacheDir;

interface RawResult {
  status: number;
  headers: Headers;
  bytes: Buffer;
}

async function call(
  handler: typeof partHandler,
  params: Record<string, string>,
  headers: Record<string, string> = {},
  query = '',
): Promise<RawResult> {
  let result: RawResult | undefined;
  await testApiHandler({
    pagesHandler: handler,
    params,
    url: query ? `/api/audio?${query}` : undefined,
    test: async ({ fetch }) => {
      const response = await fetch({ method: 'GET', headers });
      result = { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
    },
  });
  return result!;
}

const looksLikeMp3 = (bytes: Buffer) => bytes[0] === 0xff && (bytes[1] & 0xe0) === 0xe0;

describe('GET /api/audio/{storyId}/{index}/parts and /{part}', () => {
  let storyId: string;

  beforeAll(async () => {
    await resetDatabase();
    storyId = String((await insertStory({ title: 'Truyện Nghe Từng Phần', slug: 'truyen-nghe-tung-phan', chapters: 3, vipFrom: 3 })).id);
  });

  afterAll(async () => {
    resetChapterAudio();
    await closeTts();
    fs.rmSync(cacheDir, { recursive: true, force: true });
  });

  it('describes the parts: the title first, then groups of whole paragraphs', async () => {
    const answer = await call(partsHandler, { storyId, index: '1' });
    expect(answer.status).toBe(200);
    const body = JSON.parse(answer.bytes.toString()) as { parts: { part: number; from: number; to: number; title: boolean }[]; paragraphs: number };
    expect(body.parts[0]).toEqual({ part: 0, from: 0, to: 0, title: true });
    expect(body.parts.at(-1)!.to).toBe(body.paragraphs);
    for (let at = 2; at < body.parts.length; at += 1) expect(body.parts[at].from).toBe(body.parts[at - 1].to);
  });

  it('serves each part as MP3 with its paragraphs and their durations, cached, with byte ranges', async () => {
    const before = ttsStats().cache;
    const title = await call(partHandler, { storyId, index: '1', part: '0' });
    expect(title.status).toBe(200);
    expect(title.headers.get('content-type')).toBe('audio/mpeg');
    expect(looksLikeMp3(title.bytes)).toBe(true);
    expect(title.headers.get('x-audio-paragraphs')).toBe('0-0');
    expect(Number(title.headers.get('x-audio-durations'))).toBeGreaterThan(0.5);

    const first = await call(partHandler, { storyId, index: '1', part: '1' });
    expect(first.status).toBe(200);
    const [from, to] = first.headers.get('x-audio-paragraphs')!.split('-').map(Number);
    const durations = first.headers.get('x-audio-durations')!.split(',').map(Number);
    expect(durations).toHaveLength(to - from);
    expect(durations.every((seconds) => seconds > 0.3)).toBe(true);

    const again = await call(partHandler, { storyId, index: '1', part: '1' }, { range: 'bytes=100-599' });
    expect(again.status).toBe(206);
    expect(again.headers.get('content-range')).toBe(`bytes 100-599/${first.bytes.length}`);
    expect(again.bytes.equals(first.bytes.subarray(100, 600))).toBe(true);
    expect((await call(partHandler, { storyId, index: '1', part: '1' }, { range: `bytes=${first.bytes.length + 5}-` })).status).toBe(416);

    const after = ttsStats().cache;
    expect(after.misses - before.misses).toBeGreaterThanOrEqual(2);
    expect(after.hits - before.hits).toBeGreaterThanOrEqual(2);
  }, 60_000);

  it('answers 404 for a part the chapter does not have and 400 for a bad voice', async () => {
    const missing = await call(partHandler, { storyId, index: '1', part: '99' });
    expect(missing.status).toBe(404);
    expect(JSON.parse(missing.bytes.toString()).message).toBeTruthy();
    expect((await call(partHandler, { storyId, index: '1', part: 'x' })).status).toBe(400);
    expect((await call(partHandler, { storyId, index: '1', part: '0' }, {}, 'voice=en')).status).toBe(400);
  });

  it('refuses a VIP chapter without VIP, and serves it to a member (privately)', async () => {
    expect((await call(partsHandler, { storyId, index: '3' })).status).toBe(403);
    const refused = await call(partHandler, { storyId, index: '3', part: '0' });
    expect(refused.status).toBe(403);
    expect(JSON.parse(refused.bytes.toString()).message).toMatch(/VIP/);

    const member = await createTestUser('vip-part-listener');
    await db()
      .insert(users)
      .values({ id: member.uid, email: member.email, username: 'vipparts', expireTime: Math.floor(Date.now() / 1000) + 86_400 });
    const served = await call(partHandler, { storyId, index: '3', part: '0' }, { authorization: `Bearer ${member.token}` });
    expect(served.status).toBe(200);
    expect(served.headers.get('cache-control')).toMatch(/private/);
  }, 60_000);

  it('answers 503 with Retry-After when the synthesis queue is full, and still serves cached parts', async () => {
    const queue = new SynthQueue({ concurrency: 1, maxQueued: 0, perReader: 1, maxWaitMs: 5_000, retryAfterSeconds: 10 });
    resetChapterAudio({ queue });
    let release: () => void = () => undefined;
    const busy = queue.run('someone-else', 'now', () => new Promise<void>((resolve) => (release = resolve)));
    try {
      const refused = await call(partHandler, { storyId, index: '2', part: '1' });
      expect(refused.status).toBe(503);
      expect(refused.headers.get('retry-after')).toBe('10');
      expect(JSON.parse(refused.bytes.toString()).message).toBe(QUEUE_BUSY_MESSAGE);
      expect(queue.stats().refused).toBe(1);
      expect((await call(partHandler, { storyId, index: '1', part: '0' })).status).toBe(200);
    } finally {
      release();
      await busy;
      resetChapterAudio();
    }
  });
});
