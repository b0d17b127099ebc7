import { useContext, useEffect } from 'react';
import { ReadingsContext } from '@/context/ReadingsContext';
import { HISTORY_AUDIO_TIME } from '@/lib/constants';
import { publicEnv } from '@/lib/publicEnv';
import { loadReadings, recordReading } from '@/lib/readings';
import { readToken } from '@/lib/storage';

export interface ChapterProgress {
  slug: string;
  storyId: string;
  chapter: number;
  title: string;
}

/**
 * Without the app's readings provider: local `readings`, and the server's history when signed in
 * (POST /user/web/lichsu with audio_time 1; skipped without a token, spec §5; errors logged, §8).
 */
function recordWithoutProvider({ slug, storyId, chapter, title }: ChapterProgress): void {
  recordReading(loadReadings(), slug, { _id: storyId, chapter, title });
  const token = readToken();
  if (!token) return;
  void fetch(`${publicEnv.apiUrl}/user/web/lichsu`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({ chapter, truyenId: storyId, audio_time: HISTORY_AUDIO_TIME }),
  })
    .then((response) => {
      if (!response.ok) throw new Error('Network response was not ok');
    })
    .catch((error: unknown) => console.error('saveHistory:', error instanceof Error ? error.message : error));
}

/** Records the chapter as reached once its text is shown, through the readings context when present. */
export function useChapterProgress(progress: ChapterProgress | null): void {
  const readings = useContext(ReadingsContext);
  const record = readings?.record;
  const key = progress ? `${progress.storyId}/${progress.chapter}` : null;
  useEffect(() => {
    if (!progress) return;
    if (record) record({ _id: progress.storyId, slug: progress.slug, title: progress.title }, progress.chapter);
    else recordWithoutProvider(progress);
    // Once per chapter shown, not on every render of a new progress object.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, record]);
}
