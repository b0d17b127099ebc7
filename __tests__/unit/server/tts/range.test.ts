/** @jest-environment node */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseByteRange, sendFileWithRange } from '@/server/tts/range';

const content = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 251));
let dir: string;
let server: Server;
let base: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'range-'));
  const file = path.join(dir, 'audio.mp3');
  await writeFile(file, content);
  server = createServer((req, res) => {
    sendFileWithRange(req, res, file, 'audio/mpeg', { cacheControl: 'public, max-age=60' }).catch(() => res.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await rm(dir, { recursive: true, force: true });
});

async function get(range?: string, method = 'GET') {
  const response = await fetch(base, { method, headers: range ? { Range: range } : {} });
  return { response, body: Buffer.from(await response.arrayBuffer()) };
}

describe('sendFileWithRange', () => {
  it('sends the whole file with the caching and range headers', async () => {
    const { response, body } = await get();
    expect(response.status).toBe(200);
    expect(response.headers.get('accept-ranges')).toBe('bytes');
    expect(response.headers.get('content-type')).toBe('audio/mpeg');
    expect(response.headers.get('content-length')).toBe('1000');
    expect(response.headers.get('cache-control')).toBe('public, max-age=60');
    expect(body.equals(content)).toBe(true);
  });

  it('sends a closed range as 206', async () => {
    const { response, body } = await get('bytes=100-199');
    expect(response.status).toBe(206);
    expect(response.headers.get('content-range')).toBe('bytes 100-199/1000');
    expect(response.headers.get('content-length')).toBe('100');
    expect(body.equals(content.subarray(100, 200))).toBe(true);
  });

  it('sends an open range and clamps an end past the file', async () => {
    const open = await get('bytes=990-');
    expect(open.response.status).toBe(206);
    expect(open.response.headers.get('content-range')).toBe('bytes 990-999/1000');
    expect(open.body.equals(content.subarray(990))).toBe(true);

    const clamped = await get('bytes=995-5000');
    expect(clamped.response.headers.get('content-range')).toBe('bytes 995-999/1000');
    expect(clamped.body.length).toBe(5);
  });

  it('sends a suffix range', async () => {
    const { response, body } = await get('bytes=-10');
    expect(response.status).toBe(206);
    expect(response.headers.get('content-range')).toBe('bytes 990-999/1000');
    expect(body.equals(content.subarray(990))).toBe(true);
  });

  it('answers 416 for a range outside the file', async () => {
    const { response, body } = await get('bytes=1000-1100');
    expect(response.status).toBe(416);
    expect(response.headers.get('content-range')).toBe('bytes */1000');
    expect(body.length).toBe(0);
  });

  it('answers HEAD with the headers and no body', async () => {
    const whole = await get(undefined, 'HEAD');
    expect(whole.response.status).toBe(200);
    expect(whole.response.headers.get('content-length')).toBe('1000');
    expect(whole.body.length).toBe(0);
    const part = await get('bytes=0-9', 'HEAD');
    expect(part.response.status).toBe(206);
    expect(part.response.headers.get('content-length')).toBe('10');
  });

  it('answers 304 to a list of tags, a weak tag or *, as RFC 9110 compares If-None-Match', async () => {
    const { response } = await get();
    const etag = response.headers.get('etag') ?? '';
    for (const header of [`"other", ${etag}`, `W/${etag}`, '*', `"a",W/${etag} , "b"`]) {
      const again = await fetch(base, { headers: { 'If-None-Match': header } });
      expect([header, again.status]).toEqual([header, 304]);
    }
    const stale = await fetch(base, { headers: { 'If-None-Match': '"other", W/"older"' } });
    expect(stale.status).toBe(200);
  });

  it('answers 304 when the client has the current file', async () => {
    const { response } = await get();
    const again = await fetch(base, { headers: { 'If-None-Match': response.headers.get('etag') ?? '' } });
    expect(again.status).toBe(304);
  });
});

describe('parseByteRange', () => {
  it('ignores what it may ignore', () => {
    expect(parseByteRange(undefined, 10)).toBeUndefined();
    expect(parseByteRange('bytes=0-1,4-5', 10)).toBeUndefined();
    expect(parseByteRange('items=0-1', 10)).toBeUndefined();
    expect(parseByteRange('bytes=5-2', 10)).toBeUndefined();
  });

  it('refuses an empty suffix and ranges of an empty file', () => {
    expect(parseByteRange('bytes=-0', 10)).toBe('unsatisfiable');
    expect(parseByteRange('bytes=0-', 0)).toBe('unsatisfiable');
    expect(parseByteRange('bytes=-50', 10)).toEqual({ start: 0, end: 9 });
  });
});
