import { digitsToVietnamese, numberToVietnamese } from '@/lib/text/vietnameseNumbers';

/**
 * Prepares chapter text for text-to-speech: numbers, dates, times and units become Vietnamese
 * words, common abbreviations are expanded, and decorations that voices spell out (***, ===,
 * "!!!") are removed while sentence punctuation stays for the pauses. Browser-safe: no lookbehind,
 * so older Safari parses it.
 */

/** A number in Vietnamese notation (1.000.000 / 3,5), or with a decimal point (3.5). */
const NUM = String.raw`\d{1,3}(?:\.\d{3})+(?:,\d+)?(?!\d)|\d+(?:[.,]\d+)?`;
/** The character before a whole word: none, or anything but a letter, digit or underscore. */
const BEFORE = String.raw`(^|[^\p{L}\p{N}_])`;
/** The end of a whole word. */
const AFTER = String.raw`(?=[^\p{L}\p{N}_]|$)`;

function words(body: string, flags = 'gu'): RegExp {
  return new RegExp(`${BEFORE}(${body})${AFTER}`, flags);
}

function capitalizeLike(source: string, replacement: string): string {
  const first = source.charAt(0);
  if (first !== first.toLocaleUpperCase('vi') || first === first.toLocaleLowerCase('vi')) return replacement;
  return replacement.charAt(0).toLocaleUpperCase('vi') + replacement.slice(1);
}

/** Reads a number token; phone-like digit runs (leading zero, very long) are read digit by digit. */
function readNumber(token: string): string {
  if (/^0\d+$/.test(token) || /^\d{16,}$/.test(token)) return digitsToVietnamese(token);
  return numberToVietnamese(token);
}

function readOrdinal(value: number): string {
  if (value === 1) return 'nhất';
  if (value === 4) return 'tư';
  return numberToVietnamese(value);
}

/** Months are said "tháng tư" for April, otherwise like the number. */
function readMonth(value: number): string {
  return value === 4 ? 'tư' : numberToVietnamese(value);
}

const isDay = (value: number) => value >= 1 && value <= 31;
const isMonth = (value: number) => value >= 1 && value <= 12;

const ROMAN_VALUES: Record<string, number> = { I: 1, V: 5, X: 10, L: 50, C: 100, D: 500, M: 1000 };

function romanToNumber(roman: string): number | undefined {
  let total = 0;
  for (let i = 0; i < roman.length; i += 1) {
    const value = ROMAN_VALUES[roman[i]];
    const next = ROMAN_VALUES[roman[i + 1]] ?? 0;
    total += value < next ? -value : value;
  }
  return /^M{0,3}(CM|CD|D?C{0,3})(XC|XL|L?X{0,3})(IX|IV|V?I{0,3})$/.test(roman) && total > 0 ? total : undefined;
}

/** Units read after a number; the longest spellings come first so "km/h" wins over "km". */
const UNITS: ReadonlyArray<readonly [string, string]> = [
  ['km/h', 'ki-lô-mét trên giờ'],
  ['km²', 'ki-lô-mét vuông'],
  ['km2', 'ki-lô-mét vuông'],
  ['m²', 'mét vuông'],
  ['m2', 'mét vuông'],
  ['km', 'ki-lô-mét'],
  ['kg', 'ki-lô-gam'],
  ['cm', 'xen-ti-mét'],
  ['mm', 'mi-li-mét'],
  ['mg', 'mi-li-gam'],
  ['ml', 'mi-li-lít'],
  ['ha', 'héc-ta'],
  ['°C', 'độ C'],
  ['°F', 'độ F'],
  ['VNĐ', 'đồng'],
  ['VND', 'đồng'],
  ['USD', 'đô la'],
  ['tr', 'triệu'],
  ['m', 'mét'],
  ['g', 'gam'],
  ['l', 'lít'],
  ['k', 'nghìn'],
  ['đ', 'đồng'],
];
const UNIT_READINGS = new Map(UNITS);
const UNIT_PATTERN = UNITS.map(([unit]) => unit.replace(/[/]/g, '\\/')).join('|');

/** Abbreviations written with dots, expanded before numbers are read. */
const DOTTED: ReadonlyArray<readonly [RegExp, string]> = [
  [/T[Pp]\.?\s?HCM|TPHCM/gu, 'thành phố Hồ Chí Minh'],
  [/T[Pp]\.\s?(?=\p{Lu})/gu, 'thành phố '],
  [/P[Gg][Ss]\.\s?(?=\p{Lu})/gu, 'phó giáo sư '],
  [/G[Ss]\.\s?(?=\p{Lu})/gu, 'giáo sư '],
  [/T[Hh]S\.\s?(?=\p{Lu})/gu, 'thạc sĩ '],
  [/TS\.\s?(?=\p{Lu})/gu, 'tiến sĩ '],
  [/Mrs\.\s?/gu, 'bà '],
  [/Mr\.\s?/gu, 'ông '],
  [/Ms\.\s?/gu, 'cô '],
];

/** Whole-word abbreviations of chat-style writing and of institutions. */
const WORDS: ReadonlyArray<readonly [RegExp, string]> = [
  [words('HCM'), 'Hồ Chí Minh'],
  [words('CLB'), 'câu lạc bộ'],
  [words('THPT'), 'trung học phổ thông'],
  [words('THCS'), 'trung học cơ sở'],
  [words('UBND'), 'ủy ban nhân dân'],
  [words('ĐH'), 'đại học'],
  [words('ko|Ko|KO|khg|hok'), 'không'],
  [words('k'), 'không'],
  [words('đc|dc|Đc|Dc'), 'được'],
  [words('vs'), 'với'],
  [words('mn'), 'mọi người'],
  [words('ntn'), 'như thế nào'],
  [words('trc'), 'trước'],
  [words('cx'), 'cũng'],
  [words('bh'), 'bây giờ'],
  [words('ng'), 'người'],
  [words('j'), 'gì'],
  [words('r'), 'rồi'],
  [words('ok|Ok|OK'), 'ô kê'],
  [words('km'), 'ki-lô-mét'],
  [words('kg'), 'ki-lô-gam'],
  [words('cm'), 'xen-ti-mét'],
  [words('mm'), 'mi-li-mét'],
];

/** Removes what voices read badly: decorations, emoji, quotes, brackets and repeated punctuation. */
function stripDecorations(text: string): string {
  return text
    .normalize('NFC')
    .replace(/\p{Extended_Pictographic}\uFE0F?/gu, ' ')
    .replace(/[*=~_#^|\\]{2,}|[*#|\\~^]/g, ' ')
    .replace(/^\s*[-–—―•·]+(?!\d)\s*/u, '')
    .replace(/(^|\D)\s+[-–]+\s+|\s-{2,}\s?|[—―]/gu, (_m, before?: string) => `${before ?? ''}, `)
    .replace(/["“”„‟«»「」『』〝〞‘’]/gu, '')
    .replace(/[()[\]{}【】〔〕〖〗<>《》]/gu, ', ')
    .replace(/&/g, ' và ')
    .replace(/[!?]*\?[!?]*/g, (marks) => (marks.length > 1 ? '?' : marks))
    .replace(/!{2,}/g, '!')
    // Ellipses become pauses voices make: a full stop before a capital or at the end, else a comma.
    .replace(/(?:\.{2,}|…)+/g, '…')
    .replace(/…(?=\s*[!?.,;:])/g, '')
    .replace(/…(?=\s*(?:\p{Lu}|$))/gu, '.')
    .replace(/…/g, ',')
    .replace(/([,;:])(?:\s*[,;:])+/g, '$1');
}

/** "v.v." ends the sentence when nothing or a capital follows, so its dot is kept then. */
function expandEtCetera(text: string): string {
  return text.replace(new RegExp(`${BEFORE}v\\.v\\.(?:\\.\\.)?`, 'gu'), (match, before: string, offset: number, whole: string) => {
    const rest = whole.slice(offset + match.length).trimStart();
    return `${before}vân vân${rest === '' || /^\p{Lu}/u.test(rest) ? '.' : ''}`;
  });
}

function expandAbbreviations(text: string, table: ReadonlyArray<readonly [RegExp, string]>, wholeWords: boolean): string {
  let result = text;
  for (const [pattern, replacement] of table) {
    result = wholeWords
      ? result.replace(pattern, (_m, before: string, word: string) => before + capitalizeLike(word, replacement))
      : result.replace(pattern, replacement);
  }
  return result;
}

function readDatesAndTimes(text: string): string {
  return text
    .replace(
      new RegExp(String.raw`(ngày\s+)?(\d{1,2})[/-](\d{1,2})[/-](\d{4})(?!\d)`, 'giu'),
      (match, prefix: string | undefined, d: string, m: string, y: string) =>
        isDay(+d) && isMonth(+m)
          ? `${prefix ?? 'ngày '}${numberToVietnamese(+d)} tháng ${readMonth(+m)} năm ${numberToVietnamese(y)}`
          : match,
    )
    .replace(new RegExp(String.raw`(ngày\s+)(\d{1,2})/(\d{1,2})(?![\d/])`, 'giu'), (match, prefix: string, d: string, m: string) =>
      isDay(+d) && isMonth(+m) ? `${prefix}${numberToVietnamese(+d)} tháng ${readMonth(+m)}` : match,
    )
    .replace(new RegExp(String.raw`(tháng\s+)?(\d{1,2})/(\d{4})(?!\d)`, 'giu'), (match, prefix: string | undefined, m: string, y: string) =>
      isMonth(+m) ? `${prefix ?? 'tháng '}${readMonth(+m)} năm ${numberToVietnamese(y)}` : match,
    )
    .replace(new RegExp(String.raw`(tháng\s+)(\d{1,2})${AFTER}`, 'giu'), (match, prefix: string, m: string) =>
      isMonth(+m) ? prefix + readMonth(+m) : match,
    )
    .replace(
      new RegExp(String.raw`${BEFORE}(\d{1,2})(?:h|:)(\d{2})?(\s?(?:phút|ph|p|'))?${AFTER}`, 'gu'),
      (match, before: string, h: string, m: string | undefined, unit: string | undefined) => {
        if (+h > 24 || (m !== undefined && +m > 59) || (m === undefined && match.includes(':'))) return match;
        const hours = `${numberToVietnamese(+h)} giờ`;
        if (m === undefined || +m === 0) return `${before}${hours}`;
        const minutes = numberToVietnamese(+m);
        return `${before}${hours} ${minutes}${unit || +m < 10 ? ' phút' : ''}`;
      },
    );
}

const CHAPTER_WORDS = String.raw`[Cc]hương|[Qq]uyển|[Hh]ồi|[Pp]hần|[Tt]ập|[Cc]uốn|[Tt]hứ`;

function readRomanAfterChapterWord(match: string, word: string, space: string, roman: string): string {
  const value = roman.length > 1 || 'IVX'.includes(roman) ? romanToNumber(roman) : undefined;
  if (value === undefined) return match;
  return `${word}${space}${word.toLowerCase() === 'thứ' ? readOrdinal(value) : numberToVietnamese(value)}`;
}

/** Ranges and signs are rewritten first while the digits stay, so units and "%" still follow a number. */
function readNumbers(text: string): string {
  return text
    .replace(new RegExp(String.raw`(${CHAPTER_WORDS})(\s+)([IVXLCDM]+)${AFTER}`, 'gu'), readRomanAfterChapterWord)
    .replace(new RegExp(String.raw`(thứ\s+)(\d+)${AFTER}`, 'giu'), (_m, prefix: string, n: string) => prefix + readOrdinal(+n))
    .replace(new RegExp(String.raw`(${NUM})\s?[-–]\s?(?=\d)`, 'gu'), (_m, a: string) => `${a} đến `)
    .replace(new RegExp(String.raw`(^|[\s,;:])[-−](?=\d)`, 'gu'), '$1âm ')
    .replace(new RegExp(String.raw`(${NUM})\s?%`, 'gu'), (_m, n: string) => `${readNumber(n)} phần trăm`)
    .replace(/\$\s?(\d[\d.,]*\d|\d)/g, (_m, n: string) => `${readNumber(n)} đô la`)
    .replace(new RegExp(String.raw`(${NUM})\s?(${UNIT_PATTERN})${AFTER}`, 'gu'), (_m, n: string, unit: string) =>
      `${readNumber(n)} ${UNIT_READINGS.get(unit) ?? unit}`,
    )
    .replace(/(\d+)\/(\d+)/g, (_m, a: string, b: string) => `${readNumber(a)} trên ${readNumber(b)}`)
    .replace(new RegExp(NUM, 'gu'), (n) => readNumber(n));
}

/** Collapses spaces and the stray commas left by removed brackets and dashes. */
function tidy(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .replace(/\s+([,.;:!?])/g, '$1')
    .replace(/([,;:])(?:[,;:])+/g, '$1')
    .replace(/([.!?])[,;:]+/g, '$1')
    .replace(/[,;:]+(?=[.!?])/g, '')
    .replace(/^[\s,;:.]+/, '')
    .replace(/[,;:]+$/, '')
    .replace(/([,;:])(?=[^\s\d])/gu, '$1 ')
    .trim();
}

export function toSpeechText(text: string): string {
  let result = stripDecorations(text);
  result = expandEtCetera(result);
  result = expandAbbreviations(result, DOTTED, false);
  result = readDatesAndTimes(result);
  result = readNumbers(result);
  result = expandAbbreviations(result, WORDS, true);
  return tidy(result);
}

/** Sentence ends: terminal punctuation, any closing quote or bracket, then a space. */
const SENTENCE_END = /[.!?…]+["”’)\]]*\s+/gu;
/** Clause ends inside a sentence. */
const CLAUSE_END = /[,;:]\s+/gu;

/** Splits after each match of `separator` (a global pattern ending in whitespace), keeping the punctuation. */
function splitAfter(text: string, separator: RegExp): string[] {
  const pieces: string[] = [];
  let start = 0;
  for (const match of text.matchAll(separator)) {
    const end = (match.index ?? 0) + match[0].length;
    pieces.push(text.slice(start, end));
    start = end;
  }
  pieces.push(text.slice(start));
  return pieces.map((piece) => piece.trim()).filter(Boolean);
}

/** Joins consecutive pieces while they fit, so utterances are few but none is too long. */
function pack(pieces: string[], maxLen: number, joiner: string): string[] {
  const chunks: string[] = [];
  let current = '';
  for (const piece of pieces) {
    const candidate = current ? current + joiner + piece : piece;
    if (candidate.length <= maxLen) current = candidate;
    else {
      if (current) chunks.push(current);
      current = piece;
    }
  }
  if (current) chunks.push(current);
  return chunks;
}

function splitLong(piece: string, maxLen: number): string[] {
  if (piece.length <= maxLen) return [piece];
  const clauses = splitAfter(piece, CLAUSE_END);
  if (clauses.length > 1) return pack(clauses.flatMap((c) => splitLong(c, maxLen)), maxLen, ' ');
  const wordsOfPiece = piece.split(/\s+/u).filter(Boolean);
  if (wordsOfPiece.length > 1) return pack(wordsOfPiece.flatMap((w) => splitLong(w, maxLen)), maxLen, ' ');
  const parts: string[] = [];
  for (let i = 0; i < piece.length; i += maxLen) parts.push(piece.slice(i, i + maxLen));
  return parts;
}

/**
 * Splits a paragraph into utterances of at most `maxLen` characters: at sentence ends first,
 * then at commas, then between words. Browsers cut off very long utterances.
 */
export function splitSpeechChunks(text: string, maxLen = 200): string[] {
  if (!Number.isInteger(maxLen) || maxLen < 1) throw new RangeError(`maxLen must be a positive integer, got ${maxLen}`);
  const sentences = splitAfter(text, SENTENCE_END);
  return pack(sentences.flatMap((sentence) => splitLong(sentence, maxLen)), maxLen, ' ');
}
