import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { fetchChapterDetail, reconvert, saveAccountNames } from '@/lib/api/wordInspector';
import { affectedLines, replaceParagraphs, withChanges, type ChapterDetail, type NameChanges } from '@/lib/embedding/chapterDetail';
import { deviceNamesOf, saveDeviceNames } from '@/lib/embedding/readerNames';
import { readToken } from '@/lib/storage';

export type DetailState = { kind: 'loading' } | { kind: 'failed'; message: string } | { kind: 'ready'; detail: ChapterDetail };

export type { NameChanges };

export type FixResult = { ok: true; paragraphs: number } | { ok: false; message: string };

const LOADING: DetailState = { kind: 'loading' };

/**
 * A chapter's words and original for the inspector and the reading views, fetched on first use,
 * and the reader's fixes: kept in the reader's own list (the account's, else the device's) and
 * shown at once in the paragraphs that hold the same Chinese, converted again in one request.
 */
export function useChapterDetail(storyId: string, index: number) {
  const [attempt, setAttempt] = useState(0);
  const key = `${storyId}/${index}/${attempt}`;
  const [result, setResult] = useState<{ key: string; state: DetailState } | null>(null);
  const latest = useRef<ChapterDetail | null>(null);
  const state = result?.key === key ? result.state : LOADING;

  useEffect(() => {
    let cancelled = false;
    latest.current = null;
    const device = readToken() ? {} : deviceNamesOf(storyId);
    void fetchChapterDetail(storyId, index, Object.keys(device).length > 0 ? device : undefined).then((answer) => {
      if (cancelled) return;
      if (answer.ok) latest.current = answer.data;
      startTransition(() => setResult({ key, state: answer.ok ? { kind: 'ready', detail: answer.data } : { kind: 'failed', message: answer.message } }));
    });
    return () => {
      cancelled = true;
    };
  }, [storyId, index, key]);

  const retry = useCallback(() => setAttempt((value) => value + 1), []);

  const applyFix = useCallback(
    async (changes: NameChanges): Promise<FixResult> => {
      const detail = latest.current;
      if (!detail) return { ok: false, message: 'Chương chưa tải xong, vui lòng thử lại.' };
      const changed = withChanges(detail.own, changes);
      if ('problem' in changed) return { ok: false, message: changed.problem };
      const { names } = changed;
      const lines = affectedLines(detail.paragraphs, Object.keys(changes));
      const signedIn = Boolean(readToken());
      if (!signedIn) saveDeviceNames(storyId, names);
      const [converted, saved] = await Promise.all([
        lines.length > 0 ? reconvert(storyId, index, lines, names) : Promise.resolve({ ok: true as const, data: { paragraphs: [] } }),
        signedIn ? saveAccountNames(storyId, names) : Promise.resolve({ ok: true as const, data: null }),
      ]);
      if (!saved.ok) return { ok: false, message: `Chưa lưu được vào danh sách của bạn: ${saved.message}` };
      const current = latest.current ?? detail;
      const next: ChapterDetail = {
        ...current,
        own: names,
        paragraphs: converted.ok ? replaceParagraphs(current.paragraphs, lines, converted.data.paragraphs) : current.paragraphs,
      };
      latest.current = next;
      setResult({ key, state: { kind: 'ready', detail: next } });
      if (!converted.ok) return { ok: false, message: `Đã lưu, nhưng chưa cập nhật được chương này: ${converted.message}` };
      return { ok: true, paragraphs: lines.length };
    },
    [storyId, index, key],
  );

  return { state, retry, applyFix };
}
