import type { Database } from '@/server/db/client';
import type { TextFetcher } from '@/server/sources';
import { CONFIRM_FIRST_CHAPTERS, type AlignableChapter } from '@/server/sources/alignment';
import { fromSource } from './links';
import { alignSource, mapSourceChapters, referenceChapters, sourcesOf, type SourceAt } from './storySources';

/** Reads a source's chapter list again and maps the story's chapters it now has; returns how many it has. */
export async function realignSource(database: Database, source: SourceAt, fetcher: TextFetcher): Promise<number> {
  const list = await fromSource(() => source.adapter.fetchChapterList(source.bookId, fetcher));
  const { matched } = await alignSource(database, source.storyId, source.id, list);
  await mapSourceChapters(database, source.id, matched);
  return matched.length;
}

/**
 * The story's chapters to align another source against, with their Chinese titles. A story
 * embedded before its sources kept chapter titles has none yet: its serving source's list is then
 * read once (matched by URL) to give them. When that source cannot be read, the untitled list.
 */
export async function referenceWithTitles(database: Database, storyId: number, fetcher: TextFetcher): Promise<AlignableChapter[]> {
  const reference = await referenceChapters(database, storyId);
  if (reference.length === 0 || reference.slice(0, CONFIRM_FIRST_CHAPTERS).some((chapter) => chapter.title)) return reference;
  const sources = await sourcesOf(database, storyId);
  const serving = sources.find((source) => source.serving) ?? sources[0];
  if (!serving) return reference;
  try {
    await realignSource(database, serving, fetcher);
  } catch {
    return reference;
  }
  return referenceChapters(database, storyId);
}
