import { hasPauses, pauseSchedule } from './pauses';
import { applyReplacements, compileReplacements } from './replacements';
import { MAX_UTTERANCE_CHARS, paragraphChunks, remoteUtteranceChars, type SpeechChunk } from './sentences';
import type { Clock } from './deps';
import type { EngineEvents, EngineSettings, PlaybackEngine, PlayerChapter } from './types';
import { isRemoteVoice } from './voices';

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

const isEnglish = (voice: SpeechSynthesisVoice) => /^en(?:[-_]|$)/i.test(voice.lang);

/** The browser's English voice for foreign names: a local one first, American English first. */
export function englishVoice(voices: readonly SpeechSynthesisVoice[]): SpeechSynthesisVoice | null {
  const rank = (voice: SpeechSynthesisVoice) => (voice.localService ? 0 : 2) + (/^en[-_]us$/i.test(voice.lang) ? 0 : 1);
  return voices.filter(isEnglish).sort((a, b) => rank(a) - rank(b))[0] ?? null;
}

const BLOCKED_ERRORS = new Set(['not-allowed']);
const IGNORED_ERRORS = new Set(['interrupted', 'canceled']);

/**
 * Reads a chapter with speechSynthesis, paragraph by paragraph. When a paragraph starts, the next
 * one is queued behind it, so the synthesizer always has the next utterance ready and there is no
 * pause between paragraphs, while at most two paragraphs are ever queued (cancelling stays cheap).
 * The chapter title is read before the first paragraph when starting from the top. With pauses
 * (after sentences or paragraphs) the utterances are spoken one at a time, each after the rest
 * the schedule gives the one before. What is said has the reader's replacements applied.
 */
export class SpeechEngine implements PlaybackEngine {
  readonly mode = 'speech' as const;
  /** Events of utterances from an earlier start() are ignored (cancel() fires them late in some browsers). */
  private generation = 0;
  private chunks: SpeechChunk[][] = [];
  private lastSpeakable = -1;
  private queuedUpTo = -1;
  /** The paragraph being spoken (its first utterance started). */
  private speaking = -1;
  private startedFrom = 0;
  private chunkOptions: Parameters<typeof paragraphChunks>[1] = {};
  private settings: EngineSettings = { voice: null, serverVoice: null, rate: 1, pitch: 1, pauses: { sentence: 0, paragraph: 0 }, replacements: compileReplacements([]) };
  /** Utterances one at a time, with rests between them. */
  private paced = false;
  private rest: ReturnType<typeof setTimeout> | null = null;
  /** Reads the foreign names; null when the browser has no English voice. */
  private foreignVoice: SpeechSynthesisVoice | null = null;

  constructor(
    private readonly synth: SynthLike,
    private readonly createUtterance: (text: string) => UtteranceLike,
    private readonly events: EngineEvents,
    private readonly clock: Pick<Clock, 'setTimeout' | 'clearTimeout'> = { setTimeout: (callback, ms) => setTimeout(callback, ms), clearTimeout: (handle) => clearTimeout(handle) },
  ) {}

  start(chapter: PlayerChapter, from: number, settings: EngineSettings): void {
    this.synth.cancel();
    this.generation += 1;
    this.clearRest();
    this.settings = settings;
    this.paced = hasPauses(settings.pauses);
    this.foreignVoice = englishVoice(this.synth.getVoices());
    // A remote voice reads sentence by sentence; local voices take longer utterances.
    const remote = isRemoteVoice(settings.voice);
    this.chunkOptions = { readForeign: this.foreignVoice !== null, sentences: remote || settings.pauses.sentence > 0, maxChars: remote ? remoteUtteranceChars(settings.rate) : MAX_UTTERANCE_CHARS };
    this.startedFrom = from;
    this.setChunks(this.chunksOf(chapter));
    this.queuedUpTo = from - 1;
    this.speaking = from;
    if (this.lastSpeakable < from) {
      const generation = this.generation;
      queueMicrotask(() => generation === this.generation && this.events.end());
      return;
    }
    if (this.paced) this.speakPaced(from, 0);
    else this.enqueue(from);
  }

  stop(): void {
    this.generation += 1;
    this.clearRest();
    this.synth.cancel();
  }

  private clearRest(): void {
    if (this.rest !== null) this.clock.clearTimeout(this.rest);
    this.rest = null;
  }

  /**
   * The chapter's text changed where it is read (a reader's fix): paragraphs not queued yet are
   * read as they are now. False when the paragraph being spoken or the one queued behind it
   * changed, which only starting again can say.
   */
  refresh(chapter: PlayerChapter): boolean {
    const chunks = this.chunksOf(chapter);
    const same = (a: SpeechChunk[] = [], b: SpeechChunk[] = []) => a.length === b.length && a.every((chunk, index) => chunk.text === b[index].text && chunk.lang === b[index].lang);
    for (let paragraph = Math.max(0, this.speaking); paragraph <= this.queuedUpTo; paragraph++) {
      if (!same(chunks[paragraph], this.chunks[paragraph])) return false;
    }
    this.setChunks(chunks);
    return true;
  }

  private chunksOf(chapter: PlayerChapter): SpeechChunk[][] {
    const spoken = (text: string) => paragraphChunks(applyReplacements(text, this.settings.replacements), this.chunkOptions);
    const chunks = chapter.paragraphs.map(spoken);
    if (this.startedFrom === 0 && chunks.length > 0) chunks[0] = [...spoken(chapter.title), ...chunks[0]];
    return chunks;
  }

  private setChunks(chunks: SpeechChunk[][]): void {
    this.chunks = chunks;
    this.lastSpeakable = chunks.reduce((last, list, index) => (list.length > 0 ? index : last), -1);
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
    pieces.forEach((piece, position) => {
      const utterance = this.utteranceOf(piece, generation);
      utterance.onstart = () => {
        if (generation !== this.generation || position !== 0) return;
        this.speaking = paragraph;
        this.events.paragraph(paragraph);
        // After this paragraph's remaining utterances are queued (some synths start synchronously).
        queueMicrotask(() => generation === this.generation && this.enqueue(paragraph + 1));
      };
      utterance.onend = () => {
        if (generation !== this.generation) return;
        if (position === pieces.length - 1 && paragraph === this.lastSpeakable) this.events.end();
      };
      this.synth.speak(utterance);
    });
  }

  /** Speaks one utterance of the paragraph at or after `index`; its end, after the rest due, speaks the next. */
  private speakPaced(index: number, position: number): void {
    let paragraph = index;
    while (paragraph <= this.lastSpeakable && this.chunks[paragraph].length === 0) paragraph += 1;
    if (paragraph > this.lastSpeakable) {
      this.events.end();
      return;
    }
    const pieces = this.chunks[paragraph];
    // The paragraph was shortened by a fix while it was read: on to the next.
    if (position >= pieces.length) return this.speakPaced(paragraph + 1, 0);
    this.queuedUpTo = paragraph;
    const generation = this.generation;
    const utterance = this.utteranceOf(pieces[position], generation);
    utterance.onstart = () => {
      if (generation !== this.generation || position !== 0) return;
      this.speaking = paragraph;
      this.events.paragraph(paragraph);
    };
    utterance.onend = () => {
      if (generation !== this.generation) return;
      const last = position === pieces.length - 1;
      if (last && paragraph === this.lastSpeakable) return this.events.end();
      const rest = pauseSchedule(pieces.map((piece) => piece.text), this.settings.pauses)[position];
      const next = () => {
        this.rest = null;
        if (generation === this.generation) this.speakPaced(last ? paragraph + 1 : paragraph, last ? 0 : position + 1);
      };
      if (rest > 0) this.rest = this.clock.setTimeout(next, rest * 1000);
      else next();
    };
    this.synth.speak(utterance);
  }

  private utteranceOf({ text, lang }: SpeechChunk, generation: number): UtteranceLike {
    const utterance = this.createUtterance(text);
    const voice = lang === 'en' ? this.foreignVoice : this.settings.voice;
    utterance.lang = voice?.lang ?? SPEECH_LANG;
    utterance.voice = voice;
    utterance.rate = this.settings.rate;
    utterance.pitch = this.settings.pitch;
    utterance.onerror = (event) => {
      if (generation !== this.generation || IGNORED_ERRORS.has(event.error)) return;
      this.generation += 1;
      this.clearRest();
      this.synth.cancel();
      this.events.error(BLOCKED_ERRORS.has(event.error) ? 'blocked' : 'unavailable');
    };
    return utterance;
  }
}
