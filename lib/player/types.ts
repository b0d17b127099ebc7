import type { Pauses } from './pauses';
import type { CompiledReplacements } from './replacements';

/** Shapes shared by the player module, its engines, its hook and its tests. */

export interface PlayerChapter {
  storyId: string;
  slug: string;
  storyTitle: string;
  author: string;
  index: number;
  title: string;
  /** The chapter's paragraphs as displayed; the player highlights them by position. */
  paragraphs: string[];
  prev: number | null;
  next: number | null;
  vip: boolean;
}

export type PlayerStatus = 'idle' | 'loading' | 'playing' | 'paused' | 'ended';
/** `speech`: the browser's speechSynthesis; `audio`: server-rendered audio in an audio element. */
export type PlayerMode = 'speech' | 'audio';
/** Minutes from now, the end of this chapter, or the end of the Nth chapter from this one (`chapters:N`). */
export type SleepChoice = 'off' | 15 | 30 | 60 | 'chapter' | `chapters:${2 | 3 | 5 | 10}`;

export interface VoiceOption {
  uri: string;
  name: string;
  lang: string;
}

export interface PlayerState {
  status: PlayerStatus;
  mode: PlayerMode;
  storyId: string | null;
  chapterIndex: number | null;
  paragraph: number;
  paragraphCount: number;
  voices: VoiceOption[];
  /** The chosen voice; null for the browser's default Vietnamese voice. */
  voiceUri: string | null;
  /** The chosen server voice (espeak-ng variant), null for the server's default. */
  serverVoice: string | null;
  rate: number;
  pitch: number;
  autoNext: boolean;
  sleep: SleepChoice;
  /** When a timed sleep ends (ms since the epoch). */
  sleepEndsAt: number | null;
  /** Chapters still to be heard before the player stops (the one playing included), for a chapter sleep. */
  sleepChaptersLeft: number | null;
  sentencePause: number;
  paragraphPause: number;
  /** When the page is hidden, the server's audio goes on from the browser's voice. */
  backgroundServer: boolean;
  /** The server's audio took over from the browser's voice while the page was hidden. */
  handoff: boolean;
  /** A message for the listener (announced through aria-live). */
  notice: string | null;
}

export interface PlayerHandlers {
  /** Open another chapter of the story (prev/next, or the automatic next chapter). */
  onNavigate?: (index: number) => void;
  /** A paragraph started; the page scrolls it into view. */
  onParagraph?: (index: number) => void;
}

/** What an engine reports back to the player. */
export interface EngineEvents {
  paragraph(index: number): void;
  end(): void;
  /** `blocked`: the browser wants a user gesture first; `unavailable`: this engine cannot speak here. */
  error(kind: 'blocked' | 'unavailable' | 'failed'): void;
}

export interface EngineSettings {
  voice: SpeechSynthesisVoice | null;
  /** The server voice (an espeak-ng variant id), or null for the server's default. */
  serverVoice: string | null;
  rate: number;
  pitch: number;
  pauses: Pauses;
  replacements: CompiledReplacements;
}

export interface PlaybackEngine {
  readonly mode: PlayerMode;
  /** Starts reading `chapter` at paragraph `from`, replacing whatever was playing. */
  start(chapter: PlayerChapter, from: number, settings: EngineSettings): void;
  stop(): void;
  /** Rate changes without restarting when the engine can (the audio element can). */
  setRate?(rate: number): boolean;
  /** A server voice change without restarting (from the next part), when the engine can. */
  setVoice?(voice: string | null): boolean;
  /**
   * The chapter's text changed while it plays (a reader's fix): true when the engine reads the
   * new text from here on by itself, false when it must start again to say it.
   */
  refresh?(chapter: PlayerChapter): boolean;
  /** At the chapter's end, goes on into the next chapter's first part before the page opens it (when ready). */
  continueIntoNext?(): boolean;
  /** Plays already the start of `chapter` (continueIntoNext). */
  continuesInto?(chapter: PlayerChapter): boolean;
  /** Starts fetching what `start` will need, while the player still decides. */
  prefetch?(chapter: PlayerChapter, from: number, settings: EngineSettings): void;
  destroy(): void;
}

export const RATE = { min: 0.5, max: 3, step: 0.1, default: 1 } as const;
export const PITCH = { min: 0.5, max: 2, step: 0.1, default: 1 } as const;
export const SLEEP_CHOICES: readonly SleepChoice[] = ['off', 15, 30, 60, 'chapter', 'chapters:2', 'chapters:3', 'chapters:5', 'chapters:10'];
