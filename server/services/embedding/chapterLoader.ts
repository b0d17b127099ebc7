import { and, eq } from 'drizzle-orm';
import { convertParagraphs } from '@/server/convert/engine';
import { dictionariesReady } from '@/server/convert/operatorDictionaries';
import type { Database } from '@/server/db/client';
import { chapters, stories } from '@/server/db/schema';
import { HttpError, notFound } from '@/server/http/errors';
import { countWords } from '@/server/import/text';
import type { ChapterRef } from '@/server/services/chapters';
import { createFetcher, type TextFetcher } from '@/server/sources';
import { fromSource } from './links';
import { storyNamesOf } from './names';
import { chapterUrlsOf, sourcesOf, withFailover, type SourceAt } from './storySources';
import { convertChapterTitle } from './titles';
import { realignSource, referenceWithTitles } from './realign';

const UNAVAILABLE = 'Chương này chưa tải được từ trang nguồn, vui lòng thử lại sau.';
const ONE_SOURCE = 'Truyện này chỉ có một nguồn, chưa đổi được nguồn.';
const NO_OTHER_SOURCE = 'Không nguồn nào khác tải được chương này; các chương đã tải vẫn đọc được. Vui lòng thử lại sau.';

/** Loads in flight, so readers opening the same new chapter at once cause one fetch. */
const inFlight = new Map<string, Promise<string>>();

/** An embedded chapter of a story that is not hidden: a taken-down story is never fetched again. */
async function findEmbeddedChapter(database: Database, ref: ChapterRef) {
  const [row] = await database
    .select({ title: chapters.title, content: chapters.content, sourceText: chapters.sourceText })
    .from(chapters)
    .innerJoin(stories, eq(stories.id, chapters.storyId))
    .where(and(eq(chapters.storyId, ref.storyId), eq(chapters.index, ref.index), eq(stories.origin, 'embedded'), eq(stories.hidden, false)))
    .limit(1);
  return row;
}

interface Original {
  text: string;
  title: string | null;
}

/** One source's text of a chapter (one paragraph a line). */
async function fetchFrom(source: SourceAt, url: string, fetcher: TextFetcher): Promise<Original> {
  const chapter = await fromSource(() => source.adapter.fetchChapter(url, fetcher));
  if (chapter.paragraphs.length === 0) throw new HttpError(502, UNAVAILABLE);
  return { text: chapter.paragraphs.join('\n'), title: chapter.title };
}

/** Converts and stores a chapter's original text; returns the converted text. */
async function store(database: Database, ref: ChapterRef, original: Original): Promise<string> {
  const names = await storyNamesOf(database, ref.storyId);
  await dictionariesReady();
  const content = convertParagraphs(original.text, { names }).join('\n');
  await database
    .update(chapters)
    .set({
      content,
      sourceText: original.text,
      wordCount: countWords(content),
      updatedAt: new Date(),
      ...(original.title ? { title: convertChapterTitle(original.title, ref.index, names) } : {}),
    })
    .where(and(eq(chapters.storyId, ref.storyId), eq(chapters.index, ref.index)));
  return content;
}

/** The chapter's original from the story's sources, with failover (storySources.ts). */
async function fromSources(database: Database, ref: ChapterRef, fetcher: TextFetcher): Promise<Original> {
  const sources = await sourcesOf(database, ref.storyId);
  const urls = await chapterUrlsOf(database, sources.map((source) => source.id), ref.index);
  const { value } = await withFailover(
    database,
    ref.storyId,
    (source) => urls.has(source.id),
    (source) => fetchFrom(source, urls.get(source.id)!, fetcher),
  );
  return value;
}

async function load(database: Database, ref: ChapterRef, fetcher: TextFetcher): Promise<string> {
  const row = await findEmbeddedChapter(database, ref);
  if (!row) throw notFound('Không tìm thấy chương truyện.');
  if (row.content !== null) return row.content;
  const original = row.sourceText !== null ? { text: row.sourceText, title: null } : await fromSources(database, ref, fetcher);
  return store(database, ref, original);
}

/**
 * The text of an embedded chapter whose converted text is missing: fetched from the story's
 * serving source on first read (another source when that one lacks the chapter or hands over),
 * or taken from the kept original after the names changed; converted with the story's names,
 * stored, and returned as paragraphs separated by '\n'.
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

/**
 * "Đổi nguồn": the chapter read from another of the story's sources than the one a plain read
 * asks first, in order of preference (a source that lacks the chapter reads its list once to find
 * it), stored in place of nothing; returns the site that gave it. A story with one source is 409;
 * a chapter already read is returned as it is.
 */
export async function loadFromOtherSource(database: Database, ref: ChapterRef, fetcher: TextFetcher = createFetcher()): Promise<{ content: string; site: string | null }> {
  const row = await findEmbeddedChapter(database, ref);
  if (!row) throw notFound('Không tìm thấy chương truyện.');
  if (row.content !== null) return { content: row.content, site: null };
  const sources = await sourcesOf(database, ref.storyId);
  if (sources.length < 2) throw new HttpError(409, ONE_SOURCE);
  let urls = await chapterUrlsOf(database, sources.map((source) => source.id), ref.index);
  const first = sources.find((source) => source.serving && urls.has(source.id)) ?? sources.find((source) => urls.has(source.id));
  const others = sources.filter((source) => source !== first);
  const unaligned = others.filter((candidate) => !urls.has(candidate.id));
  // Aligning needs the story's Chinese chapter titles, which a story embedded before them lacks.
  if (unaligned.length > 0) await referenceWithTitles(database, ref.storyId, fetcher);
  for (const source of unaligned) {
    await realignSource(database, source, fetcher).catch(() => undefined);
  }
  urls = await chapterUrlsOf(database, sources.map((source) => source.id), ref.index);
  for (const source of others.filter((candidate) => urls.has(candidate.id)).slice(0, 3)) {
    try {
      const original = await fetchFrom(source, urls.get(source.id)!, fetcher);
      return { content: await store(database, ref, original), site: source.site };
    } catch {
      // The next source is asked; a reader's change of source does not count against a site.
    }
  }
  throw new HttpError(502, NO_OTHER_SOURCE);
}
