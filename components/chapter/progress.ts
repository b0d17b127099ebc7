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
 * The reader reached a chapter: local `readings` always, and the server's history when signed in
 * (POST /user/web/lichsu with audio_time 1; skipped without a token, spec §5; errors logged, §8).
 */
export function recordChapterProgress({ slug, storyId, chapter, title }: ChapterProgress): void {
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
