import { toSpeechText } from '@/lib/text/speechText';
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

/** Where the audio of a chapter comes from: a URL, or an object URL when it needed the reader's token. */
export type AudioSource = (chapter: PlayerChapter) => Promise<{ url: string; release?: () => void }>;

/** The server pauses between paragraphs; counted as this many characters of speech. */
const PARAGRAPH_PAUSE_CHARS = 6;

/**
 * Where each paragraph starts, as a fraction of the chapter's audio. The server reads the title,
 * then each paragraph, so speech length is estimated from the speakable characters.
 */
export function paragraphOffsets(chapter: PlayerChapter): number[] {
  const weight = (text: string) => {
    const speakable = toSpeechText(text);
    return /[\p{L}\p{N}]/u.test(speakable) ? speakable.length + PARAGRAPH_PAUSE_CHARS : 0;
  };
  const title = weight(chapter.title);
  const weights = chapter.paragraphs.map(weight);
  const total = title + weights.reduce((sum, value) => sum + value, 0) || 1;
  const offsets: number[] = [];
  let position = title;
  for (const value of weights) {
    offsets.push(position / total);
    position += value;
  }
  return offsets;
}

/** The paragraph playing at `fraction` of the audio. */
export function paragraphAt(offsets: number[], fraction: number): number {
  let found = 0;
  for (let index = 0; index < offsets.length; index += 1) if (offsets[index] <= fraction + 1e-9) found = index;
  return found;
}

/**
 * Plays the server's rendering of a chapter in an audio element, for browsers without a
 * Vietnamese voice. The highlighted paragraph is estimated from the playing position.
 */
export class AudioEngine implements PlaybackEngine {
  readonly mode = 'audio' as const;
  private offsets: number[] = [];
  private current = -1;
  private loadedKey: string | null = null;
  private release: (() => void) | undefined;
  private generation = 0;

  private readonly onTimeUpdate = () => {
    const { duration, currentTime } = this.audio;
    if (!Number.isFinite(duration) || duration <= 0) return;
    const paragraph = paragraphAt(this.offsets, currentTime / duration);
    if (paragraph !== this.current) {
      this.current = paragraph;
      this.events.paragraph(paragraph);
    }
  };
  private readonly onEnded = () => this.events.end();
  private readonly onError = () => {
    if (this.loadedKey) this.events.error('failed');
  };

  constructor(
    private readonly audio: AudioLike,
    private readonly source: AudioSource,
    private readonly events: EngineEvents,
  ) {
    audio.preload = 'auto';
    audio.addEventListener('timeupdate', this.onTimeUpdate);
    audio.addEventListener('ended', this.onEnded);
    audio.addEventListener('error', this.onError);
  }

  start(chapter: PlayerChapter, from: number, settings: EngineSettings): void {
    const generation = ++this.generation;
    const key = `${chapter.storyId}/${chapter.index}`;
    this.offsets = paragraphOffsets(chapter);
    this.current = from;
    void (async () => {
      if (key !== this.loadedKey) {
        this.releaseSource();
        this.loadedKey = key;
        let loaded: Awaited<ReturnType<AudioSource>>;
        try {
          loaded = await this.source(chapter);
        } catch {
          if (generation === this.generation) this.events.error('failed');
          return;
        }
        if (generation !== this.generation) return loaded.release?.();
        this.release = loaded.release;
        this.audio.src = loaded.url;
        await this.whenMetadata();
        if (generation !== this.generation) return;
      }
      this.audio.playbackRate = settings.rate;
      const duration = this.audio.duration;
      if (Number.isFinite(duration) && duration > 0) {
        this.audio.currentTime = from === 0 ? 0 : (this.offsets[from] ?? 0) * duration;
      }
      this.events.paragraph(from);
      try {
        await this.audio.play();
      } catch (error) {
        if (generation !== this.generation) return;
        this.events.error(error instanceof Error && error.name === 'NotAllowedError' ? 'blocked' : 'failed');
      }
    })();
  }

  setRate(rate: number): boolean {
    this.audio.playbackRate = rate;
    return true;
  }

  stop(): void {
    this.generation += 1;
    this.audio.pause();
  }

  destroy(): void {
    this.stop();
    this.audio.removeEventListener('timeupdate', this.onTimeUpdate);
    this.audio.removeEventListener('ended', this.onEnded);
    this.audio.removeEventListener('error', this.onError);
    this.audio.removeAttribute('src');
    this.audio.load();
    this.loadedKey = null;
    this.releaseSource();
  }

  private releaseSource(): void {
    this.release?.();
    this.release = undefined;
  }

  private whenMetadata(): Promise<void> {
    if (Number.isFinite(this.audio.duration) && this.audio.duration > 0) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        this.audio.removeEventListener('loadedmetadata', done);
        this.audio.removeEventListener('error', done);
        resolve();
      };
      this.audio.addEventListener('loadedmetadata', done);
      this.audio.addEventListener('error', done);
    });
  }
}
