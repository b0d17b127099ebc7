/** The reader's typography and colours for chapter text, kept in local storage. */

export const READER_SETTINGS_KEY = 'readerSettings';

export const READER_FONTS = ['serif', 'sans'] as const;
export const READER_BACKGROUNDS = ['auto', 'paper', 'sepia', 'dark', 'night'] as const;
export const READER_WIDTHS = ['narrow', 'medium', 'wide'] as const;

export type ReaderFont = (typeof READER_FONTS)[number];
/** `auto` follows the site's light or dark theme. */
export type ReaderBackground = (typeof READER_BACKGROUNDS)[number];
export type ReaderWidth = (typeof READER_WIDTHS)[number];

export interface ReaderSettings {
  font: ReaderFont;
  /** Font size in CSS pixels. */
  size: number;
  lineHeight: number;
  background: ReaderBackground;
  width: ReaderWidth;
}

export const FONT_SIZE = { min: 14, max: 32, step: 1 } as const;
export const LINE_HEIGHT = { min: 1.3, max: 2.4, step: 0.1 } as const;

export const DEFAULT_READER_SETTINGS: ReaderSettings = {
  font: 'serif',
  size: 20,
  lineHeight: 1.8,
  background: 'auto',
  width: 'medium',
};

function clamp(value: unknown, range: { min: number; max: number }, fallback: number): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) return fallback;
  return Math.round(Math.min(range.max, Math.max(range.min, value)) * 10) / 10;
}

function oneOf<T extends string>(value: unknown, allowed: readonly T[], fallback: T): T {
  return typeof value === 'string' && (allowed as readonly string[]).includes(value) ? (value as T) : fallback;
}

/** Any stored value to valid settings: unknown fields dropped, bad ones replaced by defaults. */
export function normalizeReaderSettings(value: unknown): ReaderSettings {
  const source = value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  const d = DEFAULT_READER_SETTINGS;
  return {
    font: oneOf(source.font, READER_FONTS, d.font),
    size: clamp(source.size, FONT_SIZE, d.size),
    lineHeight: clamp(source.lineHeight, LINE_HEIGHT, d.lineHeight),
    background: oneOf(source.background, READER_BACKGROUNDS, d.background),
    width: oneOf(source.width, READER_WIDTHS, d.width),
  };
}

export function loadReaderSettings(): ReaderSettings {
  try {
    const raw = window.localStorage.getItem(READER_SETTINGS_KEY);
    return normalizeReaderSettings(raw ? JSON.parse(raw) : null);
  } catch {
    return DEFAULT_READER_SETTINGS;
  }
}

export function saveReaderSettings(settings: ReaderSettings): void {
  try {
    window.localStorage.setItem(READER_SETTINGS_KEY, JSON.stringify(settings));
  } catch {
    // Private mode or full storage: settings last for this visit only.
  }
}

/* A tiny external store over local storage, for useSyncExternalStore: one snapshot per stored value. */
const listeners = new Set<() => void>();
let snapshot: { raw: string | null; settings: ReaderSettings } = { raw: null, settings: DEFAULT_READER_SETTINGS };

export function readerSettingsSnapshot(): ReaderSettings {
  let raw: string | null = null;
  try {
    raw = window.localStorage.getItem(READER_SETTINGS_KEY);
  } catch {
    return snapshot.settings;
  }
  if (raw !== snapshot.raw) snapshot = { raw, settings: loadReaderSettings() };
  return snapshot.settings;
}

export function subscribeReaderSettings(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => event.key === READER_SETTINGS_KEY && listener();
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function updateReaderSettings(settings: ReaderSettings): void {
  saveReaderSettings(settings);
  snapshot = { raw: JSON.stringify(settings), settings };
  for (const listener of listeners) listener();
}
