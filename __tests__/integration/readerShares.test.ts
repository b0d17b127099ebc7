/**
 * Shares by reader over real HTTP: a browser gets a signed device cookie and is counted by it, a
 * forged one counts for nothing, twenty listeners behind one address are all served, one device
 * cannot take more than its share, and minted device ids cannot take more than the address's.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { testApiHandler } from 'next-test-api-route-handler';
import partHandler from '@/pages/api/audio/[storyId]/[index]/[part]';
import partsHandler from '@/pages/api/audio/[storyId]/[index]/parts';
import { db } from '@/server/db/client';
import { rateLimits } from '@/server/db/schema';
import { env } from '@/server/env';
import { AUDIO_PART_RULE } from '@/server/services/costlyWork';
import { resetChapterAudio, synthQueue } from '@/server/tts/chapterAudio';
import { closeTts } from '@/server/tts/engine';
import { SynthQueue } from '@/server/tts/queue';
import { createTestUser } from '../helpers/auth';
import { insertStory, resetDatabase } from '../helpers/db';

const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'reader-shares-'));
process.env.TTS_CACHE_DIR = cacheDir;

interface Answer {
  status: number;
  headers: Headers;
}

async function get(handler: typeof partHandler, params: Record<string, string>, headers: Record<string, string> = {}): Promise<Answer> {
  let result: Answer | undefined;
  await testApiHandler({
    pagesHandler: handler,
    params,
    test: async ({ fetch }) => {
      const response = await fetch({ method: 'GET', headers });
      await response.arrayBuffer();
      result = { status: response.status, headers: response.headers };
    },
  });
  return result!;
}

let storyId: string;
let chapterCount = 0;
/** A chapter no test has asked for yet: its audio is not cached. */
const coldChapter = () => String(++chapterCount);

const part = (cookie?: string, token?: string) =>
  get(partHandler, { storyId, index: coldChapter(), part: '0' }, { ...(cookie ? { cookie } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) });

/** A new browser: its first answer gives it a device cookie, returned as the Cookie header it sends next. */
async function newDevice(): Promise<string> {
  const answer = await get(partsHandler, { storyId, index: '1' });
  const line = answer.headers.get('set-cookie') ?? '';
  const cookie = /^ta_device=[^;]+/.exec(line)?.[0];
  if (!cookie) throw new Error(`no device cookie in "${line}"`);
  return cookie;
}

const idOf = (cookie: string) => cookie.slice('ta_device='.length).split('.')[0];

/** Fills a reader's window of the audio part rule, as if it had used its share. */
async function useUp(key: string, limit: number) {
  const windowStart = Math.floor(Date.now() / AUDIO_PART_RULE.windowMs) * AUDIO_PART_RULE.windowMs;
  await db().insert(rateLimits).values({ key, windowStart, count: limit }).onConflictDoUpdate({ target: rateLimits.key, set: { count: limit, windowStart } });
}

/** Holds the queue's only slot until `release`, so requests wait or are refused deterministically. */
function holdTheSlot() {
  let release!: () => void;
  const held = synthQueue().run('holder', 'now', () => new Promise<void>((resolve) => (release = resolve)));
  return { release: () => release(), held };
}

async function until(condition: () => boolean) {
  for (let i = 0; i < 400 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 25));
}

const statuses = (answers: Answer[]) => answers.map((answer) => answer.status).sort();

beforeAll(async () => {
  await resetDatabase();
  storyId = String((await insertStory({ title: 'Truyện Nghe Chung Địa Chỉ', chapters: 80 })).id);
});

afterEach(() => resetChapterAudio());

afterAll(async () => {
  await closeTts();
  fs.rmSync(cacheDir, { recursive: true, force: true });
});

describe('the device cookie', () => {
  it('is given, signed, HttpOnly and SameSite=Lax, to a browser without one, and not again', async () => {
    const first = await get(partsHandler, { storyId, index: '1' });
    expect(first.headers.get('set-cookie')).toMatch(/^ta_device=[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{22}; Path=\/; Max-Age=31536000; HttpOnly; SameSite=Lax$/);
    const cookie = /^ta_device=[^;]+/.exec(first.headers.get('set-cookie')!)![0];
    expect((await get(partsHandler, { storyId, index: '1' }, { cookie })).headers.get('set-cookie')).toBeNull();
  });

  it('is honoured: the device is counted on its own, apart from the other readers of its address', async () => {
    const [spent, fresh] = [await newDevice(), await newDevice()];
    await useUp(`audio-part:device:${idOf(spent)}`, AUDIO_PART_RULE.limit);
    const refused = await part(spent);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await part(fresh)).status).toBe(200);
    expect((await part()).status).toBe(200);
  });

  it('counts for nothing when forged: the request is one of its address cookieless ones, and gets a real cookie', async () => {
    const forged = `ta_device=${idOf(await newDevice())}.AAAAAAAAAAAAAAAAAAAAAA`;
    await useUp('audio-part:ip:127.0.0.1', AUDIO_PART_RULE.limit);
    const answer = await part(forged);
    expect(answer.status).toBe(429);
    expect(answer.headers.get('set-cookie')).toMatch(/^ta_device=/);
    expect((await part(await newDevice())).status).toBe(200);
    await db().delete(rateLimits);
  });
});

describe('listeners behind one address', () => {
  it('serves 20 devices starting 20 cold chapters at once, none refused (the default ceiling)', async () => {
    const devices = await Promise.all(Array.from({ length: 20 }, () => newDevice()));
    const answers = await Promise.all(devices.map((cookie) => part(cookie)));
    expect(statuses(answers)).toEqual(Array(20).fill(200));
  });

  it('holds one device to its share of the synthesis queue while another device is served', async () => {
    resetChapterAudio({ queue: new SynthQueue({ concurrency: 1, maxQueued: 20, perReader: 2, addressReaders: 3, maxWaitMs: 20_000, retryAfterSeconds: 10 }) });
    const [greedy, other] = [await newDevice(), await newDevice()];
    const slot = holdTheSlot();
    const greedyAnswers = Promise.all(Array.from({ length: 5 }, () => part(greedy)));
    await until(() => synthQueue().stats().queued + synthQueue().stats().refused === 5);
    const otherAnswer = part(other);
    await until(() => synthQueue().stats().queued === 3);
    slot.release();
    await slot.held;
    const greedyStatuses = statuses(await greedyAnswers);
    expect(greedyStatuses).toEqual([200, 200, 503, 503, 503]);
    expect((await otherAnswer).status).toBe(200);
  });

  it('holds an address to its ceiling however many device ids it mints, while an account is served', async () => {
    resetChapterAudio({ queue: new SynthQueue({ concurrency: 1, maxQueued: 40, perReader: 2, addressReaders: 3, maxWaitMs: 20_000, retryAfterSeconds: 10 }) });
    const minted = await Promise.all(Array.from({ length: 10 }, () => newDevice()));
    const account = await createTestUser('shares');
    const slot = holdTheSlot();
    // Ten devices of one address, two requests each: the address waits as 3 readers × 2 at most.
    const mintedAnswers = Promise.all(minted.flatMap((cookie) => [part(cookie), part(cookie)]));
    await until(() => synthQueue().stats().queued + synthQueue().stats().refused === 20);
    expect(synthQueue().stats().queued).toBe(6);
    const accountAnswer = part(undefined, account.token);
    await until(() => synthQueue().stats().queued === 7);
    slot.release();
    await slot.held;
    expect(statuses(await mintedAnswers)).toEqual([...Array(6).fill(200), ...Array(14).fill(503)]);
    expect((await accountAnswer).status).toBe(200);

    // The address's window holds the sum of its readers' shares: a fresh device is refused too.
    await useUp('audio-part:address:127.0.0.1', AUDIO_PART_RULE.limit * env().ADDRESS_READERS);
    expect((await part(await newDevice())).status).toBe(429);
    expect((await part(undefined, account.token)).status).toBe(200);
  });
});
