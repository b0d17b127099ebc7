import type { Database } from '@/server/db/client';
import type { TextFetcher } from '@/server/sources';
import { fromSource } from './links';
import { alignSource, mapSourceChapters, type SourceAt } from './storySources';

/** Reads a source's chapter list again and maps the story's chapters it now has; returns how many it has. */
export async function realignSource(database: Database, source: SourceAt, fetcher: TextFetcher): Promise<number> {
  const list = await fromSource(() => source.adapter.fetchChapterList(source.bookId, fetcher));
  const { matched } = await alignSource(database, source.storyId, source.id, list);
  await mapSourceChapters(database, source.id, matched);
  return matched.length;
}
