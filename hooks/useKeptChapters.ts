import { useCallback, useEffect, useState } from 'react';
import { storageInfo, type StorageInfo } from '@/lib/offline/downloadSetup';
import { listKept, removeKept, type KeptSummary } from '@/lib/offline/store';

export interface KeptStory {
  storyId: string;
  slug: string;
  title: string;
  author: string;
  chapters: KeptSummary[];
  bytes: number;
}

function byStory(rows: KeptSummary[]): KeptStory[] {
  const stories = new Map<string, KeptStory>();
  for (const row of rows) {
    const story = stories.get(row.storyId) ?? { storyId: row.storyId, slug: row.slug, title: row.storyTitle, author: row.author, chapters: [], bytes: 0 };
    story.chapters.push(row);
    story.bytes += row.bytes;
    stories.set(row.storyId, story);
  }
  return [...stories.values()];
}

/** What is kept on this device for offline reading, by story, with the storage used; and removing it. */
export function useKeptChapters() {
  const [stories, setStories] = useState<KeptStory[] | null>(null);
  const [storage, setStorage] = useState<StorageInfo | null>(null);
  const [failed, setFailed] = useState(false);

  const load = useCallback(async () => {
    try {
      const [rows, info] = await Promise.all([listKept(), storageInfo()]);
      setStories(byStory(rows));
      setStorage(info);
    } catch {
      setFailed(true);
      setStories([]);
    }
  }, []);

  useEffect(() => {
    // IndexedDB is read after hydration: the server renders the empty shell.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    void load();
  }, [load]);

  const remove = useCallback(
    async (storyId: string, index?: number) => {
      await removeKept(storyId, index);
      await load();
    },
    [load],
  );

  return { stories, storage, failed, remove };
}
