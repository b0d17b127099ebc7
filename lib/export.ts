import { foldVietnamese } from './text/fold';

/**
 * "Tải về": a story's chapter range as one EPUB or TXT file. What the story page's dialog, the API
 * (docs/api.md, Export) and `npm run export` share: formats, line endings, the range and the name
 * of the file.
 */

export const EXPORT_FORMATS = ['epub', 'txt'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
export const LINE_ENDINGS = ['lf', 'crlf'] as const;
export type LineEnding = (typeof LINE_ENDINGS)[number];

/** Chapters one file may hold. */
export const MAX_EXPORT_CHAPTERS = 5000;

export interface ChapterRange {
  from: number;
  to: number;
}

export type RangeResult = { ok: true; range: ChapterRange } | { ok: false; message: string };

function chapterNumber(value: number | string | null | undefined): number | null | 'bad' {
  if (value === undefined || value === null) return null;
  const text = String(value).trim();
  if (text === '') return null;
  if (!/^\d{1,7}$/.test(text)) return 'bad';
  return Number(text);
}

/**
 * A range of chapters `from`–`to` (both included) of a story whose chapters run from `first` to
 * `latest`: either end may be left out (the first / the latest chapter); an end beyond the story
 * is brought back within it. At most MAX_EXPORT_CHAPTERS chapters.
 */
export function parseChapterRange(input: { from?: number | string | null; to?: number | string | null }, first: number, latest: number): RangeResult {
  const from = chapterNumber(input.from);
  const to = chapterNumber(input.to);
  if (from === 'bad' || to === 'bad') return { ok: false, message: 'Số chương phải là số nguyên dương.' };
  if (latest < first) return { ok: false, message: 'Truyện chưa có chương nào.' };
  const start = Math.max(first, from ?? first);
  const end = Math.min(latest, to ?? latest);
  if (from !== null && from > latest) return { ok: false, message: `Truyện mới có đến chương ${latest}.` };
  if (start > end) return { ok: false, message: 'Chương đầu phải trước chương cuối.' };
  if (end - start + 1 > MAX_EXPORT_CHAPTERS) return { ok: false, message: `Mỗi tệp có tối đa ${MAX_EXPORT_CHAPTERS.toLocaleString('vi-VN')} chương.` };
  return { ok: true, range: { from: start, to: end } };
}

/** Characters no file system accepts in a name, and controls. */
const UNSAFE = /[\u0000-\u001f\u007f/\\:*?"<>|]+/g;
const MAX_NAME = 120;

function safePart(text: string): string {
  return text.normalize('NFC').replace(UNSAFE, ' ').replace(/\s+/g, ' ').replace(/^[.\s]+|[.\s]+$/g, '');
}

/** A file's name for a range: the story's title in Vietnamese and the chapters, no path characters (e.g. "Đấu Phá Thương Khung - Chương 1-200.epub"). */
export function exportFileName(title: string, range: ChapterRange, format: ExportFormat): string {
  const chapters = range.from === range.to ? `Chương ${range.from}` : `Chương ${range.from}-${range.to}`;
  const suffix = ` - ${chapters}.${format}`;
  const base = safePart(title).slice(0, MAX_NAME - suffix.length).trim() || 'Truyện';
  return `${base}${suffix}`;
}

/** The same name in ASCII only, for clients that do not read `filename*`. */
export function asciiFileName(name: string): string {
  return (
    foldVietnamese(name)
      .replace(/[^\x20-\x7e]+/g, '')
      .replace(/["\\;]/g, '')
      .trim() || 'truyen'
  );
}

/** What POST /api/export/prepare answers when the file can be made. */
export interface ExportPlan {
  title: string;
  range: ChapterRange;
  format: ExportFormat;
  /** Chapters the file will hold. */
  chapters: number;
  /** VIP chapters left out (the reader has no VIP). */
  vipLeftOut: number;
  /** Embedded chapters that could not be fetched from their source (left out too). */
  missing: number;
  /** Estimated size of the file, for the progress bar. */
  estimatedBytes: number;
  fileName: string;
  /** Why chapters still missing were not fetched now (the reader's hourly share of fetches). */
  notice?: string;
}

/** One line of POST /api/export/prepare's answer (NDJSON): fetching progress, then the plan or a failure. */
export type PrepareEvent =
  | { kind: 'fetching'; done: number; total: number }
  | { kind: 'ready'; plan: ExportPlan }
  | { kind: 'error'; message: string; retryAfter?: number };

/** Chapter numbers as short ranges, e.g. "3–5, 9". */
export function describeIndices(indices: readonly number[]): string {
  const parts: string[] = [];
  let start: number | undefined;
  let previous: number | undefined;
  for (const index of [...indices, Number.NaN]) {
    if (previous !== undefined && index === previous + 1) {
      previous = index;
      continue;
    }
    if (start !== undefined && previous !== undefined) parts.push(start === previous ? String(start) : `${start}–${previous}`);
    start = index;
    previous = index;
  }
  return parts.join(', ');
}
