import { clampPause } from './pauses';
import { isServerVoice } from './serverVoices';
import { PITCH, RATE, type SleepChoice } from './types';

/** Player preferences and resume positions in local storage (keys of the player's own). */
export const PLAYER_PREFS_KEY = 'playerPrefs';
export const PLAYER_RESUME_KEY = 'playerResume';
/** Resume positions kept: the most recent stories. */
const MAX_RESUME_ENTRIES = 50;

export interface PlayerPrefs {
  voiceUri: string | null;
  rate: number;
  pitch: number;
  autoNext: boolean;
  /** The listener chose the server's audio over the browser's voice. */
  preferServer: boolean;
  /** The server voice chosen, or null for the server's default. */
  serverVoice: string | null;
  /** Seconds of rest after each sentence and each paragraph. */
  sentencePause: number;
  paragraphPause: number;
  /** "Khi tắt màn hình: tiếp tục bằng giọng máy chủ"; null until the reader chooses (on by default on phones). */
  backgroundServer: boolean | null;
}

export const DEFAULT_PREFS: PlayerPrefs = { voiceUri: null, rate: RATE.default, pitch: PITCH.default, autoNext: true, preferServer: false, serverVoice: null, sentencePause: 0, paragraphPause: 0, backgroundServer: null };

export interface ResumePoint {
  chapter: number;
  paragraph: number;
  time: number;
}

/** The subset of Storage the player needs, so tests can pass a map. */
export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export function clampToRange(value: number, range: { min: number; max: number }): number {
  if (!Number.isFinite(value)) return (range.min + range.max) / 2;
  return Math.round(Math.min(range.max, Math.max(range.min, value)) * 100) / 100;
}

function readJson(store: KeyValueStore | null, key: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(store?.getItem(key) ?? 'null');
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function writeJson(store: KeyValueStore | null, key: string, value: unknown): void {
  try {
    store?.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or disabled: preferences last for this visit.
  }
}

export function loadPrefs(store: KeyValueStore | null): PlayerPrefs {
  const raw = readJson(store, PLAYER_PREFS_KEY);
  return {
    voiceUri: typeof raw.voiceUri === 'string' ? raw.voiceUri : null,
    rate: typeof raw.rate === 'number' ? clampToRange(raw.rate, RATE) : DEFAULT_PREFS.rate,
    pitch: typeof raw.pitch === 'number' ? clampToRange(raw.pitch, PITCH) : DEFAULT_PREFS.pitch,
    autoNext: typeof raw.autoNext === 'boolean' ? raw.autoNext : DEFAULT_PREFS.autoNext,
    preferServer: raw.preferServer === true,
    serverVoice: typeof raw.serverVoice === 'string' && isServerVoice(raw.serverVoice) ? raw.serverVoice : null,
    sentencePause: clampPause(raw.sentencePause),
    paragraphPause: clampPause(raw.paragraphPause),
    backgroundServer: typeof raw.backgroundServer === 'boolean' ? raw.backgroundServer : null,
  };
}

export function savePrefs(store: KeyValueStore | null, prefs: PlayerPrefs): void {
  writeJson(store, PLAYER_PREFS_KEY, prefs);
}

export function loadResume(store: KeyValueStore | null, storyId: string): ResumePoint | null {
  const entry = readJson(store, PLAYER_RESUME_KEY)[storyId];
  if (!entry || typeof entry !== 'object') return null;
  const { chapter, paragraph, time } = entry as Record<string, unknown>;
  if (typeof chapter !== 'number' || typeof paragraph !== 'number') return null;
  return { chapter, paragraph, time: typeof time === 'number' ? time : 0 };
}

/** Records where the listener is in a story; null forgets the story (finished). */
export function saveResume(store: KeyValueStore | null, storyId: string, point: ResumePoint | null): void {
  const all = readJson(store, PLAYER_RESUME_KEY) as Record<string, ResumePoint>;
  if (point) all[storyId] = point;
  else delete all[storyId];
  const kept = Object.entries(all)
    .sort(([, a], [, b]) => (b?.time ?? 0) - (a?.time ?? 0))
    .slice(0, MAX_RESUME_ENTRIES);
  writeJson(store, PLAYER_RESUME_KEY, Object.fromEntries(kept));
}

export function describeSleep(choice: SleepChoice): string {
  if (choice === 'off') return 'Tắt';
  if (choice === 'chapter') return 'Hết chương này';
  if (typeof choice === 'string') return `Sau ${sleepChapters(choice)} chương`;
  return `${choice} phút`;
}

/** Chapters a sleep choice lets play (the one playing included); null for a timed sleep or none. */
export function sleepChapters(choice: SleepChoice): number | null {
  if (choice === 'chapter') return 1;
  if (typeof choice === 'string' && choice.startsWith('chapters:')) return Number(choice.slice('chapters:'.length));
  return null;
}
