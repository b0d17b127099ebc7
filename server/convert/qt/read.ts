import type { PhraseDictionary } from '../phraseDictionary';

/**
 * Reading dictionary files as QuickTranslator reads them: UTF-8 or UTF-16 (either endian, with
 * or without a byte-order mark), CRLF or LF; `key=a/b|c` lines whose first meaning is taken
 * literally (an empty one drops the word); lines without "=" skipped and counted.
 */

/** The bytes of a dictionary file as UTF-8 without a byte-order mark. */
export function utf8Bytes(bytes: Buffer): Buffer {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return Buffer.from(new TextDecoder('utf-16le').decode(bytes.subarray(2)));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return Buffer.from(new TextDecoder('utf-16be').decode(bytes.subarray(2)));
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return bytes.subarray(3);
  // Without a BOM, UTF-16 shows as zero bytes in every other position (Chinese and ASCII alike).
  const sample = Math.min(bytes.length, 4096) & ~1;
  let zeroEven = 0;
  let zeroOdd = 0;
  for (let index = 0; index < sample; index++) {
    if (bytes[index] === 0) {
      if (index % 2 === 0) zeroEven++;
      else zeroOdd++;
    }
  }
  const threshold = sample / 8;
  if (zeroOdd > threshold && zeroOdd > zeroEven * 4) return Buffer.from(new TextDecoder('utf-16le').decode(bytes));
  if (zeroEven > threshold && zeroEven > zeroOdd * 4) return Buffer.from(new TextDecoder('utf-16be').decode(bytes));
  return bytes;
}

/** Lines read from one file: entries added, duplicates ignored, and lines skipped (first one as file:line). */
export interface FileReport {
  file: string;
  /** Which dictionary it went into (names, vietphrase, …), when the loader says. */
  kind?: string;
  entries: number;
  duplicates: number;
  skipped: number;
  firstSkipped?: string;
}

const SPACE = new Set([0x20, 0x09, 0x0d]);
const EQUALS = 0x3d;
const SLASH = 0x2f;
const BAR = 0x7c;
const EMPTY = new Uint8Array(0);

function trimStart(bytes: Buffer, start: number, end: number): number {
  while (start < end && SPACE.has(bytes[start])) start++;
  return start;
}

function trimEnd(bytes: Buffer, start: number, end: number): number {
  while (end > start && SPACE.has(bytes[end - 1])) end--;
  return end;
}

type LineResult = 'entry' | 'duplicate' | 'blank' | 'skipped';

function readLine(bytes: Buffer, lineStart: number, lineEnd: number, into: PhraseDictionary): LineResult {
  const start = trimStart(bytes, lineStart, lineEnd);
  const end = trimEnd(bytes, start, lineEnd);
  if (start === end || bytes[start] === 0x23 || (bytes[start] === SLASH && bytes[start + 1] === SLASH)) return 'blank';
  const separator = bytes.indexOf(EQUALS, start);
  if (separator < 0 || separator >= end) return 'skipped';
  const key = bytes.toString('utf8', start, trimEnd(bytes, start, separator));
  if (!key || key.includes('\uFFFD')) return 'skipped';
  const meaningStart = trimStart(bytes, separator + 1, end);
  let meaningEnd = meaningStart;
  while (meaningEnd < end && bytes[meaningEnd] !== SLASH && bytes[meaningEnd] !== BAR) meaningEnd++;
  // The other meanings are kept as written (after the first separator) for the word inspector.
  const others = meaningEnd < end ? bytes.subarray(meaningEnd + 1, end) : EMPTY;
  return into.add(key, bytes.subarray(meaningStart, trimEnd(bytes, meaningStart, meaningEnd)), others) ? 'entry' : 'duplicate';
}

const LINES_PER_SLICE = 50_000;
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Adds the entries of a file's bytes to `into`, the first of duplicate keys winning. Works in
 * slices of lines and yields between them, so a site loading a 100 MB file keeps serving.
 */
export async function readEntries(raw: Buffer, file: string, into: PhraseDictionary): Promise<FileReport> {
  const bytes = utf8Bytes(raw);
  const report: FileReport = { file, entries: 0, duplicates: 0, skipped: 0 };
  let start = 0;
  let line = 1;
  while (start < bytes.length) {
    const sliceEnd = line + LINES_PER_SLICE;
    while (start < bytes.length && line < sliceEnd) {
      let end = bytes.indexOf(0x0a, start);
      if (end < 0) end = bytes.length;
      const result = readLine(bytes, start, end, into);
      if (result === 'entry') report.entries++;
      else if (result === 'duplicate') report.duplicates++;
      else if (result === 'skipped') {
        report.skipped++;
        report.firstSkipped ??= `${file}:${line}`;
      }
      start = end + 1;
      line++;
    }
    if (start < bytes.length) await yieldToEventLoop();
  }
  return report;
}

/** The non-empty lines of a file (IgnoredChinesePhrases.txt: one phrase per line). */
export function readLines(raw: Buffer): string[] {
  return utf8Bytes(raw)
    .toString('utf8')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
}
