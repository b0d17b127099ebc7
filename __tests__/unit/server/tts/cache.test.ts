/** @jest-environment node */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { getOrRenderChapterAudio } from '@/server/tts/cache';
import { mp3Duration } from '@/server/tts/mp3Info';
import type { SynthesisOptions, TtsEngine } from '@/server/tts/types';

/** An engine that returns a quarter second of tone per call and records what it was asked. */
function fakeEngine(delayMs = 20) {
  const calls: Array<{ text: string; opts: SynthesisOptions }> = [];
  const engine: TtsEngine = {
    id: 'fake',
    defaultVoice: 'fake-voice',
    async synthesize(text, opts) {
      calls.push({ text, opts });
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      const pcm = new Int16Array(4000);
      for (let i = 0; i < pcm.length; i += 1) pcm[i] = Math.round(5000 * Math.sin(i / 10));
      return { pcm, sampleRate: 16000 };
    },
  };
  return { engine, calls };
}

// Encoding runs in JavaScript; a loaded CI machine needs more than the default 5 s.
jest.setTimeout(30_000);

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'audio-cache-'));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('getOrRenderChapterAudio', () => {
  const paragraphs = ['Chương 1: Khởi đầu', 'Hắn có 3 con ngựa.'];

  it('renders once for concurrent requests of the same chapter and writes one file', async () => {
    const { engine, calls } = fakeEngine();
    const [a, b] = await Promise.all([
      getOrRenderChapterAudio('story-1-chapter-1', paragraphs, { engine, dir, voice: 'vi' }),
      getOrRenderChapterAudio('story-1-chapter-1', paragraphs, { engine, dir, voice: 'vi' }),
    ]);
    expect(calls).toHaveLength(2);
    expect(calls.map((call) => call.text)).toEqual(['Chương một: Khởi đầu', 'Hắn có ba con ngựa.']);
    expect(a).toEqual(b);
    const files = await readdir(dir);
    expect(files).toEqual([path.basename(a.path)]);
    const mp3 = await readFile(a.path);
    expect(mp3.length).toBe(a.size);
    expect(mp3Duration(mp3).seconds).toBeGreaterThan(0.5);
  });

  it('serves a cached file without rendering again', async () => {
    const { engine, calls } = fakeEngine();
    const first = await getOrRenderChapterAudio('story-1-chapter-2', paragraphs, { engine, dir, voice: 'vi' });
    const second = await getOrRenderChapterAudio('story-1-chapter-2', paragraphs, { engine, dir, voice: 'vi' });
    expect(second).toEqual(first);
    expect(calls).toHaveLength(2);
  });

  it('renders again when the text or the voice changes and drops the old version', async () => {
    const { engine, calls } = fakeEngine(0);
    const first = await getOrRenderChapterAudio('story-2-chapter-1', paragraphs, { engine, dir, voice: 'vi' });
    const otherVoice = await getOrRenderChapterAudio('story-2-chapter-1', paragraphs, { engine, dir, voice: 'vi-vn-x-south' });
    expect(otherVoice.path).not.toBe(first.path);
    expect(calls[2].opts.voice).toBe('vi-vn-x-south');
    const edited = await getOrRenderChapterAudio('story-2-chapter-1', ['Đã sửa.'], { engine, dir, voice: 'vi' });
    expect(await readdir(dir)).toEqual([path.basename(edited.path)]);
    const other = await getOrRenderChapterAudio('story-2-chapter-10', paragraphs, { engine, dir, voice: 'vi' });
    expect((await readdir(dir)).sort()).toEqual([path.basename(edited.path), path.basename(other.path)].sort());
  });

  it('lets a failed render be retried and leaves no partial file', async () => {
    const { engine } = fakeEngine(0);
    let fail = true;
    const flaky: TtsEngine = {
      ...engine,
      synthesize: (text, opts) => (fail ? Promise.reject(new Error('engine down')) : engine.synthesize(text, opts)),
    };
    await expect(getOrRenderChapterAudio('story-3-chapter-1', paragraphs, { engine: flaky, dir })).rejects.toThrow('engine down');
    expect(await readdir(dir)).toEqual([]);
    fail = false;
    const file = await getOrRenderChapterAudio('story-3-chapter-1', paragraphs, { engine: flaky, dir });
    expect(file.size).toBeGreaterThan(0);
  });
});
