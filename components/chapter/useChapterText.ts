import { useCallback, useEffect, useState } from 'react';
import { fetchSignedChapterText } from '@/lib/api/chapters';

export type ChapterTextState =
  | { kind: 'loading' }
  | { kind: 'ready'; paragraphs: string[] }
  | { kind: 'vip' }
  | { kind: 'failed' };

const LOADING: ChapterTextState = { kind: 'loading' };

/** Splits chapter text into the paragraphs shown and read aloud. */
export function toParagraphs(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
}

/** The chapter text, requested from the browser with a fresh sign in the server's time (spec §7 POST /book/text). */
export function useChapterText(storyId: string, index: number): { state: ChapterTextState; retry: () => void } {
  const [attempt, setAttempt] = useState(0);
  const key = `${storyId}/${index}/${attempt}`;
  const [result, setResult] = useState<{ key: string; state: ChapterTextState } | null>(null);

  useEffect(() => {
    let cancelled = false;
    void fetchSignedChapterText(storyId, index).then((answer) => {
      if (cancelled) return;
      const state: ChapterTextState =
        'failed' in answer ? { kind: answer.failed === 403 ? 'vip' : 'failed' } : { kind: 'ready', paragraphs: toParagraphs(answer.message) };
      setResult({ key, state });
    });
    return () => {
      cancelled = true;
    };
  }, [storyId, index, key]);

  const retry = useCallback(() => setAttempt((value) => value + 1), []);
  return { state: result?.key === key ? result.state : LOADING, retry };
}
