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

/** Parses the line text[start, end) into `into`; comments and lines without a key are skipped. */
function parseLine(text: string, start: number, end: number, into: PhraseDictionary): void {
  let first = start;
  while (first < end && (text[first] === ' ' || text[first] === '\t')) first++;
  if (text[first] === '#' || text.startsWith('//', first)) return;
  const separator = text.indexOf('=', first);
  if (separator <= first || separator >= end) return;
  const key = text.slice(first, separator).trim();
  if (key) into.set(key, firstMeaning(text, separator + 1, end));
}

/**
 * Parses `中文=nghĩa1/nghĩa2` lines into `into`. Blank lines, `#` and `//` comments and lines
 * without a key are skipped; an empty meaning is kept (the converter drops such words). Lines
 * are scanned in place rather than split, which matters for million-line VietPhrase files.
 */
export function parseDictionary(text: string, into = new PhraseDictionary()): PhraseDictionary {
  let start = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  while (start < text.length) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    parseLine(text, start, end, into);
    start = end + 1;
  }
  return into;
}

/** Loads and merges dictionary files in order; a later file overrides an earlier one. */
export function loadDictionaryFiles(paths: readonly string[], variable = 'dictionary'): PhraseDictionary {
  const dictionary = new PhraseDictionary();
  for (const path of paths) {
    let text: string;
    try {
      text = readFileSync(path, 'utf8');
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new Error(`${variable}: cannot read dictionary file ${path} (${reason})`);
    }
    parseDictionary(text, dictionary);
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
