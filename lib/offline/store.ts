import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { PlayerChapter } from '../player/types';
import { KEPT_AUDIO_CACHE, KEPT_PAGES_CACHE, OFFLINE_DB_NAME } from './constants';
import { audioPrefixOf, keptChapterDataKey, keptPageKey } from './keys';

/** A chapter kept on this device for reading and listening offline: named as the player names it. */
export interface KeptChapter extends Pick<PlayerChapter, 'storyId' | 'slug' | 'storyTitle' | 'author' | 'index' | 'title'> {
  /** `${storyId}/${index}` */
  key: string;
  vip: boolean;
  text: string;
  /** Server audio kept with it: the voice asked for (null: the server's default) and its parts. */
  audio: { voice: string | null; parts: number } | null;
  /** Bytes it takes: text, page and data, audio. */
  bytes: number;
  savedAt: number;
}

export type KeptSummary = Omit<KeptChapter, 'text'>;

/** Chapters reached in a story while the history could not be sent, in reading order. */
export interface PendingProgress {
  storyId: string;
  slug: string;
  title?: string;
  chapters: number[];
  /** The last of them, and when it was reached (ms). */
  chapter: number;
  time: number;
}

interface OfflineDb extends DBSchema {
  chapters: { key: string; value: KeptChapter; indexes: { storyId: string } };
  progress: { key: string; value: PendingProgress };
}

let database: Promise<IDBPDatabase<OfflineDb>> | null = null;

function db(): Promise<IDBPDatabase<OfflineDb>> {
  database ??= openDB<OfflineDb>(OFFLINE_DB_NAME, 1, {
    upgrade(upgrade) {
      const chapters = upgrade.createObjectStore('chapters', { keyPath: 'key' });
      chapters.createIndex('storyId', 'storyId');
      upgrade.createObjectStore('progress', { keyPath: 'storyId' });
    },
  });
  return database;
}

export const keptKey = (storyId: string, index: number) => `${storyId}/${index}`;

export async function keepChapter(chapter: Omit<KeptChapter, 'key'>): Promise<void> {
  await (await db()).put('chapters', { ...chapter, key: keptKey(chapter.storyId, chapter.index) });
}

export async function keptChapter(storyId: string, index: number): Promise<KeptChapter | undefined> {
  return (await db()).get('chapters', keptKey(storyId, index));
}

/** Chapter numbers of a story kept on this device. */
export async function keptIndices(storyId: string): Promise<Set<number>> {
  const rows = await (await db()).getAllFromIndex('chapters', 'storyId', storyId);
  return new Set(rows.map((row) => row.index));
}

/** Everything kept, without the texts, by story then chapter. */
export async function listKept(): Promise<KeptSummary[]> {
  const rows = await (await db()).getAll('chapters');
  return rows
    .map(({ text: _text, ...summary }) => summary)
    .sort((a, b) => a.storyTitle.localeCompare(b.storyTitle, 'vi') || a.storyId.localeCompare(b.storyId) || a.index - b.index);
}

async function dropCopies(chapters: KeptSummary[]): Promise<void> {
  if (chapters.length === 0 || typeof caches === 'undefined') return;
  const [pages, audio] = await Promise.all([caches.open(KEPT_PAGES_CACHE), caches.open(KEPT_AUDIO_CACHE)]);
  const prefixes = chapters.map((chapter) => audioPrefixOf(chapter.storyId, chapter.index));
  const audioKeys = chapters.some((chapter) => chapter.audio) ? await audio.keys() : [];
  await Promise.all([
    ...chapters.flatMap((chapter) => [pages.delete(keptPageKey(chapter.slug, chapter.index)), pages.delete(keptChapterDataKey(chapter.slug, chapter.index))]),
    ...audioKeys.filter((request) => prefixes.some((prefix) => new URL(request.url).pathname.includes(prefix))).map((request) => audio.delete(request)),
  ]);
}

/** Removes kept chapters (all of a story's when `index` is omitted), with their pages and audio. */
export async function removeKept(storyId: string, index?: number): Promise<void> {
  const store = await db();
  const rows = (await store.getAllFromIndex('chapters', 'storyId', storyId)).filter((row) => index === undefined || row.index === index);
  await dropCopies(rows);
  const tx = store.transaction('chapters', 'readwrite');
  await Promise.all([...rows.map((row) => tx.store.delete(row.key)), tx.done]);
}

/** Removes every kept VIP chapter (the reader's membership ended or they signed out). */
export async function removeVipChapters(): Promise<number> {
  const store = await db();
  const rows = (await store.getAll('chapters')).filter((row) => row.vip);
  if (rows.length === 0) return 0;
  await dropCopies(rows);
  const tx = store.transaction('chapters', 'readwrite');
  await Promise.all([...rows.map((row) => tx.store.delete(row.key)), tx.done]);
  return rows.length;
}

/** Keeps a chapter reached, to be sent as history when the connection returns. */
export async function queueProgress(entry: Omit<PendingProgress, 'chapters'>): Promise<void> {
  const store = await db();
  const tx = store.transaction('progress', 'readwrite');
  const existing = await tx.store.get(entry.storyId);
  const chapters = [...(existing?.chapters.filter((chapter) => chapter !== entry.chapter) ?? []), entry.chapter];
  const latest = !existing || existing.time <= entry.time ? entry : existing;
  await tx.store.put({ ...latest, chapters });
  await tx.done;
}

export async function pendingProgress(): Promise<PendingProgress[]> {
  return (await db()).getAll('progress');
}

/** Forgets the chapters sent; a story read again meanwhile keeps what is new. */
export async function clearProgress(sent: PendingProgress[]): Promise<void> {
  const store = await db();
  const tx = store.transaction('progress', 'readwrite');
  for (const entry of sent) {
    const current = await tx.store.get(entry.storyId);
    if (!current) continue;
    const left = current.chapters.filter((chapter) => !entry.chapters.includes(chapter));
    if (current.time === entry.time || left.length === 0) await tx.store.delete(entry.storyId);
    else await tx.store.put({ ...current, chapters: left });
  }
  await tx.done;
}
