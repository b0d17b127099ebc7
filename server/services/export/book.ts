import { createHash } from 'node:crypto';
import { and, asc, between, eq, sql } from 'drizzle-orm';
import { describeIndices, type ChapterRange } from '@/lib/export';
import { SITE_NAME } from '@/lib/constants';
import type { Database } from '@/server/db/client';
import { chapters, stories } from '@/server/db/schema';
import { notFound } from '@/server/http/errors';
import { dictionariesReady } from '@/server/convert/operatorDictionaries';
import { convertWithReaderNames } from '@/server/services/embedding/readerConvert';
import { storyNamesOf } from '@/server/services/embedding/names';

/**
 * What goes into an exported file: the story (never a hidden one), the chapters of the range the
 * reader may have (VIP for members only), and their texts, read in batches and converted with the
 * reader's own names as the site converts them for that reader.
 */

export interface ExportStory {
  id: number;
  slug: string;
  title: string;
  author: string;
  description: string;
  origin: 'native' | 'embedded';
  sourceUrl: string | null;
  chapterCount: number;
}

export const STORY_NOT_FOUND = 'Không tìm thấy truyện.';

/** A story readers can see, by slug; 404 for a hidden (taken down) or unknown one. */
export async function findExportStory(database: Database, slug: string): Promise<ExportStory> {
  const [story] = await database
    .select({
      id: stories.id,
      slug: stories.slug,
      title: stories.title,
      author: stories.author,
      description: stories.description,
      origin: stories.origin,
      sourceUrl: stories.sourceUrl,
      chapterCount: stories.chapterCount,
    })
    .from(stories)
    .where(and(eq(stories.slug, slug), eq(stories.hidden, false)))
    .limit(1);
  if (!story) throw notFound(STORY_NOT_FOUND);
  return story;
}

/** The first and latest chapter numbers of a story (null when it has none). */
export async function chapterBounds(database: Database, storyId: number): Promise<{ first: number; latest: number } | null> {
  const [row] = await database
    .select({ first: sql<number | null>`min(${chapters.index})`, latest: sql<number | null>`max(${chapters.index})` })
    .from(chapters)
    .where(eq(chapters.storyId, storyId));
  return row?.first == null || row.latest == null ? null : { first: Number(row.first), latest: Number(row.latest) };
}

export interface ExportEntry {
  index: number;
  title: string;
}

export interface ExportSelection {
  range: ChapterRange;
  /** Chapters the file holds, in order. */
  included: ExportEntry[];
  vipLeftOut: number[];
  /** Chapters without text: embedded ones not fetched from their source yet (or a native one left empty). */
  missing: number[];
  /** Bytes of the included chapters' stored text. */
  textBytes: number;
}

/** The chapters of a range as this reader may have them. */
export async function selectChapters(database: Database, storyId: number, range: ChapterRange, member: boolean): Promise<ExportSelection> {
  const rows = await database
    .select({
      index: chapters.index,
      title: chapters.title,
      vip: chapters.vip,
      bytes: sql<number | null>`octet_length(${chapters.content})`,
    })
    .from(chapters)
    .where(and(eq(chapters.storyId, storyId), between(chapters.index, range.from, range.to)))
    .orderBy(asc(chapters.index));
  const selection: ExportSelection = { range, included: [], vipLeftOut: [], missing: [], textBytes: 0 };
  for (const row of rows) {
    if (row.vip && !member) selection.vipLeftOut.push(row.index);
    else if (row.bytes === null) selection.missing.push(row.index);
    else {
      selection.included.push({ index: row.index, title: row.title });
      selection.textBytes += Number(row.bytes);
    }
  }
  return selection;
}

/** Lines saying what the range left out, for the file's first page. */
export function leftOutNotes(selection: Pick<ExportSelection, 'vipLeftOut' | 'missing'>): string[] {
  const notes: string[] = [];
  if (selection.vipLeftOut.length > 0) {
    notes.push(`Đã bỏ qua ${selection.vipLeftOut.length} chương VIP (chương ${describeIndices(selection.vipLeftOut)}): hãy nâng cấp VIP để tải các chương này.`);
  }
  if (selection.missing.length > 0) {
    notes.push(`Chưa có nội dung ${selection.missing.length} chương (chương ${describeIndices(selection.missing)}): chưa tải được từ trang nguồn.`);
  }
  return notes;
}

export interface ChapterText extends ExportEntry {
  content: string;
}

/** Chapters read from the database at once while a file is written: what bounds its memory. */
export const EXPORT_BATCH = 50;

const GONE = 'Chương này không còn trên trang.';

/**
 * The texts of `entries` in order, read EXPORT_BATCH at a time. With the reader's own names
 * (`own` not empty), a chapter kept in Chinese is converted with the story's shared names and the
 * reader's on top, as POST /api/embedding/chapter converts it; otherwise its stored text.
 */
export async function* chapterTexts(database: Database, storyId: number, entries: readonly ExportEntry[], own: Record<string, string> = {}): AsyncGenerator<ChapterText> {
  const withNames = Object.keys(own).length > 0;
  let shared: Record<string, string> = {};
  if (withNames) [shared] = await Promise.all([storyNamesOf(database, storyId), dictionariesReady()]);
  for (let start = 0; start < entries.length; start += EXPORT_BATCH) {
    const batch = entries.slice(start, start + EXPORT_BATCH);
    const rows = await database
      .select({
        index: chapters.index,
        content: chapters.content,
        sourceText: withNames ? chapters.sourceText : sql<string | null>`null`,
      })
      .from(chapters)
      .where(and(eq(chapters.storyId, storyId), between(chapters.index, batch[0].index, batch[batch.length - 1].index)));
    const byIndex = new Map(rows.map((row) => [row.index, row]));
    for (const entry of batch) {
      const row = byIndex.get(entry.index);
      const content = row?.sourceText ? convertWithReaderNames(row.sourceText, shared, own) : (row?.content ?? GONE);
      yield { ...entry, content };
    }
  }
}

/** What a file says about itself: its story, the site, the date and what was left out. */
export interface BookInfo {
  title: string;
  author: string;
  description: string;
  /** The story's page on the site. */
  storyUrl: string;
  /** An embedded story's page on its source site. */
  sourceUrl: string | null;
  siteName: string;
  range: ChapterRange;
  date: Date;
  notes: string[];
  chapters: readonly ExportEntry[];
  /** A stable identifier of this story's range (the same file made again keeps it). */
  identifier: string;
}

export function bookInfo(story: ExportStory, selection: ExportSelection, siteUrl: string, date = new Date()): BookInfo {
  const storyUrl = `${siteUrl}/${story.slug}`;
  const digest = createHash('sha1').update(`${storyUrl}#${selection.range.from}-${selection.range.to}`).digest('hex');
  // A name-based UUID (version 5 layout) from the story's address and the range.
  const uuid = `${digest.slice(0, 8)}-${digest.slice(8, 12)}-5${digest.slice(13, 16)}-${((parseInt(digest[16], 16) & 0x3) | 0x8).toString(16)}${digest.slice(17, 20)}-${digest.slice(20, 32)}`;
  return {
    title: story.title,
    author: story.author,
    description: story.description,
    storyUrl,
    sourceUrl: story.origin === 'embedded' ? story.sourceUrl : null,
    siteName: SITE_NAME,
    range: selection.range,
    date,
    notes: leftOutNotes(selection),
    chapters: selection.included,
    identifier: `urn:uuid:${uuid}`,
  };
}
