import { and, eq } from 'drizzle-orm';
import type { ChapterDetail, ParagraphDetail, WordLookup } from '@/lib/embedding/chapterDetail';
import type { ChapterText } from '@/lib/types';
import { convertParagraphs } from '@/server/convert/engine';
import { lookUpWords, paragraphDetails } from '@/server/convert/inspect';
import { dictionariesReady } from '@/server/convert/operatorDictionaries';
import type { Database } from '@/server/db/client';
import { chapters, stories } from '@/server/db/schema';
import { HttpError, notFound } from '@/server/http/errors';
import { readChapter, VIP_CHAPTER_MESSAGE, type ChapterRef, type EmbeddedChapterLoader } from '@/server/services/chapters';
import { readerNamesOf, requireEmbeddedStory, storyNamesOf } from './names';

/**
 * An embedded story read with the reader's own names on top of the story's shared list: the
 * chapter's text, its words for the inspector and the reading views, a few paragraphs converted
 * again after a fix, and what the dictionaries hold for a word. Stored chapters keep the shared
 * conversion; a reader's conversion is made for that answer only.
 */

/** Whose own list applies: a signed-in reader's account list, else the list the device sent. */
export interface OwnNamesSource {
  userId: string | null;
  /** Sent by an anonymous reader (kept on the device); ignored for a signed-in one. */
  sent?: Record<string, string>;
}

/** The reader's own list for a story. */
export async function ownNamesOf(database: Database, storyId: number, source: OwnNamesSource): Promise<Record<string, string>> {
  return source.userId ? readerNamesOf(database, storyId, source.userId) : (source.sent ?? {});
}

/** What converting a chapter needs, for a reader allowed to read it. */
interface ReaderAccess {
  /** Whether the reader is a member, asked only for a VIP chapter. */
  member: () => Promise<boolean>;
  /** Counts the conversion against the reader's share (429 beyond), asked only when one is made. */
  limit: () => Promise<void>;
}

const NO_ORIGINAL = 'Chương này không có bản gốc tiếng Trung để tra từ.';

async function originalOf(database: Database, ref: ChapterRef, member: () => Promise<boolean>): Promise<string> {
  const [row] = await database
    .select({ sourceText: chapters.sourceText, vip: chapters.vip })
    .from(chapters)
    .innerJoin(stories, eq(stories.id, chapters.storyId))
    .where(and(eq(chapters.storyId, ref.storyId), eq(chapters.index, ref.index), eq(stories.hidden, false), eq(stories.origin, 'embedded')))
    .limit(1);
  if (!row) throw notFound('Không tìm thấy chương truyện.');
  if (row.vip && !(await member())) throw new HttpError(403, VIP_CHAPTER_MESSAGE);
  if (row.sourceText === null) throw notFound(NO_ORIGINAL);
  return row.sourceText;
}

/** The chapter's original (for a reader allowed to read it) and the names to convert it with: the story's shared list, the reader's own on top. */
async function originalAndNames(database: Database, ref: ChapterRef, own: Record<string, string>, member: () => Promise<boolean>) {
  const [original, shared] = await Promise.all([originalOf(database, ref, member), storyNamesOf(database, ref.storyId), dictionariesReady()]);
  return { original, names: { ...shared, ...own } };
}

/** A chapter's original converted with the story's shared names and the reader's own on top (paragraphs separated by '\n'). */
export function convertWithReaderNames(sourceText: string, shared: Record<string, string>, own: Record<string, string>): string {
  return convertParagraphs(sourceText, { names: { ...shared, ...own } }).join('\n');
}

/**
 * A chapter's text for a reader (as POST /api/book/text gives it: VIP for members, fetched from
 * its source on first read, a view counted), converted again with the reader's own list when
 * they have one.
 */
export async function readerChapterText(
  database: Database,
  ref: ChapterRef,
  own: Record<string, string>,
  access: ReaderAccess & { loadEmbedded: EmbeddedChapterLoader },
): Promise<ChapterText> {
  const chapter = await readChapter(database, ref, access.member, { loadEmbedded: access.loadEmbedded });
  if (Object.keys(own).length === 0) return chapter;
  const [row] = await database
    .select({ sourceText: chapters.sourceText })
    .from(chapters)
    .where(and(eq(chapters.storyId, ref.storyId), eq(chapters.index, ref.index)))
    .limit(1);
  if (!row?.sourceText) return chapter;
  await access.limit();
  const [shared] = await Promise.all([storyNamesOf(database, ref.storyId), dictionariesReady()]);
  return { ...chapter, message: convertWithReaderNames(row.sourceText, shared, own) };
}

/** Every paragraph of a chapter with its Chinese, Hán-Việt and words (the inspector and the reading views). */
export async function readerChapterDetail(database: Database, ref: ChapterRef, own: Record<string, string>, access: ReaderAccess): Promise<ChapterDetail> {
  const { original, names } = await originalAndNames(database, ref, own, access.member);
  await access.limit();
  return { index: ref.index, paragraphs: paragraphDetails(original, { names }), own };
}

/** Some paragraphs of a chapter (by line) converted again, after the reader changed their list. */
export async function reconvertParagraphs(
  database: Database,
  ref: ChapterRef,
  lines: readonly number[],
  own: Record<string, string>,
  access: ReaderAccess,
): Promise<ParagraphDetail[]> {
  const { original, names } = await originalAndNames(database, ref, own, access.member);
  await access.limit();
  return paragraphDetails(original, { names }, lines);
}

/** What the dictionaries and the story's shared list hold for each piece of Chinese. */
export async function lookUpForStory(database: Database, storyId: number, keys: readonly string[], limit: () => Promise<void>): Promise<WordLookup[]> {
  await requireEmbeddedStory(database, storyId);
  await limit();
  const [shared] = await Promise.all([storyNamesOf(database, storyId), dictionariesReady()]);
  return lookUpWords(keys, shared);
}
