import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DiskCache } from '@/server/tts/diskCache';

describe('DiskCache', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'disk-cache-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  const bytes = (size: number) => new Uint8Array(size).fill(7);
  const ageFile = (name: string, secondsAgo: number) => {
    const when = new Date(Date.now() - secondsAgo * 1000);
    fs.utimesSync(path.join(dir, `${name}.mp3`), when, when);
  };

  it('stores audio with its facts, counts hits and misses, and is shared through the directory', async () => {
    const cache = new DiskCache<{ seconds: number }>(dir, 10_000);
    expect(await cache.get('a')).toBeUndefined();
    await cache.put('a', bytes(100), { seconds: 3 });
    const other = new DiskCache<{ seconds: number }>(dir, 10_000);
    expect(await other.get('a')).toMatchObject({ size: 100, meta: { seconds: 3 } });
    expect(cache.stats()).toMatchObject({ hits: 0, misses: 1, writes: 1 });
    expect(other.stats()).toMatchObject({ hits: 1, misses: 0 });
    expect(fs.readdirSync(dir).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  it('evicts the least recently used entries when over its cap, down to 90 %', async () => {
    const cache = new DiskCache<object>(dir, 1_000);
    for (const name of ['old', 'used', 'new']) await cache.put(name, bytes(300), {});
    await cache.sweep();
    ageFile('old', 30);
    ageFile('used', 20);
    ageFile('new', 10);
    // Reading "used" makes it the most recent; "old" is now the least recently used.
    expect(await cache.get('used')).toBeDefined();
    await cache.put('newest', bytes(300), {});
    await cache.sweep();
    const left = fs.readdirSync(dir).filter((name) => name.endsWith('.mp3')).sort();
    expect(left).toEqual(['new.mp3', 'newest.mp3', 'used.mp3']);
    expect(fs.existsSync(path.join(dir, 'old.json'))).toBe(false);
    expect(cache.stats()).toMatchObject({ evicted: 1, bytes: 900 });
  });

  it('removes the other versions of an entry when a new one is written', async () => {
    const cache = new DiskCache<object>(dir, 10_000);
    await cache.put('chapter.p1.aaa', bytes(10), {});
    await cache.put('chapter.p1.bbb', bytes(10), {});
    await cache.put('chapter.p2.ccc', bytes(10), {});
    await cache.removeOthers('chapter.p1.', 'chapter.p1.bbb');
    expect(fs.readdirSync(dir).sort()).toEqual(['chapter.p1.bbb.json', 'chapter.p1.bbb.mp3', 'chapter.p2.ccc.json', 'chapter.p2.ccc.mp3']);
  });
});
