import { HISTORY_AUDIO_TIME } from '../constants';
import type { HistoryRecord } from '../api/user';
import type { Bookmark } from '../types';
import type { PendingProgress } from './store';

export interface ProgressSyncDeps {
  pending: () => Promise<PendingProgress[]>;
  clear: (sent: PendingProgress[]) => Promise<void>;
  /** POST /user/web/async_bookmark: the existing merge (per story the later time wins). */
  merge: (entries: Bookmark[]) => Promise<Bookmark[] | undefined>;
  /** POST /user/web/lichsu. */
  saveHistory: (record: HistoryRecord) => Promise<boolean>;
}

/**
 * Sends what was read while offline, once the connection is back. The progress goes through the
 * same merge as a sign-in (the later reading of a story wins, whatever device it was on); the
 * chapters read offline go to the history only for stories where that reading won, since a
 * history record also moves the story's progress to its chapter. Kept until the merge answers,
 * so nothing is lost to a connection that drops again; forgotten once sent, so nothing is sent
 * twice. Answers the reader's bookmarks after the merge, or null when nothing was sent.
 */
export async function sendPendingProgress(deps: ProgressSyncDeps): Promise<Bookmark[] | null> {
  const pending = await deps.pending();
  if (pending.length === 0) return null;
  const merged = await deps.merge(pending.map((entry) => ({ _id: entry.storyId, chapter: entry.chapter, save: false, time: entry.time })));
  if (!merged) return null;
  for (const entry of pending) {
    const kept = merged.find((item) => item._id === entry.storyId);
    if (!kept || kept.chapter !== entry.chapter || kept.time !== entry.time) continue;
    for (const chapter of entry.chapters) {
      await deps.saveHistory({ chapter, truyenId: entry.storyId, audio_time: HISTORY_AUDIO_TIME });
    }
  }
  await deps.clear(pending);
  return merged;
}
