import { STORAGE_KEYS } from './constants';
import { readStorage, writeStorage } from './storage';

/**
 * Local reading progress (storage key `readings`): story key → progress. Entries written by
 * this site are objects keyed by the story's slug; an older plain chapter number (not an
 * object) is also accepted and resolved by slug when synced (spec §4).
 */
export interface ReadingEntry {
  _id: string;
  chapter: number;
  time: number;
  title?: string;
}
export type Readings = Record<string, ReadingEntry | number>;

export function loadReadings(): Readings {
  const raw = readStorage(STORAGE_KEYS.readings);
  if (!raw) return {};
  try {
    const parsed: unknown = JSON.parse(raw);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Readings) : {};
  } catch {
    return {};
  }
}

export function saveReadings(readings: Readings): void {
  writeStorage(STORAGE_KEYS.readings, JSON.stringify(readings));
}

/** Records that a chapter of a story was read now; returns the new readings. */
export function recordReading(readings: Readings, slug: string, entry: Omit<ReadingEntry, 'time'>, now = Date.now()): Readings {
  const next = { ...readings, [slug]: { ...entry, time: now } };
  saveReadings(next);
  return next;
}

/** The chapter a reader reached in a story, if any. */
export function chapterReached(readings: Readings, slug: string): number | null {
  const entry = readings[slug];
  if (entry === undefined) return null;
  return typeof entry === 'number' ? entry : entry.chapter;
}
