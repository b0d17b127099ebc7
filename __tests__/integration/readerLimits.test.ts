/**
 * What a reader can make the server do: chapter signs read with the server's time whatever the
 * device clock says (replay protection kept), server audio renders and live fetches of embedded
 * chapters limited per client (429) and per process (503) with Retry-After, limits keyed on the
 * address TRUST_PROXY resolves, and one page-size rule.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { testApiHandler } from 'next-test-api-route-handler';
import audioHandler from '@/pages/api/audio/[storyId]/[index]/index';
import searchHandler from '@/pages/api/book/search';
import textHandler from '@/pages/api/book/text';
import topHandler from '@/pages/api/book/top/[type]/[page]';
import { sendWithServerTime, ServerClock, type SignedAnswer } from '@/lib/chapterClock';
import { signChapterRequest } from '@/lib/chapterSign';
import { db } from '@/server/db/client';
import { chapters, stories } from '@/server/db/schema';
import { env } from '@/server/env';
import { AUDIO_RENDER_RULE, LIVE_FETCH_RULE, createWorkLimiters, setWorkLimiters, workLimiters } from '@/server/services/costlyWork';
import { hitRateLimit, rateLimitSubject } from '@/server/services/rateLimit';
import { closeTts } from '@/server/tts/engine';
import { callApi } from '../helpers/api';
import { insertStory, resetDatabase } from '../helpers/db';

process.env.TTS_CACHE_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'limits-audio-'));

let storyId: string;
let embeddedId: string;

async function getAudio(id: string, index: string, headers: Record<string, string> = {}) {
  let result: { status: number; headers: Headers; body: string } | undefined;
  await testApiHandler({
    pagesHandler: audioHandler,
    params: { storyId: id, index },
    test: async ({ fetch }) => {
      const response = await fetch({ method: 'GET', headers });
      const type = response.headers.get('content-type') ?? '';
      result = { status: response.status, headers: response.headers, body: type.includes('json') ? await response.text() : '' };
    },
  });
  return result!;
}

/** Fills a client's window of a rule, as if it had already used its share. */
async function useUpShare(prefix: string, subject: string, limit: number) {
  for (let i = 0; i < limit; i += 1) await hitRateLimit(db(), `${prefix}:${subject}`, { limit, windowMs: 10 * 60_000 });
}

function deferred() {
  let release!: () => void;
  const promise = new Promise<string>((resolve) => {
    release = () => resolve('');
  });
  return { promise, release };
}

/** An embedded story whose one chapter was never fetched, from a source that does not exist. */
async function insertUnfetchedEmbeddedStory(): Promise<string> {
  const [embedded] = await db()
    .insert(stories)
    .values({ slug: 'truyen-nhung', title: 'Truyện Nhúng', author: 'Tác Giả', description: '', origin: 'embedded', sourceSite: 'khong-co', chapterCount: 1, searchTitle: 'truyen nhung', searchAuthor: 'tac gia' })
    .returning();
  await db().insert(chapters).values({ storyId: embedded.id, index: 1, title: 'Chương 1', content: null, sourceUrl: null });
  return String(embedded.id);
}

beforeAll(async () => {
  await resetDatabase();
  storyId = String((await insertStory({ title: 'Truyện Nghe Thử', chapters: 3 })).id);
  embeddedId = await insertUnfetchedEmbeddedStory();
});

afterAll(async () => {
  setWorkLimiters(undefined);
  await closeTts();
});

describe('chapter signs in the server time', () => {
  const key = () => env().CHAPTER_SIGN_KEY;

  async function sendToApi(sign: string): Promise<SignedAnswer<{ message: string; index: number }>> {
    const { status, body } = await callApi<{ message: string; index: number; serverTime?: number; stale?: boolean }>(textHandler, { method: 'POST', body: { sign } });
    return status === 200 ? { ok: true, value: body, serverTime: body.serverTime } : { ok: false, status, serverTime: body.serverTime, stale: body.stale };
  }

  it.each([
    ['10 minutes fast', 600],
    ['10 minutes slow', -600],
    ['10 hours fast', 36_000],
    ['10 hours slow', -36_000],
  ])('a reader whose clock is %s still reads', async (_label, skewS) => {
    const deviceNow = () => Date.now() + skewS * 1000;
    const clock = new ServerClock();
    const signs: string[] = [];
    const answer = await sendWithServerTime(
      (time) => {
        const sign = signChapterRequest({ truyenId: storyId, index: 2, time }, key());
        signs.push(sign);
        return sign;
      },
      sendToApi,
      clock,
      deviceNow,
    );
    expect(answer.ok && answer.value.index).toBe(2);
    expect(signs).toHaveLength(2);
  });

  it('still refuses a stale sign, says the server time, and binds story and chapter', async () => {
    const old = signChapterRequest({ truyenId: storyId, index: 1, time: Math.floor(Date.now() / 1000) - 600 }, key());
    const stale = await callApi<{ message: string; serverTime: number }>(textHandler, { method: 'POST', body: { sign: old } });
    expect(stale.status).toBe(400);
    expect(stale.body.message).toBe('Yêu cầu đọc chương đã hết hạn, hãy tải lại trang.');
    expect(Math.abs(stale.body.serverTime - Date.now() / 1000)).toBeLessThan(5);
    const fresh = await callApi<{ index: number; serverTime: number }>(textHandler, {
      method: 'POST',
      body: { sign: signChapterRequest({ truyenId: storyId, index: 3, time: Math.floor(Date.now() / 1000) }, key()) },
    });
    expect(fresh.body).toMatchObject({ index: 3, serverTime: expect.any(Number) });
  });
});

describe('server audio', () => {
  it('refuses a render beyond the client share with 429 and Retry-After, while cached audio still plays', async () => {
    expect((await getAudio(storyId, '1')).status).toBe(200);
    await useUpShare('audio-render', 'ip:127.0.0.1', AUDIO_RENDER_RULE.limit);
    const refused = await getAudio(storyId, '2');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(JSON.parse(refused.body).message).toMatch(/quá nhiều chương/);
    expect((await getAudio(storyId, '1')).status).toBe(200);
  });

  it('answers 503 with Retry-After when the process is rendering all it can', async () => {
    await resetDatabase();
    storyId = String((await insertStory({ title: 'Truyện Nghe Bận', chapters: 3 })).id);
    setWorkLimiters(createWorkLimiters(1, 1, 0));
    const hold = deferred();
    const busy = workLimiters().audio.run(() => hold.promise);
    try {
      const refused = await getAudio(storyId, '3');
      expect(refused.status).toBe(503);
      expect(refused.headers.get('retry-after')).toBe('10');
      expect(JSON.parse(refused.body).message).toMatch(/bận tạo âm thanh/);
    } finally {
      hold.release();
      await busy;
      setWorkLimiters(undefined);
    }
  });
});

describe('live fetches of embedded chapters', () => {
  const read = () =>
    callApi<{ message: string }>(textHandler, {
      method: 'POST',
      body: { sign: signChapterRequest({ truyenId: embeddedId, index: 1, time: Math.floor(Date.now() / 1000) }, env().CHAPTER_SIGN_KEY) },
    });

  it('goes to the source within limits, 503 when the process is fetching all it can, 429 beyond the share', async () => {
    await resetDatabase();
    embeddedId = await insertUnfetchedEmbeddedStory();

    // No source to fetch from: the loader ran, and says so.
    expect((await read()).status).toBe(502);

    setWorkLimiters(createWorkLimiters(1, 1, 0));
    const hold = deferred();
    const busy = [workLimiters().liveFetch.run(() => hold.promise)];
    try {
      const refused = await read();
      expect(refused.status).toBe(503);
      expect(refused.headers.get('retry-after')).toBe('10');
    } finally {
      hold.release();
      await Promise.all(busy);
      setWorkLimiters(undefined);
    }

    await useUpShare('live-fetch', 'ip:127.0.0.1', LIVE_FETCH_RULE.limit);
    const limited = await read();
    expect(limited.status).toBe(429);
    expect(limited.body.message).toMatch(/chương mới từ trang nguồn/);
  });
});

describe('TRUST_PROXY', () => {
  const behindProxy = (visitor: string) => ({ headers: { 'x-forwarded-for': visitor }, socket: { remoteAddress: '127.0.0.1' } });

  it('off: every visitor behind the proxy is the proxy, so X-Forwarded-For cannot dodge a limit', async () => {
    const subjects = ['198.51.100.1', '198.51.100.2', '198.51.100.3'].map((visitor) => rateLimitSubject(behindProxy(visitor), null));
    expect(new Set(subjects)).toEqual(new Set(['ip:127.0.0.1']));
    const rule = { limit: 2, windowMs: 60_000 };
    const hits = [];
    for (const subject of subjects) hits.push(await hitRateLimit(db(), `trust-off:${subject}`, rule));
    expect(hits.map((hit) => hit.allowed)).toEqual([true, true, false]);
  });

  it('on: each visitor has their own bucket, and a signed-in reader is counted on the account', async () => {
    const previous = process.env.TRUST_PROXY;
    process.env.TRUST_PROXY = 'loopback';
    const { resetEnvForTests } = await import('@/server/env');
    resetEnvForTests();
    try {
      const subjects = ['198.51.100.1', '198.51.100.2'].map((visitor) => rateLimitSubject(behindProxy(visitor), null));
      expect(subjects).toEqual(['ip:198.51.100.1', 'ip:198.51.100.2']);
      expect(rateLimitSubject(behindProxy('198.51.100.1'), 'uid-1')).toBe('user:uid-1');
      const rule = { limit: 1, windowMs: 60_000 };
      expect((await hitRateLimit(db(), `trust-on:${subjects[0]}`, rule)).allowed).toBe(true);
      expect((await hitRateLimit(db(), `trust-on:${subjects[1]}`, rule)).allowed).toBe(true);
    } finally {
      if (previous === undefined) delete process.env.TRUST_PROXY;
      else process.env.TRUST_PROXY = previous;
      resetEnvForTests();
    }
  });
});

describe('perpage', () => {
  it('is at most 50 on every paged endpoint, a larger one served as 50', async () => {
    await insertStory({ title: 'Một Truyện', chapters: 1 });
    const search = await callApi<{ perpage: number }>(searchHandler, { method: 'POST', body: { perpage: 500 } });
    expect(search).toMatchObject({ status: 200, body: { perpage: 50 } });
    const top = await callApi<{ perpage: number }>(topHandler, { params: { type: 'hot', page: '0', perpage: '51' } });
    expect(top).toMatchObject({ status: 200, body: { perpage: 50 } });
    expect((await callApi(searchHandler, { method: 'POST', body: { perpage: 0 } })).status).toBe(400);
  });
});
