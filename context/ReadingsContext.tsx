import Router from 'next/router';
import { createContext, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { HISTORY_AUDIO_TIME, STORAGE_KEYS } from '@/lib/constants';
import { bookmarksToReadings, chapterReached, loadReadings, mergeReadings, recordReading, saveReadings, type Readings } from '@/lib/readings';
import { hasOfflineData } from '@/lib/offline/presence';
import { readToken } from '@/lib/storage';
import type { Bookmark } from '@/lib/types';

/** A story as the readings know it. */
export interface ReadingStory {
  _id: string;
  slug: string;
  title?: string;
}

export interface ReadingsContextValue {
  /** Progress by story slug: this device's readings and, when signed in, the account's (later time wins). */
  readings: Readings;
  /** The signed-in reader's email, null when signed out. */
  email: string | null;
  /** The account's bookmarks and progress entries (empty when signed out). */
  bookmarks: Bookmark[];
  /** The reader reached `chapter` of `story`: kept locally, and sent as history when signed in. */
  record: (story: ReadingStory, chapter: number) => void;
  chapterReached: (slug: string) => number | null;
  isSaved: (storyId: string) => boolean;
  /** Saves or unsaves a story in the cabinet; false when signed out or on failure. */
  setSaved: (story: ReadingStory, save: boolean) => Promise<boolean>;
  /** Forgets a story: local progress and, when signed in, the account's entry and history. */
  forget: (story: ReadingStory) => Promise<boolean>;
  /** Reloads the account's bookmarks from the server (when signed in). */
  refreshBookmarks: () => Promise<void>;
  /** For the auth provider: the account's session began (bookmarks loaded) or ended (null). */
  applySession: (session: { email: string; bookmarks: Bookmark[] } | null) => void;
}

export const ReadingsContext = createContext<ReadingsContextValue | null>(null);

async function queueOffline(entry: { storyId: string; slug: string; title?: string; chapter: number; time: number }): Promise<void> {
  const { queueProgress } = await import('@/lib/offline/store');
  await queueProgress(entry).catch((error: unknown) => console.error('queueProgress:', error));
}

/** Sends progress kept while offline; skipped (no storage opened) when nothing was ever kept. */
async function sendOfflineProgress(): Promise<Bookmark[] | null> {
  if (typeof indexedDB === 'undefined' || !(await hasOfflineData())) return null;
  const [{ sendPendingProgress }, store, { syncBookmarks, saveHistory }] = await Promise.all([
    import('@/lib/offline/progressSync'),
    import('@/lib/offline/store'),
    import('@/lib/api/user'),
  ]);
  return sendPendingProgress({ pending: store.pendingProgress, clear: store.clearProgress, merge: syncBookmarks, saveHistory }).catch((error: unknown) => {
    console.error('sendPendingProgress:', error);
    return null;
  });
}

/** The same chapter of a story is sent to the history at most once in this interval. */
const HISTORY_REPEAT_MS = 60_000;

function upsertEntry(list: Bookmark[], story: ReadingStory, change: Partial<Bookmark>): Bookmark[] {
  const index = list.findIndex((item) => item._id === story._id);
  if (index === -1) return [{ _id: story._id, chapter: 1, save: false, time: Date.now(), ...change }, ...list];
  const next = [...list];
  next[index] = { ...next[index], ...change };
  return next;
}

export function ReadingsProvider({ children }: { children: ReactNode }) {
  const [local, setLocal] = useState<Readings>({});
  const [bookmarks, setBookmarks] = useState<Bookmark[]>([]);
  const [email, setEmail] = useState<string | null>(null);
  const lastSent = useRef(new Map<string, number>());
  const signedIn = useRef(false);

  // Storage is read after hydration on purpose, so the server's render matches the first one.
  // eslint-disable-next-line react-hooks/set-state-in-effect
  useEffect(() => setLocal(loadReadings()), []);

  // Pages may write local readings directly (lib/readings); pick them up after each navigation
  // and when another tab changes them.
  useEffect(() => {
    const reload = () => setLocal(loadReadings());
    const onStorage = (event: StorageEvent) => event.key === STORAGE_KEYS.readings && reload();
    Router.events.on('routeChangeComplete', reload);
    window.addEventListener('storage', onStorage);
    return () => {
      Router.events.off('routeChangeComplete', reload);
      window.removeEventListener('storage', onStorage);
    };
  }, []);

  const readings = useMemo(() => mergeReadings(local, bookmarksToReadings(bookmarks)), [local, bookmarks]);

  const record = useCallback((story: ReadingStory, chapter: number) => {
    const now = Date.now();
    setLocal((current) => recordReading(current, story.slug, { _id: story._id, chapter, title: story.title }, now));
    if (!readToken()) return;
    setBookmarks((list) => (list.some((item) => item._id === story._id) ? upsertEntry(list, story, { chapter, time: now }) : list));
    const key = `${story._id}:${chapter}`;
    if (now - (lastSent.current.get(key) ?? 0) < HISTORY_REPEAT_MS) return;
    lastSent.current.set(key, now);
    // Offline (or the request failed): kept on the device and sent when the connection returns.
    const keep = () => void queueOffline({ storyId: story._id, slug: story.slug, title: story.title, chapter, time: now });
    if (!navigator.onLine) return keep();
    void import('@/lib/api/user')
      .then(({ saveHistory }) => saveHistory({ chapter, truyenId: story._id, audio_time: HISTORY_AUDIO_TIME }))
      .then((sent) => sent || keep());
  }, []);

  // What was read offline is merged and sent once the connection is back (and on a later visit).
  useEffect(() => {
    const send = () => {
      if (!readToken() || !navigator.onLine) return;
      void sendOfflineProgress().then((merged) => {
        if (merged && signedIn.current) setBookmarks(merged);
      });
    };
    send();
    window.addEventListener('online', send);
    return () => window.removeEventListener('online', send);
  }, []);

  const setSaved = useCallback(async (story: ReadingStory, save: boolean) => {
    if (!readToken()) return false;
    const { saveBookmark } = await import('@/lib/api/user');
    const chapter = chapterReached(loadReadings(), story.slug) ?? undefined;
    const entry = await saveBookmark({ _id: story._id, save, chapter, time: Date.now() });
    if (!entry) return false;
    setBookmarks((list) => upsertEntry(list, story, entry));
    return true;
  }, []);

  const forget = useCallback(async (story: ReadingStory) => {
    setLocal((current) => {
      const { [story.slug]: _removed, ...rest } = current;
      saveReadings(rest);
      return rest;
    });
    if (!readToken()) return true;
    const { removeBookmark } = await import('@/lib/api/user');
    const removed = await removeBookmark(story._id);
    if (removed) setBookmarks((list) => list.filter((item) => item._id !== story._id));
    return removed;
  }, []);

  const refreshBookmarks = useCallback(async () => {
    if (!readToken()) return;
    const { getBookmarks } = await import('@/lib/api/user');
    const list = await getBookmarks();
    if (list) setBookmarks(list);
  }, []);

  const applySession = useCallback((session: { email: string; bookmarks: Bookmark[] } | null) => {
    signedIn.current = session !== null;
    setEmail(session?.email ?? null);
    setBookmarks(session?.bookmarks ?? []);
    setLocal(loadReadings());
  }, []);

  const value = useMemo<ReadingsContextValue>(
    () => ({
      readings,
      email,
      bookmarks,
      record,
      chapterReached: (slug) => chapterReached(readings, slug),
      isSaved: (storyId) => bookmarks.some((item) => item._id === storyId && item.save),
      setSaved,
      forget,
      refreshBookmarks,
      applySession,
    }),
    [readings, email, bookmarks, record, setSaved, forget, refreshBookmarks, applySession],
  );

  return <ReadingsContext.Provider value={value}>{children}</ReadingsContext.Provider>;
}
