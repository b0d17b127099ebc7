import { encodePauses, NO_PAUSES, type Pauses } from './pauses';
import { partOfParagraph, planAudioParts, speechHeading, type AudioPart } from './parts';
import { compileReplacements, encodeReplacements, replacementsFor, type CompiledReplacements, type WireReplacements } from './replacements';
import type { EngineEvents, EngineSettings, PlaybackEngine, PlayerChapter } from './types';

/** The parts of HTMLAudioElement the engine uses; a fake in tests. */
export interface AudioLike {
  src: string;
  currentTime: number;
  readonly duration: number;
  playbackRate: number;
  preload: string;
  play(): Promise<void>;
  pause(): void;
  removeAttribute(name: string): void;
  load(): void;
  addEventListener(type: 'timeupdate' | 'ended' | 'error' | 'loadedmetadata', listener: () => void): void;
  removeEventListener(type: 'timeupdate' | 'ended' | 'error' | 'loadedmetadata', listener: () => void): void;
}

/** One part of a chapter's server audio, ready to play. */
export interface LoadedPart {
  url: string;
  /** Seconds of each paragraph the part reads (the title's, for the title part). */
  durations: number[];
  release?: () => void;
}

export interface PartRequest {
  /** A server voice id, or null for the server's default. */
  voice: string | null;
  /** Asked for ahead of time: the server may refuse it when busy. */
  prefetch: boolean;
  /** The reader's replacements that apply to the part's text (null: none). */
  replacements?: WireReplacements | null;
  /** Rests after sentences and paragraphs rendered into the part. */
  pauses?: Pauses;
}

/** Where a part's audio comes from (GET /api/audio/{storyId}/{index}/{part}). */
export type PartSource = (chapter: PlayerChapter, part: number, request: PartRequest) => Promise<LoadedPart>;

/** Two requests of a part that would get the same audio. */
function requestKey(request: PartRequest): string {
  return [request.voice ?? '', encodePauses(request.pauses ?? NO_PAUSES) ?? '', request.replacements ? encodeReplacements(request.replacements) : ''].join('|');
}

/** Parts kept fetched: the one playing and the next (one more while the title part plays). */
const AHEAD = 1;

/** The paragraph heard `seconds` into a part, and the seconds at which paragraph `paragraph` starts. */
export function paragraphAtTime(part: AudioPart, durations: number[], seconds: number): number {
  if (part.title) return part.from;
  let elapsed = 0;
  for (let index = 0; index < durations.length; index += 1) {
    elapsed += durations[index];
    if (seconds < elapsed) return part.from + index;
  }
  return Math.max(part.from, part.to - 1);
}

export function startOfParagraph(part: AudioPart, durations: number[], paragraph: number): number {
  if (part.title) return 0;
  return durations.slice(0, Math.max(0, paragraph - part.from)).reduce((sum, value) => sum + value, 0);
}

interface Slot {
  audio: AudioLike;
  part: number | null;
  durations: number[];
}

/**
 * Plays the server's reading of a chapter part by part, for browsers without a Vietnamese voice.
 * Two audio elements take turns: while one plays a part, the other holds the next one, fetched
 * and decoded, so it starts the moment the first ends. The server says how long each paragraph
 * of a part lasts, so the highlighted paragraph is the one being heard. The rate applies at once
 * (playbackRate keeps the pitch); a new voice applies from the next part.
 */
export class AudioEngine implements PlaybackEngine {
  readonly mode = 'audio' as const;
  private readonly slots: [Slot, Slot];
  private active = 0;
  private chapter: PlayerChapter | null = null;
  private parts: AudioPart[] = [];
  private readonly fetched = new Map<number, { key: string; promise: Promise<LoadedPart> }>();
  /** The next chapter's first part, fetched near the end of this one. */
  private nextChapter: { chapter: string; key: string; promise: Promise<LoadedPart> } | null = null;
  /** The next chapter's heading playing before the page has opened that chapter. */
  private early: { chapter: string; entry: { key: string; promise: Promise<LoadedPart> }; durations: number[]; started: boolean; ended: boolean } | null = null;
  private voice: string | null = null;
  private pauses: Pauses = NO_PAUSES;
  private replacements: CompiledReplacements = compileReplacements([]);
  private rate = 1;
  private current = -1;
  private generation = 0;

  constructor(
    createAudio: () => AudioLike,
    private readonly source: PartSource,
    private readonly events: EngineEvents,
  ) {
    this.slots = [this.makeSlot(createAudio()), this.makeSlot(createAudio())];
  }

  /** Starts fetching the first part to be heard, before the player has chosen this engine. */
  prefetch(chapter: PlayerChapter, from: number, settings: EngineSettings): void {
    this.useChapter(chapter, settings);
    const part = this.firstPart(from);
    this.dropBehind(part);
    void this.fetchPart(part, false).catch(() => undefined);
  }

  start(chapter: PlayerChapter, from: number, settings: EngineSettings): void {
    if (from === 0 && this.continuesInto(chapter)) return this.adoptEarly(chapter, settings);
    this.dropEarly();
    const generation = ++this.generation;
    this.pauseAll();
    this.useChapter(chapter, settings);
    this.rate = settings.rate;
    this.current = -1;
    const part = this.firstPart(from);
    void this.playPart(part, from === 0 ? 0 : from, generation);
  }

  setRate(rate: number): boolean {
    this.rate = rate;
    for (const slot of this.slots) slot.audio.playbackRate = rate;
    return true;
  }

  /** A new server voice: the part playing ends in the old one; what follows is fetched again. */
  setVoice(voice: string | null): boolean {
    if (voice === this.voice) return true;
    this.voice = voice;
    const playing = this.slots[this.active].part;
    for (const [part, entry] of [...this.fetched]) {
      if (part === playing) continue;
      this.fetched.delete(part);
      void entry.promise.then((loaded) => loaded.release?.(), () => undefined);
    }
    const other = this.slots[1 - this.active];
    other.part = null;
    if (playing !== null && this.generation > 0) this.prepareAhead(playing, this.generation);
    return true;
  }

  stop(): void {
    this.generation += 1;
    this.dropEarly();
    this.pauseAll();
  }

  /** A next chapter's heading that is not going to be adopted: its audio is let go. */
  private dropEarly(): void {
    if (this.early) void this.early.entry.promise.then((loaded) => loaded.release?.(), () => undefined);
    this.early = null;
  }

  /**
   * At a chapter's end, the next chapter's heading (fetched ahead) plays at once, while the page
   * opens that chapter; false when it was not fetched. What it plays is reported once the player
   * starts that chapter (start() from its first paragraph goes on with it).
   */
  continueIntoNext(): boolean {
    const ahead = this.nextChapter;
    if (!ahead) return false;
    this.nextChapter = null;
    const generation = ++this.generation;
    const early = { chapter: ahead.chapter, entry: { key: ahead.key, promise: ahead.promise }, durations: [] as number[], started: false, ended: false };
    this.early = early;
    void ahead.promise.then(
      (loaded) => {
        if (generation !== this.generation || this.early !== early) return;
        this.pauseAll();
        this.active = 1 - this.active;
        const slot = this.slots[this.active];
        slot.part = null;
        slot.audio.src = loaded.url;
        slot.audio.currentTime = 0;
        slot.audio.playbackRate = this.rate;
        early.durations = loaded.durations;
        early.started = true;
        void slot.audio.play().catch(() => undefined);
      },
      () => undefined,
    );
    return true;
  }

  /** The next chapter's heading is playing for `chapter`. */
  continuesInto(chapter: PlayerChapter): boolean {
    return this.early?.chapter === `${chapter.storyId}/${chapter.index}`;
  }

  /** The page opened the chapter whose heading plays already: on from there without a restart. */
  private adoptEarly(chapter: PlayerChapter, settings: EngineSettings): void {
    const early = this.early!;
    this.early = null;
    const generation = ++this.generation;
    this.useChapter(chapter, settings);
    this.rate = settings.rate;
    this.fetched.set(0, early.entry);
    this.current = -1;
    if (early.ended) {
      void this.playPart(1 < this.parts.length ? 1 : 0, this.parts[1]?.from ?? 0, generation);
      return;
    }
    // The page was quicker than the heading's audio: it plays from the start once it arrives.
    if (!early.started) {
      void this.playPart(0, 0, generation);
      return;
    }
    const slot = this.slots[this.active];
    slot.part = 0;
    slot.durations = early.durations;
    // After the player has marked the start (as a part fetched would be).
    queueMicrotask(() => generation === this.generation && this.report(0));
    this.prepareAhead(0, generation);
  }

  destroy(): void {
    this.stop();
    for (const slot of this.slots) {
      slot.audio.removeEventListener('timeupdate', this.onTimeUpdate);
      slot.audio.removeEventListener('ended', this.onEnded);
      slot.audio.removeAttribute('src');
      slot.audio.load();
      slot.part = null;
    }
    this.forget();
    this.dropNextChapter();
  }

  private makeSlot(audio: AudioLike): Slot {
    audio.preload = 'auto';
    audio.addEventListener('timeupdate', this.onTimeUpdate);
    audio.addEventListener('ended', this.onEnded);
    return { audio, part: null, durations: [] };
  }

  private readonly onTimeUpdate = () => {
    const slot = this.slots[this.active];
    if (slot.part === null || this.generation === 0) return;
    this.report(paragraphAtTime(this.parts[slot.part], slot.durations, slot.audio.currentTime));
  };

  private readonly onEnded = () => {
    const slot = this.slots[this.active];
    // The next chapter's heading ended before the page opened the chapter: on when it has.
    if (this.early && slot.part === null) this.early.ended = true;
    if (slot.part === null) return;
    const next = slot.part + 1;
    if (next >= this.parts.length) {
      this.generation += 1;
      this.events.end();
      return;
    }
    void this.playPart(next, this.parts[next].from, this.generation);
  };

  private useChapter(chapter: PlayerChapter, settings: EngineSettings): void {
    const same = this.chapter && this.chapter.storyId === chapter.storyId && this.chapter.index === chapter.index;
    this.pauses = settings.pauses;
    this.replacements = settings.replacements;
    if (!same) {
      this.forget();
      for (const slot of this.slots) slot.part = null;
      this.parts = planAudioParts(chapter.paragraphs);
    }
    this.chapter = chapter;
    if (!same) this.adoptNextChapter(chapter);
    if (settings.serverVoice !== this.voice) this.setVoice(settings.serverVoice);
  }

  /** What a part's request carries: the voice, the rests, and the replacements its text needs. */
  private requestFor(part: number, prefetch: boolean, chapter = this.chapter!): PartRequest {
    const plan = this.parts[part];
    const text = !plan || plan.title ? `${speechHeading(chapter.index, chapter.title)}\n${chapter.title}` : chapter.paragraphs.slice(plan.from, plan.to).join('\n');
    const entries = chapter.paragraphs.length === 0 && chapter.title === '' ? [] : replacementsFor(text, this.replacements);
    const replacements = entries.length > 0 || this.replacements.pause ? { entries, pause: this.replacements.pause } : null;
    return { voice: this.voice, prefetch, replacements, pauses: this.pauses };
  }

  /** Near the end of a chapter, the next chapter's first part (its heading) is fetched, so it follows without a gap. */
  private prefetchNextChapter(): void {
    const chapter = this.chapter;
    if (!chapter || chapter.next === null) return;
    const upcoming: PlayerChapter = { ...chapter, index: chapter.next, title: '', paragraphs: [], prev: chapter.index, next: null };
    const id = `${upcoming.storyId}/${upcoming.index}`;
    const request = this.requestFor(0, true, upcoming);
    const key = requestKey(request);
    if (this.nextChapter?.chapter === id && this.nextChapter.key === key) return;
    this.dropNextChapter();
    const promise = this.source(upcoming, 0, request);
    promise.catch(() => this.nextChapter?.promise === promise && (this.nextChapter = null));
    this.nextChapter = { chapter: id, key, promise };
  }

  /** The heading fetched ahead becomes this chapter's first part when it was asked the same way. */
  private adoptNextChapter(chapter: PlayerChapter): void {
    const ahead = this.nextChapter;
    if (!ahead) return;
    this.nextChapter = null;
    if (ahead.chapter === `${chapter.storyId}/${chapter.index}` && ahead.key === requestKey(this.requestFor(0, false))) this.fetched.set(0, ahead);
    else void ahead.promise.then((loaded) => loaded.release?.(), () => undefined);
  }

  private dropNextChapter(): void {
    if (this.nextChapter) void this.nextChapter.promise.then((loaded) => loaded.release?.(), () => undefined);
    this.nextChapter = null;
  }

  private firstPart(from: number): number {
    return from === 0 ? 0 : partOfParagraph(this.parts, from);
  }

  private fetchPart(part: number, prefetch: boolean): Promise<LoadedPart> {
    const known = this.fetched.get(part);
    const request = this.requestFor(part, prefetch);
    const key = requestKey(request);
    if (known && known.key === key) return known.promise;
    const chapter = this.chapter!;
    const promise = this.source(chapter, part, request);
    const entry = { key, promise };
    this.fetched.set(part, entry);
    // A failed prefetch is asked again when it is needed.
    promise.catch(() => this.fetched.get(part) === entry && this.fetched.delete(part));
    return promise;
  }

  private async playPart(part: number, paragraph: number, generation: number): Promise<void> {
    const other = this.slots[1 - this.active];
    const slot = other.part === part ? other : this.slots[this.active];
    let loaded: LoadedPart;
    try {
      loaded = await this.fetchPart(part, false);
    } catch {
      if (generation === this.generation) this.events.error('failed');
      return;
    }
    if (generation !== this.generation) return;
    this.pauseAll();
    this.active = this.slots.indexOf(slot);
    if (slot.part !== part || slot.audio.src !== loaded.url) {
      slot.audio.src = loaded.url;
      slot.part = part;
    }
    slot.durations = loaded.durations;
    const plan = this.parts[part];
    slot.audio.currentTime = startOfParagraph(plan, loaded.durations, paragraph);
    slot.audio.playbackRate = this.rate;
    this.report(plan.title ? 0 : paragraph);
    this.dropBehind(part);
    this.prepareAhead(part, generation);
    if (part >= this.parts.length - 2) this.prefetchNextChapter();
    try {
      await slot.audio.play();
    } catch (error) {
      if (generation !== this.generation) return;
      this.events.error(error instanceof Error && error.name === 'NotAllowedError' ? 'blocked' : 'failed');
    }
  }

  /** Fetches the next part(s) and loads the next into the idle element. */
  private prepareAhead(part: number, generation: number): void {
    const ahead = this.parts[part]?.title ? AHEAD + 1 : AHEAD;
    for (let next = part + 1; next <= part + ahead && next < this.parts.length; next += 1) {
      const target = next;
      void this.fetchPart(target, true).then(
        (loaded) => {
          const idle = this.slots[1 - this.active];
          if (generation !== this.generation || target !== this.slots[this.active].part! + 1) return;
          if (idle.part === target && idle.audio.src === loaded.url) return;
          idle.part = target;
          idle.durations = loaded.durations;
          idle.audio.src = loaded.url;
          idle.audio.load();
        },
        () => undefined,
      );
    }
  }

  /** Releases parts already heard. */
  private dropBehind(part: number): void {
    for (const [index, entry] of [...this.fetched]) {
      if (index >= part) continue;
      this.fetched.delete(index);
      void entry.promise.then((loaded) => loaded.release?.(), () => undefined);
    }
  }

  private report(paragraph: number): void {
    if (paragraph === this.current) return;
    this.current = paragraph;
    this.events.paragraph(paragraph);
  }

  private pauseAll(): void {
    for (const slot of this.slots) slot.audio.pause();
  }

  private forget(): void {
    for (const entry of this.fetched.values()) void entry.promise.then((loaded) => loaded.release?.(), () => undefined);
    this.fetched.clear();
  }
}
