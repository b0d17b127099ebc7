import { PhraseDictionary } from './phraseDictionary';

export { PhraseDictionary } from './phraseDictionary';
export { emptyDictionaries, type ConvertDictionaries } from './qt/load';

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
  const meaning = firstMeaning(text, separator + 1, end);
  const rest = text.indexOf('/', separator + 1);
  into.set(key, meaning, rest >= 0 && rest < end ? text.slice(rest + 1, end) : '');
  return undefined;
}

/**
 * Parses the built-in `中文=nghĩa1/nghĩa2` lists into `into`: the first non-empty alternative is
 * the meaning, an empty meaning is kept (the converter drops such words), a later duplicate wins
 * (the operator's QuickTranslator files are read by qt/read.ts, as QuickTranslator reads them).
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
