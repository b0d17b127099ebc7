import type { EmbedPreview } from '@/lib/api/embedding';
import type { Database } from '@/server/db/client';
import { createFetcher, type TextFetcher } from '@/server/sources';
import { refuseTakenDown } from './embed';
import { chapterIdOf, resolveLink } from './links';
import { readSource } from './source';
import { convertChapterTitle } from './titles';

/** Shown in the preview; the story page shows the whole description. */
const PREVIEW_DESCRIPTION_CHARS = 600;

function shorten(text: string, limit: number): string {
  return text.length <= limit ? text : `${text.slice(0, limit).replace(/\s+\S*$/, '')}…`;
}

/**
 * What a pasted link points at, read from the source site and converted, without storing
 * anything: title and author in Vietnamese and Chinese, cover, our genres, status, chapter count,
 * latest chapter, the chapter a chapter link names, and the story if it was embedded before.
 */
export async function previewLink(database: Database, rawLink: string, fetcher: TextFetcher = createFetcher()): Promise<EmbedPreview> {
  const link = resolveLink(rawLink);
  const existing = await refuseTakenDown(database, link);
  const source = await readSource(link, fetcher);
  const last = source.list[source.list.length - 1];
  const named = link.chapterId ? source.list.find((ref) => chapterIdOf(link.adapter, ref.url) === link.chapterId) : undefined;
  return {
    site: { id: link.adapter.id, name: link.adapter.name },
    sourceUrl: link.sourceUrl,
    title: source.title,
    originalTitle: source.book.title,
    author: source.author,
    originalAuthor: source.book.author,
    cover: source.book.cover ?? null,
    genres: source.genres,
    originalGenres: source.book.genres,
    status: source.book.status,
    description: shorten(source.description, PREVIEW_DESCRIPTION_CHARS),
    chapterCount: source.list.length,
    latestChapter: last ? { index: last.index, title: convertChapterTitle(last.title, last.index), originalTitle: last.title } : null,
    chapter: named ? { index: named.index, title: convertChapterTitle(named.title, named.index) } : null,
    existing: existing ? { slug: existing.slug } : null,
  };
}
