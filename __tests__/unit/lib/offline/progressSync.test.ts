import { sendPendingProgress, type ProgressSyncDeps } from '@/lib/offline/progressSync';
import type { PendingProgress } from '@/lib/offline/store';
import type { Bookmark } from '@/lib/types';

function deps(pending: PendingProgress[], answer: (entries: Bookmark[]) => Bookmark[] | undefined) {
  const history: { chapter: number; truyenId: string }[] = [];
  const cleared: PendingProgress[][] = [];
  const merged: Bookmark[][] = [];
  const value: ProgressSyncDeps = {
    pending: async () => pending,
    clear: async (sent) => void cleared.push(sent),
    merge: async (entries) => {
      merged.push(entries);
      return answer(entries);
    },
    saveHistory: async (record) => {
      history.push({ chapter: record.chapter, truyenId: record.truyenId });
      return true;
    },
  };
  return { value, history, cleared, merged };
}

const offline: PendingProgress = { storyId: '7', slug: 'truyen-a', chapters: [4, 5], chapter: 5, time: 2_000 };

describe('sendPendingProgress', () => {
  it('merges the progress, then sends each chapter read offline once, and forgets them', async () => {
    const run = deps([offline], (entries) => entries.map((entry) => ({ ...entry })));
    const result = await sendPendingProgress(run.value);
    expect(run.merged).toEqual([[{ _id: '7', chapter: 5, save: false, time: 2_000 }]]);
    expect(run.history).toEqual([
      { chapter: 4, truyenId: '7' },
      { chapter: 5, truyenId: '7' },
    ]);
    expect(run.cleared).toEqual([[offline]]);
    expect(result).toEqual([{ _id: '7', chapter: 5, save: false, time: 2_000 }]);
  });

  it('sends no history for a story read later on another device (the merge kept that reading)', async () => {
    const run = deps([offline], () => [{ _id: '7', chapter: 9, save: true, time: 3_000 }]);
    await sendPendingProgress(run.value);
    expect(run.history).toEqual([]);
    expect(run.cleared).toEqual([[offline]]);
  });

  it('keeps everything when the merge does not answer (still offline)', async () => {
    const run = deps([offline], () => undefined);
    expect(await sendPendingProgress(run.value)).toBeNull();
    expect(run.history).toEqual([]);
    expect(run.cleared).toEqual([]);
  });

  it('does nothing without pending progress', async () => {
    const run = deps([], () => []);
    expect(await sendPendingProgress(run.value)).toBeNull();
    expect(run.merged).toEqual([]);
  });
});
