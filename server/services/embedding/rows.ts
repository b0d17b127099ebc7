import type { Database } from '@/server/db/client';
import { chapters } from '@/server/db/schema';
import type { SourceChapterRef } from '@/server/sources';

const CHAPTER_BATCH_ROWS = 500;

/** Chapter rows without text: each is fetched and converted on first read. */
export async function insertChapterRows(
  tx: Pick<Database, 'insert'>,
  storyId: number,
  refs: readonly SourceChapterRef[],
  titles: readonly string[],
): Promise<void> {
  for (let start = 0; start < refs.length; start += CHAPTER_BATCH_ROWS) {
    const batch = refs.slice(start, start + CHAPTER_BATCH_ROWS);
    await tx.insert(chapters).values(
      batch.map((ref, i) => ({ storyId, index: ref.index, title: titles[start + i], content: null, sourceUrl: ref.url })),
    );
  }
}
