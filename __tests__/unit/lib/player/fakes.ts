import type { AudioLike, LoadedPart, PartSource } from '@/lib/player/audioEngine';
import { planAudioParts } from '@/lib/player/parts';
import { MediaSessionBridge, type MediaSessionLike } from '@/lib/player/mediaSession';
import type { PlayerDeps } from '@/lib/player/player';
import type { SynthLike, UtteranceLike } from '@/lib/player/speechEngine';
import type { KeyValueStore } from '@/lib/player/storage';
import type { PlayerChapter } from '@/lib/player/types';

export function voice(name: string, lang: string): SpeechSynthesisVoice {
  return { name, lang, voiceURI: `uri:${name}`, localService: true, default: false };
}

/** A recording speechSynthesis: utterances wait in a queue; the test says when each starts and ends. */
export class FakeSynth implements SynthLike {
  queue: UtteranceLike[] = [];
  spoken: UtteranceLike[] = [];
  cancels = 0;
  private current: UtteranceLike | null = null;

  constructor(public voices: SpeechSynthesisVoice[] = [voice('Linh', 'vi-VN')]) {}

  speak(utterance: UtteranceLike): void {
    this.queue.push(utterance);
    this.spoken.push(utterance);
    if (!this.current) this.startNext();
  }

  cancel(): void {
    this.cancels += 1;
    const dropped = [this.current, ...this.queue].filter((u): u is UtteranceLike => u !== null);
    this.current = null;
    this.queue = [];
    for (const utterance of dropped) utterance.onerror?.({ error: 'interrupted' } as SpeechSynthesisErrorEvent);
  }

  getVoices(): SpeechSynthesisVoice[] {
    return this.voices;
  }

  get speaking(): UtteranceLike | null {
    return this.current;
  }

  /** Ends the utterance being spoken; the next queued one starts. */
  finishCurrent(): void {
    const done = this.current;
    this.current = null;
    done?.onend?.({} as SpeechSynthesisEvent);
    if (!this.current) this.startNext();
  }

  fail(error: string): void {
    const failed = this.current;
    this.current = null;
    failed?.onerror?.({ error } as SpeechSynthesisErrorEvent);
  }

  private startNext(): void {
    const next = this.queue.shift();
    if (!next) return;
    this.current = next;
    next.onstart?.({} as SpeechSynthesisEvent);
  }
}

export function fakeUtterance(text: string): UtteranceLike {
  return { text, lang: '', rate: 1, pitch: 1, voice: null, onstart: null, onend: null, onerror: null };
}

type Listener = () => void;

export class FakeAudio implements AudioLike {
  src = '';
  currentTime = 0;
  duration = NaN;
  playbackRate = 1;
  preload = '';
  playing = false;
  private listeners = new Map<string, Set<Listener>>();
  play = jest.fn(async () => {
    this.playing = true;
  });
  pause = jest.fn(() => {
    this.playing = false;
  });
  removeAttribute(): void {
    this.src = '';
  }
  load(): void {}
  addEventListener(type: string, listener: Listener): void {
    if (!this.listeners.has(type)) this.listeners.set(type, new Set());
    this.listeners.get(type)!.add(listener);
  }
  removeEventListener(type: string, listener: Listener): void {
    this.listeners.get(type)?.delete(listener);
  }
  emit(type: string): void {
    for (const listener of [...(this.listeners.get(type) ?? [])]) listener();
  }
}

export function memoryStore(): KeyValueStore & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return { data, getItem: (key) => data.get(key) ?? null, setItem: (key, value) => void data.set(key, value) };
}

export function fakeSession(): MediaSessionLike & { handlers: Map<string, MediaSessionActionHandler | null> } {
  const handlers = new Map<string, MediaSessionActionHandler | null>();
  return { metadata: null, playbackState: 'none', handlers, setActionHandler: (action, handler) => void handlers.set(action, handler) };
}

export function chapter(index: number, overrides: Partial<PlayerChapter> = {}): PlayerChapter {
  return {
    storyId: '7',
    slug: 'kiem-lai',
    storyTitle: 'Kiếm Lai',
    author: 'Phong Hỏa',
    index,
    title: `Chương ${index}: Thử`,
    paragraphs: [`Đoạn một chương ${index}.`, `Đoạn hai có 3 người.`, `Đoạn ba kết thúc.`],
    prev: index > 1 ? index - 1 : null,
    next: index < 3 ? index + 1 : null,
    vip: false,
    ...overrides,
  };
}

/** What the fake server answers for a part: each paragraph lasts 2 s, the title 1 s. */
export function fakePartSource() {
  const requests: { chapter: number; part: number; voice: string | null; prefetch: boolean }[] = [];
  const released: string[] = [];
  const source = jest.fn<Promise<LoadedPart>, Parameters<PartSource>>(async (c, part, request) => {
    requests.push({ chapter: c.index, part, ...request });
    const plan = planAudioParts(c.paragraphs)[part];
    const url = `blob:${c.index}/${part}/${request.voice ?? 'default'}`;
    return { url, durations: plan.title ? [1] : Array.from({ length: plan.to - plan.from }, () => 2), release: () => void released.push(url) };
  });
  return { source, requests, released };
}

export function makeDeps(overrides: Partial<PlayerDeps> = {}) {
  const synth = new FakeSynth();
  const audios: FakeAudio[] = [];
  const parts = fakePartSource();
  const store = memoryStore();
  const session = fakeSession();
  const deps: PlayerDeps = {
    synth,
    createUtterance: fakeUtterance,
    onVoicesChanged: () => () => undefined,
    createAudio: () => {
      const created = new FakeAudio();
      audios.push(created);
      return created;
    },
    partSource: parts.source,
    store,
    media: new MediaSessionBridge(session, (init) => init as MediaMetadata),
    clock: { now: () => Date.now(), setTimeout: (cb, ms) => setTimeout(cb, ms), clearTimeout: (h) => clearTimeout(h) },
    voiceWaitMs: 50,
    ...overrides,
  };
  return { deps, synth, audios, parts, store, session };
}

/** Lets promise callbacks run. */
export const flush = () => new Promise<void>((resolve) => jest.requireActual<typeof import('timers')>('timers').setImmediate(resolve));
