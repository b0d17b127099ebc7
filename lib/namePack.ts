import { MAX_NAMES_PER_READER, nameProblem, originalProblem } from './namesList';

/**
 * Name packs: a story's names as a QuickTranslator Names file (`中文=Tên` a line, UTF-8), the
 * format sangtacviet and wikidich share. Written for a download from the names editor, read back
 * into a reader's own list with a preview of what each line does. The same code runs in the
 * browser (the preview) and on the server (the import).
 */

/** The largest pack read, as UTF-8 text. */
export const NAME_PACK_MAX_BYTES = 256 * 1024;
/** The longest line read; longer ones are skipped. */
export const NAME_PACK_MAX_LINE_CHARS = 200;
/** Lines of each kind an answer or a preview lists at most (the counts are always whole). */
export const NAME_PACK_LISTED_LINES = 200;

export interface PackEntry {
  /** 1-based line of the file. */
  line: number;
  original: string;
  translation: string;
}

export interface PackChange extends PackEntry {
  /** The reader's form before the import. */
  previous: string;
}

export interface PackSkip {
  line: number;
  /** The line as written (cut to 80 characters). */
  text: string;
  /** Why, in Vietnamese. */
  reason: string;
}

export interface NamePackPreview {
  added: PackEntry[];
  changed: PackChange[];
  skipped: PackSkip[];
  counts: { added: number; changed: number; skipped: number };
  /** The reader's list as it is after the import. */
  names: Record<string, string>;
}

/** A pack's lines (CRLF, the line ending QuickTranslator writes), shared names first, the reader's own winning. */
export function formatNamePack(...lists: Record<string, string>[]): string {
  const names: Record<string, string> = Object.assign({}, ...lists);
  const lines = Object.entries(names).map(([original, translation]) => `${original}=${translation}`);
  return lines.length > 0 ? `${lines.join('\r\n')}\r\n` : '';
}

/** The file name of a story's pack: QuickTranslator reads any `*.txt`. */
export function namePackFileName(slug: string): string {
  return `Names-${slug.replace(/[^\w-]+/g, '-').slice(0, 80) || 'truyen'}.txt`;
}

/** UTF-8 bytes of a text. */
export const utf8Length = (text: string) => new TextEncoder().encode(text).length;

/** Why a pack is refused whole, or null. */
export function namePackSizeProblem(text: string): string | null {
  // Each character takes at most 3 bytes (4 for a pair of surrogates, 2 characters): count only when it may matter.
  if (text.length * 3 <= NAME_PACK_MAX_BYTES) return null;
  return utf8Length(text) > NAME_PACK_MAX_BYTES ? `Tệp bộ tên quá lớn (tối đa ${NAME_PACK_MAX_BYTES / 1024} KB).` : null;
}

/**
 * A file's bytes as text, as QuickTranslator reads its files: UTF-8 or UTF-16 in either order,
 * with or without a byte-order mark (UTF-16 without one shows as zero bytes every other byte).
 */
export function decodeNamePack(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  const sample = Math.min(bytes.length, 4096) & ~1;
  let zeroEven = 0;
  let zeroOdd = 0;
  for (let index = 0; index < sample; index++) {
    if (bytes[index] === 0) {
      if (index % 2 === 0) zeroEven++;
      else zeroOdd++;
    }
  }
  if (zeroOdd > sample / 8 && zeroOdd > zeroEven * 4) return new TextDecoder('utf-16le').decode(bytes);
  if (zeroEven > sample / 8 && zeroEven > zeroOdd * 4) return new TextDecoder('utf-16be').decode(bytes);
  // TextDecoder drops a UTF-8 byte-order mark.
  return new TextDecoder('utf-8').decode(bytes);
}

const shown = (line: string) => (line.length > 80 ? `${line.slice(0, 79)}…` : line);

/** Why a non-blank line gives no entry, or the entry it gives (QuickTranslator's reading: the first of `a/b|c`). */
function readPackLine(line: string): { reason: string } | { original: string; translation: string } {
  if (line.startsWith('#') || line.startsWith('//')) return { reason: 'dòng chú thích.' };
  if (line.length > NAME_PACK_MAX_LINE_CHARS) return { reason: `dòng dài quá ${NAME_PACK_MAX_LINE_CHARS} ký tự.` };
  if (line.includes('\uFFFD')) return { reason: 'dòng có ký tự không đọc được (tệp cần mã UTF-8 hoặc UTF-16).' };
  const at = line.indexOf('=');
  if (at < 0) return { reason: 'thiếu dấu “=” (mỗi dòng có dạng 中文=Tên Việt).' };
  const original = line.slice(0, at).trim();
  const meanings = line.slice(at + 1).trim();
  const translation = meanings.split(/[/|]/)[0].trim();
  const originalIssue = originalProblem(original);
  if (originalIssue) return { reason: originalIssue };
  if (!translation && meanings) return { reason: 'nghĩa đầu tiên để trống (QuickTranslator bỏ qua tên này).' };
  const problem = nameProblem(original, translation);
  return problem ? { reason: problem } : { original, translation };
}

/**
 * What importing a pack into the reader's list `current` does, line by line: added, changed (the
 * file's form replaces the reader's), or skipped with the reason (a bad line, a repeat of an
 * earlier line, where the first wins as in QuickTranslator, the form the reader already has, or
 * beyond the list's size). Blank lines are not counted.
 */
export function previewNamePack(text: string, current: Record<string, string>): NamePackPreview {
  const names: Record<string, string> = { ...current };
  let size = Object.keys(names).length;
  const firstLine = new Map<string, number>();
  const preview: NamePackPreview = { added: [], changed: [], skipped: [], counts: { added: 0, changed: 0, skipped: 0 }, names };
  const skip = (line: number, raw: string, reason: string) => {
    preview.counts.skipped++;
    if (preview.skipped.length < NAME_PACK_LISTED_LINES) preview.skipped.push({ line, text: shown(raw), reason });
  };
  text
    .replace(/^\uFEFF/, '')
    .split(/\r\n|\n|\r/)
    .forEach((raw, index) => {
      const line = index + 1;
      const trimmed = raw.trim();
      if (!trimmed) return;
      const read = readPackLine(trimmed);
      if ('reason' in read) return skip(line, trimmed, read.reason);
      const { original, translation } = read;
      const earlier = firstLine.get(original);
      if (earlier !== undefined) return skip(line, trimmed, `“${original}” đã có ở dòng ${earlier}; giữ dòng đầu.`);
      firstLine.set(original, line);
      const previous = current[original];
      if (previous === translation) return skip(line, trimmed, 'giống tên bạn đang dùng.');
      if (previous === undefined) {
        if (size >= MAX_NAMES_PER_READER) return skip(line, trimmed, `danh sách của bạn đã đủ ${MAX_NAMES_PER_READER} tên.`);
        size++;
        names[original] = translation;
        preview.counts.added++;
        if (preview.added.length < NAME_PACK_LISTED_LINES) preview.added.push({ line, original, translation });
        return;
      }
      names[original] = translation;
      preview.counts.changed++;
      if (preview.changed.length < NAME_PACK_LISTED_LINES) preview.changed.push({ line, original, translation, previous });
    });
  return preview;
}
