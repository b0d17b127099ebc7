import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { DEFAULT_DOWNLOAD_COUNT, DOWNLOAD_COUNTS, type DownloadCount } from '@/lib/offline/constants';
import { fetchChapterWindow, requestPersistence, serverAudioChoice, storageInfo, type StorageInfo } from '@/lib/offline/downloadSetup';
import { downloadChapters, type DownloadProgress, type DownloadResult, type DownloadStory } from '@/lib/offline/downloader';
import { planDownload, type DownloadPlan, type PlanChapter } from '@/lib/offline/planner';
import { keptIndices } from '@/lib/offline/store';
import { useVip } from './useVip';

export type DownloadPhase =
  | { kind: 'preparing' }
  | { kind: 'unavailable'; message: string }
  | { kind: 'ready' }
  | { kind: 'running'; progress: DownloadProgress }
  | { kind: 'done'; result: DownloadResult };

interface Setup {
  chapters: PlanChapter[];
  kept: Set<number>;
  storage: StorageInfo | null;
}

const SETUP_FAILED = 'Không lấy được danh sách chương. Vui lòng kiểm tra kết nối và thử lại.';
const NO_STORAGE = 'Trình duyệt này không cho lưu truyện để đọc offline.';

/**
 * "Tải để nghe offline" for a story from chapter `from`: the chapters, what is already kept and
 * the storage quota are read when the dialog opens; the plan follows the reader's choices; the
 * download runs with its progress and can be cancelled.
 */
export function useOfflineDownload(story: DownloadStory, from: number, charsPerChapter: number | null) {
  const { active: member } = useVip();
  const [count, setCount] = useState<DownloadCount>(DEFAULT_DOWNLOAD_COUNT);
  const [audioChoice] = useState(serverAudioChoice);
  const [withAudio, setWithAudio] = useState(audioChoice.useServer);
  const [setup, setSetup] = useState<Setup | null>(null);
  const [phase, setPhase] = useState<DownloadPhase>({ kind: 'preparing' });
  const abort = useRef<AbortController | null>(null);

  const prepare = useCallback(async () => {
    if (typeof caches === 'undefined' || typeof indexedDB === 'undefined') return setPhase({ kind: 'unavailable', message: NO_STORAGE });
    try {
      const largest = DOWNLOAD_COUNTS[DOWNLOAD_COUNTS.length - 1];
      const [chapters, kept, storage] = await Promise.all([fetchChapterWindow(story.storyId, from, largest), keptIndices(story.storyId), storageInfo()]);
      setSetup({ chapters, kept, storage });
      setPhase((current) => (current.kind === 'preparing' || current.kind === 'done' ? { kind: 'ready' } : current));
    } catch {
      setPhase({ kind: 'unavailable', message: SETUP_FAILED });
    }
  }, [story.storyId, from]);

  useEffect(() => {
    // The dialog reads the chapter list and the quota once it opens.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    void prepare();
    return () => abort.current?.abort();
  }, [prepare]);

  const plan: DownloadPlan | null = useMemo(
    () => (setup ? planDownload({ chapters: setup.chapters, from, count, member, kept: setup.kept, withAudio, charsPerChapter, storage: setup.storage }) : null),
    [setup, from, count, member, withAudio, charsPerChapter],
  );

  const start = useCallback(async () => {
    if (!plan || plan.error) return;
    const controller = new AbortController();
    abort.current = controller;
    void requestPersistence();
    setPhase({ kind: 'running', progress: { fraction: 0, done: 0, total: plan.chapters.length, current: plan.chapters[0]?.index ?? null, bytes: 0 } });
    const result = await downloadChapters(story, plan.chapters, {
      audio: withAudio ? { voice: audioChoice.voice } : null,
      signal: controller.signal,
      onProgress: (progress) => setPhase({ kind: 'running', progress }),
    });
    abort.current = null;
    setPhase({ kind: 'done', result });
    const [kept, storage] = await Promise.all([keptIndices(story.storyId), storageInfo()]);
    setSetup((current) => (current ? { ...current, kept, storage } : current));
  }, [plan, story, withAudio, audioChoice.voice]);

  const cancel = useCallback(() => abort.current?.abort(), []);

  return { count, setCount, withAudio, setWithAudio, plan, storage: setup?.storage ?? null, phase, start, cancel, member };
}
