import { splitSpeechChunks, toSpeechText } from '@/lib/text/speechText';
import type { EngineEvents, EngineSettings, PlaybackEngine, PlayerChapter } from './types';

/** Browsers cut off or stall on long utterances; shorter ones also make pausing precise. */
export const MAX_UTTERANCE_CHARS = 200;
export const SPEECH_LANG = 'vi-VN';

/** The parts of SpeechSynthesisUtterance the engine uses; a fake in tests. */
export interface UtteranceLike {
  text: string;
  lang: string;
  rate: number;
  pitch: number;
  voice: SpeechSynthesisVoice | null;
  onstart: ((event: SpeechSynthesisEvent) => void) | null;
  onend: ((event: SpeechSynthesisEvent) => void) | null;
  onerror: ((event: SpeechSynthesisErrorEvent) => void) | null;
}

/** The parts of speechSynthesis the engine uses. */
export interface SynthLike {
  speak(utterance: UtteranceLike): void;
  cancel(): void;
  getVoices(): SpeechSynthesisVoice[];
}

/** The utterances of a paragraph: its text made speakable, then cut to size. */
export function paragraphChunks(paragraph: string): string[] {
  const text = toSpeechText(paragraph);
  return /[\p{L}\p{N}]/u.test(text) ? splitSpeechChunks(text, MAX_UTTERANCE_CHARS) : [];
}

const BLOCKED_ERRORS = new Set(['not-allowed']);
const IGNORED_ERRORS = new Set(['interrupted', 'canceled']);

/**
 * Reads a chapter with speechSynthesis, paragraph by paragraph. When a paragraph starts, the next
 * one is queued behind it, so the synthesizer always has the next utterance ready and there is no
 * pause between paragraphs, while at most two paragraphs are ever queued (cancelling stays cheap).
 * The chapter title is read before the first paragraph when starting from the top.
 */
export class SpeechEngine implements PlaybackEngine {
  readonly mode = 'speech' as const;
  /** Events of utterances from an earlier start() are ignored (cancel() fires them late in some browsers). */
  private generation = 0;
  private chunks: string[][] = [];
  private lastSpeakable = -1;
  private queuedUpTo = -1;
  private settings: EngineSettings = { voice: null, serverVoice: null, rate: 1, pitch: 1 };

  constructor(
    private readonly synth: SynthLike,
    private readonly createUtterance: (text: string) => UtteranceLike,
    private readonly events: EngineEvents,
  ) {}

  start(chapter: PlayerChapter, from: number, settings: EngineSettings): void {
    this.synth.cancel();
    this.generation += 1;
    this.settings = settings;
    this.chunks = chapter.paragraphs.map(paragraphChunks);
    if (from === 0 && this.chunks.length > 0) this.chunks[0] = [...paragraphChunks(chapter.title), ...this.chunks[0]];
    this.lastSpeakable = this.chunks.reduce((last, list, index) => (list.length > 0 ? index : last), -1);
    this.queuedUpTo = from - 1;
    if (this.lastSpeakable < from) {
      const generation = this.generation;
      queueMicrotask(() => generation === this.generation && this.events.end());
      return;
    }
    this.enqueue(from);
  }

  stop(): void {
    this.generation += 1;
    this.synth.cancel();
  }

  destroy(): void {
    this.stop();
  }

  /** Queues the next paragraph that has something to say, at or after `index`. */
  private enqueue(index: number): void {
    let paragraph = index;
    while (paragraph <= this.lastSpeakable && this.chunks[paragraph].length === 0) paragraph += 1;
    if (paragraph > this.lastSpeakable || paragraph <= this.queuedUpTo) return;
    this.queuedUpTo = paragraph;
    const generation = this.generation;
    const pieces = this.chunks[paragraph];
    pieces.forEach((text, position) => {
      const utterance = this.createUtterance(text);
      utterance.lang = this.settings.voice?.lang ?? SPEECH_LANG;
      utterance.voice = this.settings.voice;
      utterance.rate = this.settings.rate;
      utterance.pitch = this.settings.pitch;
      utterance.onstart = () => {
        if (generation !== this.generation || position !== 0) return;
        this.events.paragraph(paragraph);
        // After this paragraph's remaining utterances are queued (some synths start synchronously).
        queueMicrotask(() => generation === this.generation && this.enqueue(paragraph + 1));
      };
      utterance.onend = () => {
        if (generation !== this.generation) return;
        if (position === pieces.length - 1 && paragraph === this.lastSpeakable) this.events.end();
      };
      utterance.onerror = (event) => {
        if (generation !== this.generation || IGNORED_ERRORS.has(event.error)) return;
        this.generation += 1;
        this.synth.cancel();
        this.events.error(BLOCKED_ERRORS.has(event.error) ? 'blocked' : 'unavailable');
      };
      this.synth.speak(utterance);
    });
  }
}
