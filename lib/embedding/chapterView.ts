import { STORAGE_KEYS } from '../constants';
import { readStorage, writeStorage } from '../storage';

/** How an embedded chapter is shown, kept per reader on the device; the player reads the Vietnamese in every view. */
export const CHAPTER_VIEWS = [
  { key: 'vi', label: 'Việt', description: 'Bản dịch tiếng Việt' },
  { key: 'hanviet', label: 'Hán Việt', description: 'Âm Hán Việt, mỗi chữ một âm' },
  { key: 'zh', label: 'Trung', description: 'Bản gốc tiếng Trung' },
  { key: 'both', label: 'Song ngữ', description: 'Tiếng Việt, bản gốc bên dưới' },
] as const;

export type ChapterViewKey = (typeof CHAPTER_VIEWS)[number]['key'];

/** The stored view (Việt when none): a snapshot for useSyncExternalStore. */
export function chapterViewSnapshot(): ChapterViewKey {
  const stored = readStorage(STORAGE_KEYS.chapterView);
  return CHAPTER_VIEWS.some((view) => view.key === stored) ? (stored as ChapterViewKey) : 'vi';
}

const listeners = new Set<() => void>();

export function subscribeChapterView(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => event.key === STORAGE_KEYS.chapterView && listener();
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function setChapterView(view: ChapterViewKey): void {
  writeStorage(STORAGE_KEYS.chapterView, view);
  for (const listener of listeners) listener();
}
