import type { AudioLike, PartSource } from './audioEngine';
import type { MediaSessionBridge } from './mediaSession';
import type { SynthLike, UtteranceLike } from './speechEngine';
import type { KeyValueStore } from './storage';

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
}
