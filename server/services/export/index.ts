import type { Writable } from 'node:stream';
import { asciiFileName, exportFileName, parseChapterRange, type ChapterRange, type ExportFormat, type ExportPlan, type LineEnding } from '@/lib/export';
import type { Database } from '@/server/db/client';
import { badRequest } from '@/server/http/errors';
import { logger } from '@/server/logger';
import { bookInfo, chapterBounds, chapterTexts, findExportStory, selectChapters, type ExportSelection, type ExportStory } from './book';
import { writeEpub, writeTxt, type WriteOptions } from './writers';

export { findExportStory, STORY_NOT_FOUND } from './book';
export { isAbort } from './writers';

/**
 * "Tải về" (docs/api.md, Export): a story's chapter range as one EPUB or TXT, for a reader (the
 * API) or an operator (`npm run export`). Embedded chapters not fetched yet are fetched first,
 * one at a time through the source's polite fetcher; the file is then written as it is read.
 */

export interface ExportTarget {
  story: ExportStory;
  selection: ExportSelection;
}

/** The story and the chapters of the asked range the reader may have; 404 for a hidden story, 400 for a bad range. */
export async function exportTarget(database: Database, slug: string, asked: { from?: number | string | null; to?: number | string | null }, member: boolean): Promise<ExportTarget> {
  const story = await findExportStory(database, slug);
  const bounds = await chapterBounds(database, story.id);
  const parsed = parseChapterRange(asked, bounds?.first ?? 1, bounds?.latest ?? 0);
  if (!parsed.ok) throw badRequest(parsed.message);
  return { story, selection: await selectChapters(database, story.id, parsed.range, member) };
}

/** Chapters of the target still to fetch from their source (embedded stories only). */
export const chaptersToFetch = ({ story, selection }: ExportTarget): number[] => (story.origin === 'embedded' ? selection.missing : []);

/** Consecutive failures after which the source is left alone for this file. */
const FAILURES_TO_STOP = 3;

/**
 * Fetches `indices` one after the other (`load` is the embedding feature's loader: the source's
 * spacing and back-off apply), telling `onProgress` after each; stops early on `signal` or when
 * the source keeps failing. Returns how many were fetched.
 */
export async function fetchChapters(
  storyId: number,
  indices: readonly number[],
  load: (ref: { storyId: number; index: number }) => Promise<unknown>,
  { signal, onProgress }: { signal?: AbortSignal; onProgress?: (done: number, total: number) => void } = {},
): Promise<number> {
  let fetched = 0;
  let failures = 0;
  for (const [i, index] of indices.entries()) {
    if (signal?.aborted) break;
    try {
      await load({ storyId, index });
      fetched += 1;
      failures = 0;
    } catch (error) {
      logger.warn({ err: error, storyId, index }, 'export: chapter not fetched from its source');
      if (++failures >= FAILURES_TO_STOP) break;
    }
    onProgress?.(i + 1, indices.length);
  }
  return fetched;
}

/** Rough size of the file (for the progress bar): the text, what each chapter adds, and deflate for EPUB. */
export function estimateBytes(selection: ExportSelection, format: ExportFormat): number {
  const chapters = selection.included.length;
  return format === 'txt' ? Math.round(selection.textBytes * 1.02 + chapters * 60 + 1_000) : Math.round(selection.textBytes * 0.32 + chapters * 420 + 6_000);
}

export function exportPlan({ story, selection }: ExportTarget, format: ExportFormat): ExportPlan {
  return {
    title: story.title,
    range: selection.range,
    format,
    chapters: selection.included.length,
    vipLeftOut: selection.vipLeftOut.length,
    missing: selection.missing.length,
    estimatedBytes: estimateBytes(selection, format),
    fileName: exportFileName(story.title, selection.range, format),
  };
}

export const CONTENT_TYPES: Record<ExportFormat, string> = { epub: 'application/epub+zip', txt: 'text/plain; charset=utf-8' };

/** Content-Disposition for a file name: an ASCII fallback and the Vietnamese name (RFC 6266). */
export function attachmentHeader(fileName: string): string {
  return `attachment; filename="${asciiFileName(fileName)}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

export interface StreamExportOptions extends WriteOptions {
  format: ExportFormat;
  lineEnding?: LineEnding;
  /** The reader's own names (embedded stories), applied on top of the story's shared ones. */
  own?: Record<string, string>;
  siteUrl: string;
}

/** Writes the file to `out` as it reads the chapters, and ends `out`. */
export async function streamExport(database: Database, out: Writable, { story, selection }: ExportTarget, options: StreamExportOptions): Promise<void> {
  const book = bookInfo(story, selection, options.siteUrl);
  const texts = chapterTexts(database, story.id, selection.included, story.origin === 'embedded' ? (options.own ?? {}) : {});
  const write = { signal: options.signal, onChapter: options.onChapter };
  if (options.format === 'epub') await writeEpub(out, book, texts, write);
  else await writeTxt(out, book, texts, options.lineEnding ?? 'lf', write);
}

export type { ChapterRange };
