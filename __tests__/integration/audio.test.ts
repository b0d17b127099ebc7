import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { testApiHandler } from 'next-test-api-route-handler';
import { and, eq } from 'drizzle-orm';
import audioHandler from '@/pages/api/audio/[storyId]/[index]/index';
import embedHandler from '@/pages/api/embedding/embed';
import type { EmbedResult } from '@/lib/api/embedding';
import { startFixtureServer } from '@/scripts/fixture-server';
import { db } from '@/server/db/client';
import { chapters, users } from '@/server/db/schema';
import { closeTts } from '@/server/tts/engine';
import { QINGYUN } from '../fixtures/sources/books';
import { callApi } from '../helpers/api';
import { createTestUser } from '../helpers/auth';
import { insertStory, resetDatabase } from '../helpers/db';

const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'audio-test-'));
process.env.TTS_CACHE_DIR = cacheDir;

interface RawResult {
  status: number;
  headers: Headers;
  bytes: Buffer;
}

async function getAudio(storyId: string, index: string, headers: Record<string, string> = {}): Promise<RawResult> {
  let result: RawResult | undefined;
  await testApiHandler({
    pagesHandler: audioHandler,
    params: { storyId, index },
    test: async ({ fetch }) => {
      const response = await fetch({ method: 'GET', headers });
      result = { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
    },
  });
  return result!;
}

/** An MP3 stream starts with an ID3 tag or a frame sync (11 set bits). */
const looksLikeMp3 = (bytes: Buffer) => bytes.subarray(0, 3).toString('latin1') === 'ID3' || (bytes[0] === 0xff && (bytes[1] & 0xe0) === 0xe0);

describe('GET /api/audio/{storyId}/{index}', () => {
  let storyId: string;

  beforeAll(async () => {
    await resetDatabase();
    storyId = String((await insertStory({ title: 'Truyện Nghe', slug: 'truyen-nghe', chapters: 3, vipFrom: 3 })).id);
  });

  afterAll(async () => {
    await closeTts();
    fs.rmSync(cacheDir, { recursive: true, force: true });
  });

  it('renders the chapter to MP3 once, caches it, and serves byte ranges', async () => {
    const started = performance.now();
    const full = await getAudio(storyId, '1');
    const firstMs = performance.now() - started;
    expect(full.status).toBe(200);
    expect(full.headers.get('content-type')).toBe('audio/mpeg');
    expect(full.headers.get('accept-ranges')).toBe('bytes');
    expect(looksLikeMp3(full.bytes)).toBe(true);
    expect(full.bytes.length).toBeGreaterThan(2_000);
    // Built from its parts, which stay cached for the part-by-part player.
    expect(fs.readdirSync(cacheDir).filter((name) => name.includes('.all.') && name.endsWith('.mp3'))).toHaveLength(1);
    expect(fs.readdirSync(cacheDir).filter((name) => /\.p\d+\./.test(name) && name.endsWith('.mp3')).length).toBeGreaterThanOrEqual(2);

    const again = performance.now();
    const part = await getAudio(storyId, '1', { range: 'bytes=100-1099' });
    expect(performance.now() - again).toBeLessThan(Math.max(firstMs, 500));
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-1099/${full.bytes.length}`);
    expect(part.bytes.equals(full.bytes.subarray(100, 1100))).toBe(true);

    const past = await getAudio(storyId, '1', { range: `bytes=${full.bytes.length + 10}-` });
    expect(past.status).toBe(416);
  }, 120_000);

  it('refuses a VIP chapter without membership (403) and serves it to a member', async () => {
    const refused = await getAudio(storyId, '3');
    expect(refused.status).toBe(403);
    expect(JSON.parse(refused.bytes.toString()).message).toMatch(/VIP/);

    const member = await createTestUser('vip-listener');
    await db()
      .insert(users)
      .values({ id: member.uid, email: member.email, username: 'vip', expireTime: Math.floor(Date.now() / 1000) + 86_400 });
    const served = await getAudio(storyId, '3', { authorization: `Bearer ${member.token}` });
    expect(served.status).toBe(200);
    expect(served.headers.get('cache-control')).toMatch(/private/);
    expect(looksLikeMp3(served.bytes)).toBe(true);
  }, 120_000);

  it('fetches and converts an embedded chapter nobody has read yet, then renders it', async () => {
    const fixture = await startFixtureServer();
    process.env.SOURCES_ALLOW_LOOPBACK = '1';
    process.env.SOURCES_FIXTURE_ORIGIN = fixture.origin;
    process.env.SOURCES_NO_SPACING = '1';
    try {
      const { body } = await callApi<{ message: EmbedResult }>(embedHandler, {
        method: 'POST',
        body: { link: `https://www.69shuba.com/book/${QINGYUN.bookId}.htm` },
      });
      const embeddedId = body.message.storyId;
      const served = await getAudio(embeddedId, '2');
      expect(served.status).toBe(200);
      expect(looksLikeMp3(served.bytes)).toBe(true);
      const [row] = await db()
        .select({ content: chapters.content })
        .from(chapters)
        .where(and(eq(chapters.storyId, Number(embeddedId)), eq(chapters.index, 2)));
      expect(row.content).toBeTruthy();
      expect(row.content).not.toMatch(/\p{Script=Han}/u);
    } finally {
      await fixture.close();
    }
  }, 120_000);

  it('answers 404 for a missing chapter and 400 for bad parameters', async () => {
    expect((await getAudio(storyId, '99')).status).toBe(404);
    expect((await getAudio('abc', '1')).status).toBe(400);
  });
});
