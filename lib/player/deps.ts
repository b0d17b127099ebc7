import type { AudioLike, PartSource } from './audioEngine';
import type { MediaSessionBridge } from './mediaSession';
import type { SynthLike, UtteranceLike } from './speechEngine';
import type { ReplacementLists } from './replacements';
import type { KeyValueStore } from './storage';

/** Whether the page is hidden, and its changes (document.visibilityState). */
export interface VisibilityLike {
  hidden(): boolean;
  subscribe(listener: () => void): () => void;
}

/** Where a story's replacement lists come from: the account, or the device when signed out. */
export interface ReplacementSource {
  load(storyId: string): Promise<ReplacementLists>;
}

export interface Clock {
  now(): number;
  setTimeout(callback: () => void, ms: number): ReturnType<typeof setTimeout>;
  clearTimeout(handle: ReturnType<typeof setTimeout>): void;
}

/** What the player is built from: the browser's parts, or fakes in tests. */
export interface PlayerDeps {
  synth: SynthLike | null;
  createUtterance: (text: string) => UtteranceLike;
  /** Subscribes to the browser's voiceschanged; returns the unsubscribe. */
  onVoicesChanged?: (listener: () => void) => () => void;
  /** Called twice: the server audio plays in two elements that take turns. */
  createAudio: () => AudioLike;
  partSource: PartSource;
  store: KeyValueStore | null;
  media: MediaSessionBridge;
  clock: Clock;
  /**
   * How long to wait for a browser that has listed no voice yet to list them (Chrome lists them
   * late); the server audio is fetched meanwhile, so a browser without voices loses little.
   */
  voiceWaitMs?: number;
  visibility?: VisibilityLike;
  /** A phone (a coarse pointer): the server's audio goes on behind a locked screen by default. */
  phone?: boolean;
  replacements?: ReplacementSource;
}
