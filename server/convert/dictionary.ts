import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { logger } from '@/server/logger';
import { PhraseDictionary } from './phraseDictionary';

export { PhraseDictionary } from './phraseDictionary';

/** The operator's dictionaries: global Names (proper nouns) and VietPhrase (words and phrases). */
export interface ConvertDictionaries {
  names: PhraseDictionary;
  vietPhrase: PhraseDictionary;
}

/** A line that is neither a `key=meaning` entry, a comment nor blank. */
export class DictionaryFormatError extends Error {
  constructor(
    readonly file: string,
    readonly line: number,
    reason: string,
  ) {
    super(`${file}:${line}: ${reason}`);
    this.name = 'DictionaryFormatError';
  }
}

/**
 * Decodes a dictionary file: UTF-8 or UTF-16 (little or big endian), with or without a
 * byte-order mark. QuickTranslator ships its files as UTF-16LE with a BOM. Without a BOM,
 * UTF-16 shows as zero bytes in every other position (Chinese and ASCII text both have them).
 */
export function decodeDictionary(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return new TextDecoder('utf-8').decode(bytes.subarray(3));
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
  if (zeroOdd > threshold && zeroOdd > zeroEven * 4) return new TextDecoder('utf-16le').decode(bytes);
  if (zeroEven > threshold && zeroEven > zeroOdd * 4) return new TextDecoder('utf-16be').decode(bytes);
  return new TextDecoder('utf-8').decode(bytes);
}

/** The first non-empty meaning of "nghĩa1/nghĩa2" in text[start, end), or "" when all are empty. */
function firstMeaning(text: string, start: number, end: number): string {
  let from = start;
  while (from < end) {
    let to = text.indexOf('/', from);
    if (to < 0 || to > end) to = end;
    const meaning = text.slice(from, to).trim();
    if (meaning) return meaning;
    from = to + 1;
  }
  return '';
}

/** Parses the line text[start, end) into `into`; returns a reason when the line is malformed. */
function parseLine(text: string, start: number, end: number, into: PhraseDictionary): string | undefined {
  let first = start;
  while (first < end && /\s/.test(text[first])) first++;
  if (first >= end || text[first] === '#' || text.startsWith('//', first)) return undefined;
  const separator = text.indexOf('=', first);
  if (separator < 0 || separator >= end) return 'expected "中文=nghĩa" (no "=" on the line)';
  const key = text.slice(first, separator).trim();
  if (!key) return 'empty Chinese key before "="';
  if (text.slice(first, end).includes('\uFFFD')) return 'undecodable bytes (save the file as UTF-8 or UTF-16)';
  into.set(key, firstMeaning(text, separator + 1, end));
  return undefined;
}

/**
 * Parses `中文=nghĩa1/nghĩa2` lines into `into`: the first non-empty alternative is the
 * meaning, an empty meaning is kept (the converter drops such words), a later duplicate wins.
 * Blank lines and `#` or `//` comments are skipped; any other line without a key and "=" is an
 * error naming `file` and the line number. Lines are scanned in place rather than split, which
 * matters for million-line VietPhrase files; CRLF line ends are fine.
 */
export function parseDictionary(text: string, into = new PhraseDictionary(), file = 'dictionary'): PhraseDictionary {
  let start = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let line = 1;
  while (start < text.length) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    const lineEnd = text[end - 1] === '\r' ? end - 1 : end;
    const problem = parseLine(text, start, lineEnd, into);
    if (problem) throw new DictionaryFormatError(file, line, problem);
    start = end + 1;
    line++;
  }
  return into;
}

/** Loads and merges dictionary files in order; a later file overrides an earlier one. */
export function loadDictionaryFiles(paths: readonly string[], variable = 'dictionary'): PhraseDictionary {
  const dictionary = new PhraseDictionary();
  for (const path of paths) {
    let bytes: Uint8Array;
    try {
      bytes = readFileSync(path);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new Error(`${variable}: cannot read dictionary file ${path} (${reason})`);
    }
    try {
      parseDictionary(decodeDictionary(bytes), dictionary, path);
    } catch (error) {
      if (error instanceof DictionaryFormatError) throw new Error(`${variable}: ${error.message}`);
      throw error;
    }
  }
  return dictionary;
}

const ZPathList = z
  .string()
  .optional()
  .transform((value) => (value ?? '').split(',').map((path) => path.trim()).filter(Boolean));

const ZConvertEnv = z.object({
  CONVERT_VIETPHRASE_FILES: ZPathList,
  CONVERT_NAMES_FILES: ZPathList,
});

let cached: { key: string; dictionaries: ConvertDictionaries } | undefined;

/**
 * The dictionaries named by CONVERT_VIETPHRASE_FILES and CONVERT_NAMES_FILES (comma-separated
 * paths, both optional), loaded once per process and reloaded only if the configuration changes.
 */
export function loadDictionariesFromEnv(source: Readonly<Record<string, string | undefined>> = process.env): ConvertDictionaries {
  const config = ZConvertEnv.parse(source);
  const key = JSON.stringify(config);
  if (cached?.key === key) return cached.dictionaries;
  const started = performance.now();
  const dictionaries: ConvertDictionaries = {
    vietPhrase: loadDictionaryFiles(config.CONVERT_VIETPHRASE_FILES, 'CONVERT_VIETPHRASE_FILES'),
    names: loadDictionaryFiles(config.CONVERT_NAMES_FILES, 'CONVERT_NAMES_FILES'),
  };
  logger.info(
    {
      vietPhrase: dictionaries.vietPhrase.size,
      names: dictionaries.names.size,
      ms: Math.round(performance.now() - started),
    },
    'convert dictionaries loaded',
  );
  cached = { key, dictionaries };
  return dictionaries;
}
