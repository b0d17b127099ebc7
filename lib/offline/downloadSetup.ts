import { publicEnv } from '../publicEnv';
import { loadPrefs } from '../player/storage';
import type { Paged } from '../types';
import type { PlanChapter } from './planner';

/** What the reader's browser tells of the space the site may use. */
export interface StorageInfo {
  usage: number;
  quota: number;
  persisted: boolean;
}

/** The story's chapters from `from` on: enough for the largest download (GET /api/book/chapters/{id}). */
export async function fetchChapterWindow(storyId: string, from: number, count: number): Promise<PlanChapter[]> {
  const perPage = 50;
  const first = Math.max(0, Math.floor((from - 1) / perPage));
  const pages = [first, first + 1];
  const lists = await Promise.all(
    pages.map(async (page) => {
      const response = await fetch(`${publicEnv.apiUrl}/book/chapters/${encodeURIComponent(storyId)}?page=${page}&order=asc`);
      if (!response.ok) throw new Error('Network response was not ok');
      return ((await response.json()) as Paged<PlanChapter>).results;
    }),
  );
  return lists
    .flat()
    .filter((chapter) => chapter.index >= from)
    .slice(0, count)
    .map(({ index, title, vip }) => ({ index, title, vip }));
}

export async function storageInfo(): Promise<StorageInfo | null> {
  if (typeof navigator === 'undefined' || !navigator.storage?.estimate) return null;
  try {
    const [{ usage = 0, quota = 0 }, persisted] = await Promise.all([navigator.storage.estimate(), navigator.storage.persisted?.() ?? false]);
    return { usage, quota, persisted };
  } catch {
    return null;
  }
}

/** Asks the browser not to clear the site's storage under pressure; true when granted. */
export async function requestPersistence(): Promise<boolean> {
  try {
    return (await navigator.storage?.persist?.()) ?? false;
  } catch {
    return false;
  }
}

function localStore(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/**
 * Whether the reader listens with the server's audio: they chose it in the player, or this
 * browser has no Vietnamese voice; and the server voice they chose.
 */
export function serverAudioChoice(): { useServer: boolean; voice: string | null } {
  const prefs = loadPrefs(localStore());
  const voices = typeof window !== 'undefined' && 'speechSynthesis' in window ? window.speechSynthesis.getVoices() : [];
  const vietnamese = voices.some((voice) => voice.lang.toLowerCase().replace('_', '-').startsWith('vi'));
  return { useServer: prefs.preferServer || !vietnamese, voice: prefs.serverVoice };
}
