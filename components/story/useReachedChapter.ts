import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS } from '@/lib/constants';
import { chapterReached, type Readings } from '@/lib/readings';
import { readStorage } from '@/lib/storage';

function subscribe(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => event.key === STORAGE_KEYS.readings && listener();
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}

const rawReadings = () => readStorage(STORAGE_KEYS.readings);
const noReadings = () => null;

/** The chapter this browser's reader reached in a story (local `readings`), null on the server. */
export function useReachedChapter(slug: string): number | null {
  const raw = useSyncExternalStore(subscribe, rawReadings, noReadings);
  if (!raw) return null;
  try {
    const readings: unknown = JSON.parse(raw);
    return readings && typeof readings === 'object' ? chapterReached(readings as Readings, slug) : null;
  } catch {
    return null;
  }
}
