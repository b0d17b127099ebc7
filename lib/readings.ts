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

/** A story looked up by slug (the book-by-slug call); undefined when it cannot be found. */
export type StoryLookup = (slug: string) => Promise<{ _id: string } | undefined>;

/** A reading-progress entry in the API's bookmark shape: `save` false marks it as local. */
export interface ReadingBookmark {
  _id: string;
  chapter: number;
  save: false;
  time: number;
}

function isEntry(value: ReadingEntry | number): value is ReadingEntry {
  return typeof value === 'object' && value !== null && typeof value._id === 'string' && value._id !== '';
}

/**
 * Local readings as bookmark entries (spec §3/§4). A story stored as a plain chapter number is
 * looked up by slug to get its id; when a look-up finds nothing the conversion fails with
 * 'Cant fetch books'.
 */
export async function readingsToBookmarks(readings: Readings, lookup: StoryLookup): Promise<ReadingBookmark[]> {
  return Promise.all(
    Object.entries(readings).map(async ([slug, value]) => {
      if (isEntry(value)) return { _id: value._id, chapter: value.chapter, save: false as const, time: value.time ?? 0 };
      const book = await lookup(slug);
      if (!book) throw new Error('Cant fetch books');
      const chapter = typeof value === 'number' ? value : Number((value as Partial<ReadingEntry>).chapter) || 1;
      return { _id: book._id, chapter, save: false as const, time: 0 };
    }),
  );
}

/** Only the entries that carry their story id (convertible without any look-up). */
export function entriesWithIds(readings: Readings): Readings {
  return Object.fromEntries(Object.entries(readings).filter(([, value]) => isEntry(value)));
}

interface BookmarkWithStory {
  _id: string;
  chapter: number;
  time: number;
  story?: { slug: string; title: string };
}

/** Server bookmarks as readings keyed by slug (entries without a story card are skipped). */
export function bookmarksToReadings(bookmarks: BookmarkWithStory[]): Readings {
  const readings: Readings = {};
  for (const item of bookmarks) {
    if (item.story) readings[item.story.slug] = { _id: item._id, chapter: item.chapter, time: item.time, title: item.story.title };
  }
  return readings;
}

function timeOf(value: ReadingEntry | number | undefined): number {
  return value === undefined ? -1 : typeof value === 'number' ? 0 : (value.time ?? 0);
}

/** Two readings maps as one: per story the later time wins (the first map on a tie). */
export function mergeReadings(first: Readings, second: Readings): Readings {
  const merged: Readings = { ...first };
  for (const [slug, value] of Object.entries(second)) {
    if (timeOf(value) > timeOf(merged[slug])) merged[slug] = value;
  }
  return merged;
}
