import { startTransition, useCallback, useEffect, useState } from 'react';
import { fetchSignedChapterText, type ChapterTextRoute } from '@/lib/api/chapters';
import { toParagraphs } from '@/lib/chapterText';
import { deviceNamesOf } from '@/lib/embedding/readerNames';
import { keptChapterText } from '@/lib/offline/keptText';
import { readToken } from '@/lib/storage';

export { toParagraphs };

export type ChapterTextState =
  | { kind: 'loading' }
  | { kind: 'ready'; paragraphs: string[] }
  | { kind: 'vip' }
  | { kind: 'failed'; offline?: boolean };

const LOADING: ChapterTextState = { kind: 'loading' };

/**
 * An embedded story's chapter is converted with the reader's own names on top of the story's
 * when they may have some: a signed-in reader (the list is on the account) or a device with a list.
 */
function routeFor(storyId: string, embedded: boolean): ChapterTextRoute | undefined {
  if (!embedded) return undefined;
  if (readToken()) return { path: '/embedding/chapter' };
  const names = deviceNamesOf(storyId);
  return Object.keys(names).length > 0 ? { path: '/embedding/chapter', names } : undefined;
}

/** From the server when online; a chapter downloaded for offline reading when the network fails. */
async function loadChapterText(storyId: string, index: number, embedded: boolean): Promise<ChapterTextState> {
  if (navigator.onLine) {
    const answer = await fetchSignedChapterText(storyId, index, routeFor(storyId, embedded));
    if (!('failed' in answer)) return { kind: 'ready', paragraphs: toParagraphs(answer.message) };
    if (answer.failed === 403) return { kind: 'vip' };
    if (answer.failed !== 0) return { kind: 'failed' };
  }
  const kept = await keptChapterText(storyId, index);
  if (kept !== null) return { kind: 'ready', paragraphs: toParagraphs(kept) };
  return { kind: 'failed', offline: !navigator.onLine };
}

/**
 * The chapter text, requested from the browser with a fresh sign in the server's time (spec §7
 * POST /book/text), or the copy kept on the device when offline.
 */
export function useChapterText(storyId: string, index: number, embedded = false): { state: ChapterTextState; retry: () => void } {
  const [attempt, setAttempt] = useState(0);
  const key = `${storyId}/${index}/${attempt}`;
  const [result, setResult] = useState<{ key: string; state: ChapterTextState } | null>(null);

  useEffect(() => {
    let cancelled = false;
    void loadChapterText(storyId, index, embedded).then((state) => {
      // A whole chapter is a few hundred paragraphs: rendered as a transition, React hands the
      // main thread back to the browser between slices instead of one long task a tap waits for.
      if (!cancelled) startTransition(() => setResult({ key, state }));
    });
    return () => {
      cancelled = true;
    };
  }, [storyId, index, key, embedded]);

  const retry = useCallback(() => setAttempt((value) => value + 1), []);
  return { state: result?.key === key ? result.state : LOADING, retry };
}
