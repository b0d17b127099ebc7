import { and, eq } from 'drizzle-orm';
import { convertParagraphs } from '@/server/convert/engine';
import { dictionariesReady } from '@/server/convert/operatorDictionaries';
import type { Database } from '@/server/db/client';
import { chapters, stories } from '@/server/db/schema';
import { HttpError, notFound } from '@/server/http/errors';
import { countWords } from '@/server/import/text';
import type { ChapterRef } from '@/server/services/chapters';
import { adapterById, createFetcher, type TextFetcher } from '@/server/sources';
import { fromSource } from './links';
import { storyNamesOf } from './names';
import { convertChapterTitle } from './titles';

const UNAVAILABLE = 'Chương này chưa tải được từ trang nguồn, vui lòng thử lại sau.';

/** Loads in flight, so readers opening the same new chapter at once cause one fetch. */
const inFlight = new Map<string, Promise<string>>();

async function findEmbeddedChapter(database: Database, ref: ChapterRef) {
  const [row] = await database
    .select({
      title: chapters.title,
      content: chapters.content,
      sourceUrl: chapters.sourceUrl,
      sourceText: chapters.sourceText,
      site: stories.sourceSite,
    })
    .from(chapters)
    .innerJoin(stories, eq(stories.id, chapters.storyId))
    .where(and(eq(chapters.storyId, ref.storyId), eq(chapters.index, ref.index), eq(stories.origin, 'embedded')))
    .limit(1);
  return row;
}

/** The original text: kept from an earlier fetch, else fetched from the source now (one paragraph a line). */
async function originalText(row: NonNullable<Awaited<ReturnType<typeof findEmbeddedChapter>>>, fetcher: TextFetcher) {
  if (row.sourceText !== null) return { text: row.sourceText, title: null };
  const adapter = row.site ? adapterById(row.site) : undefined;
  if (!adapter || !row.sourceUrl) throw new HttpError(502, UNAVAILABLE);
  const chapter = await fromSource(() => adapter.fetchChapter(row.sourceUrl!, fetcher));
  if (chapter.paragraphs.length === 0) throw new HttpError(502, UNAVAILABLE);
  return { text: chapter.paragraphs.join('\n'), title: chapter.title };
}

async function load(database: Database, ref: ChapterRef, fetcher: TextFetcher): Promise<string> {
  const row = await findEmbeddedChapter(database, ref);
  if (!row) throw notFound('Không tìm thấy chương truyện.');
  if (row.content !== null) return row.content;
  const { text, title } = await originalText(row, fetcher);
  const names = await storyNamesOf(database, ref.storyId);
  await dictionariesReady();
  const content = convertParagraphs(text, { names }).join('\n');
  await database
    .update(chapters)
    .set({
      content,
      sourceText: text,
      wordCount: countWords(content),
      updatedAt: new Date(),
      ...(title ? { title: convertChapterTitle(title, ref.index, names) } : {}),
    })
    .where(and(eq(chapters.storyId, ref.storyId), eq(chapters.index, ref.index)));
  return content;
}

/**
 * The text of an embedded chapter whose converted text is missing: fetched from its source on
 * first read (or taken from the kept original after the names changed), converted with the
 * story's names, stored, and returned as paragraphs separated by '\n'.
 */
export function loadEmbeddedChapter(database: Database, ref: ChapterRef, fetcher: TextFetcher = createFetcher()): Promise<string> {
  const key = `${ref.storyId}/${ref.index}`;
  let pending = inFlight.get(key);
  if (!pending) {
    pending = load(database, ref, fetcher).finally(() => inFlight.delete(key));
    inFlight.set(key, pending);
  }
  return pending;
}
