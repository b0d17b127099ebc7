import { MEASURE_WORDS } from './measures';
import { detectNames } from './names';
import { isNumeral, parseChineseNumber, vietnameseNumber, vietnameseOrdinal } from './numbers';
import type { PhraseDictionary } from './phraseDictionary';
import { matchPunctuation, type PunctuationMark } from './punctuation';
import { segmentLine, type Segment } from './segment';

/** How a word was converted: the quality report counts Han characters by origin. */
export type WordOrigin = 'dictionary' | 'phrase' | 'name' | 'number' | 'hanviet-word' | 'hanviet' | 'unknown' | 'latin';

export type Token =
  | { kind: 'word'; text: string; origin: WordOrigin; han: number }
  | { kind: 'punctuation'; mark: PunctuationMark };

/** A dictionary tried by the longest match; earlier sources win ties. Names are title-cased. */
export interface MatchSource {
  dictionary: PhraseDictionary;
  isNames: boolean;
}

/** What a line is converted with. */
export interface TokenizeContext {
  /** The story's names, Names and VietPhrase: plain longest match, as QuickTranslator does. */
  sources: readonly MatchSource[];
  /** The built-in phrase list: a match must end where a word of the segmenter ends. */
  phrases: PhraseDictionary;
  /** Hán-Việt readings of whole words where a character has more than one (长老 trưởng lão). */
  wordReadings: PhraseDictionary;
  reading: (character: string) => string | undefined;
}

/** CJK unified ideographs (with extensions A–H), compatibility ideographs and 〇. */
export function isHan(codePoint: number): boolean {
  return (
    (codePoint >= 0x4e00 && codePoint <= 0x9fff) ||
    (codePoint >= 0x3400 && codePoint <= 0x4dbf) ||
    (codePoint >= 0x20000 && codePoint <= 0x323af) ||
    (codePoint >= 0xf900 && codePoint <= 0xfaff) ||
    codePoint === 0x3007
  );
}

/** "tiêu viêm" → "Tiêu Viêm": the first letter of every word upper-cased, the rest kept. */
export function titleCase(text: string): string {
  return text.replace(/(^|[\s"'«(\[—·-])(\p{L})/gu, (_, before: string, letter: string) => before + letter.toUpperCase());
}

function isSpace(char: string): boolean {
  return char === ' ' || char === '\t' || char === '\r' || char === '\u00a0';
}

/**
 * End of a run of text that is neither Chinese, space nor punctuation (Latin words, digits).
 * A '.', ',' or ':' between two digits stays inside the run ("3.5", "10:30").
 */
function latinRunEnd(line: string, start: number): number {
  let end = start;
  while (end < line.length) {
    const codePoint = line.codePointAt(end)!;
    const char = line[end];
    if (isHan(codePoint) || isSpace(char)) break;
    const betweenDigits = /[.,:]/.test(char) && /\d/.test(line[end - 1] ?? '') && /\d/.test(line[end + 1] ?? '');
    if (!betweenDigits && matchPunctuation(line, end, false)) break;
    end += codePoint > 0xffff ? 2 : 1;
  }
  return end;
}

/** The longest operator dictionary match at `start`: longest across all sources, the earlier source on a tie. */
function longestSourceMatch(line: string, start: number, sources: readonly MatchSource[]) {
  let best: { length: number; source: MatchSource } | undefined;
  for (const source of sources) {
    const length = source.dictionary.longestMatchLength(line, start);
    if (length > 0 && (!best || length > best.length)) best = { length, source };
  }
  return best;
}

function measureAt(line: string, start: number): string | undefined {
  for (const length of [2, 1]) {
    const word = line.slice(start, start + length);
    if (word.length === length && MEASURE_WORDS[word] !== undefined) return word;
  }
  return undefined;
}

/** A unit after Arabic digits is said alone: 3.5万 → "3.5 vạn". */
const UNIT_WORDS: Readonly<Record<string, string>> = { 十: 'mươi', 百: 'trăm', 千: 'ngàn', 万: 'vạn', 亿: 'ức' };

/**
 * A number at `start`: a run of Chinese numerals (一百二十三, 三万五千, 两), optionally after 第
 * (an ordinal) and before a measure word. 三个人 → "ba người" (个 is not said before a noun),
 * 第三天 → "ngày thứ ba".
 */
function numberAt(line: string, start: number): { length: number; text: string } | undefined {
  const ordinal = line[start] === '第';
  let end = ordinal ? start + 1 : start;
  // 两 starts a number (两千, 两个) but after a numeral it is the weight tael: 二十两 → 20 lượng.
  while (end < line.length && isNumeral(line[end]) && !(line[end] === '两' && end > (ordinal ? start + 1 : start))) end++;
  const digits = line.slice(ordinal ? start + 1 : start, end);
  if (digits.length === 0) return undefined;
  const afterDigit = !ordinal && /\d/.test(line[start - 1] ?? '') && UNIT_WORDS[digits] !== undefined;
  const value = parseChineseNumber(digits);
  if (value === null) return undefined;
  const measure = measureAt(line, end);
  const spoken = afterDigit ? UNIT_WORDS[digits] : ordinal ? vietnameseOrdinal(value) : vietnameseNumber(value);
  if (!measure) return { length: end - start, text: spoken };
  const length = end + measure.length - start;
  const nextIsHan = isHan(line.codePointAt(start + length) ?? 0);
  const classifier = measure === '个' && nextIsHan ? '' : MEASURE_WORDS[measure];
  if (ordinal) return { length, text: classifier ? `${classifier} ${spoken}` : spoken };
  return { length, text: classifier ? `${spoken} ${classifier}` : spoken };
}

/** Hán-Việt of the characters [start, end), whole-word readings first. */
function hanVietOf(line: string, start: number, end: number, context: TokenizeContext): string {
  const syllables: string[] = [];
  let position = start;
  while (position < end) {
    const wordLength = context.wordReadings.longestMatchLengthWhere(line, position, end - position, () => true);
    if (wordLength > 0) {
      syllables.push(context.wordReadings.get(line.slice(position, position + wordLength)) ?? '');
      position += wordLength;
      continue;
    }
    const character = String.fromCodePoint(line.codePointAt(position)!);
    syllables.push(context.reading(character) ?? character);
    position += character.length;
  }
  return syllables.filter(Boolean).join(' ');
}

interface Choice {
  length: number;
  text: string;
  origin: WordOrigin;
}

/**
 * The conversion at a Chinese character: the longest of an operator dictionary match, a
 * built-in phrase ending on a word boundary, a number and a detected name (ties in that order);
 * else 地 where the segmenter tags it as the adverbial particle (dropped), a built-in phrase
 * inside the segmenter's word (这 of 这是), the Hán-Việt reading of a word with its own reading,
 * or of the character.
 */
function chooseAt(
  line: string,
  position: number,
  context: TokenizeContext,
  boundaries: ReadonlySet<number>,
  names: ReadonlyMap<number, number>,
  segment: Segment | undefined,
): Choice {
  const wordEnd = segment?.end ?? position + 1;
  const candidates: Choice[] = [];
  const operator = longestSourceMatch(line, position, context.sources);
  if (operator) {
    const meaning = operator.source.dictionary.get(line.slice(position, position + operator.length)) ?? '';
    candidates.push({
      length: operator.length,
      text: operator.source.isNames ? titleCase(meaning) : meaning,
      origin: operator.source.isNames ? 'name' : 'dictionary',
    });
  }
  const phraseLength = context.phrases.longestMatchLengthWhere(line, position, Infinity, (end) => boundaries.has(end));
  if (phraseLength > 0) {
    candidates.push({ length: phraseLength, text: context.phrases.get(line.slice(position, position + phraseLength)) ?? '', origin: 'phrase' });
  }
  const number = numberAt(line, position);
  if (number) candidates.push({ ...number, origin: 'number' });
  const nameEnd = names.get(position);
  if (nameEnd !== undefined) {
    candidates.push({ length: nameEnd - position, text: titleCase(hanVietOf(line, position, nameEnd, context)), origin: 'name' });
  }
  let best: Choice | undefined;
  for (const candidate of candidates) if (!best || candidate.length > best.length) best = candidate;
  if (best) return best;
  if (segment && segment.start === position && segment.end === position + 1 && segment.tag === 'uv') {
    return { length: 1, text: '', origin: 'phrase' };
  }

  const inWord = context.phrases.longestMatchLengthWhere(line, position, wordEnd - position, () => true);
  const wordLength = context.wordReadings.longestMatchLengthWhere(line, position, wordEnd - position, () => true);
  if (inWord > 0 && inWord >= wordLength) {
    return { length: inWord, text: context.phrases.get(line.slice(position, position + inWord)) ?? '', origin: 'phrase' };
  }
  if (wordLength > 1) {
    return { length: wordLength, text: context.wordReadings.get(line.slice(position, position + wordLength)) ?? '', origin: 'hanviet-word' };
  }
  const character = String.fromCodePoint(line.codePointAt(position)!);
  const reading = context.reading(character);
  return { length: character.length, text: reading ?? character, origin: reading ? 'hanviet' : 'unknown' };
}

function countHan(text: string): number {
  let count = 0;
  for (const char of text) if (isHan(char.codePointAt(0)!)) count++;
  return count;
}

/**
 * Splits one line (already simplified and width-normalised) into Vietnamese words and
 * punctuation marks, left to right, over the segmenter's words.
 */
export function tokenizeLine(line: string, context: TokenizeContext): Token[] {
  const segments = /\p{Script=Han}/u.test(line) ? segmentLine(line) : [];
  const boundaries = new Set<number>([0, line.length]);
  const segmentOf: (Segment | undefined)[] = new Array(line.length);
  for (const segment of segments) {
    boundaries.add(segment.end);
    for (let index = segment.start; index < segment.end; index++) segmentOf[index] = segment;
  }
  const names = detectNames(line, segments);
  for (const end of names.values()) boundaries.add(end);

  const tokens: Token[] = [];
  let quoteOpen = false;
  let position = 0;
  while (position < line.length) {
    const codePoint = line.codePointAt(position)!;
    if (isHan(codePoint)) {
      const choice = chooseAt(line, position, context, boundaries, names, segmentOf[position]);
      const han = countHan(line.slice(position, position + choice.length));
      if (choice.text) tokens.push({ kind: 'word', text: choice.text, origin: choice.origin, han });
      else tokens.push({ kind: 'word', text: '', origin: choice.origin, han });
      position += choice.length;
      continue;
    }
    if (isSpace(line[position])) {
      position++;
      continue;
    }
    const punctuation = matchPunctuation(line, position, quoteOpen);
    if (punctuation) {
      const { mark } = punctuation;
      if (mark.text === '"') quoteOpen = mark.spacing === 'opening';
      tokens.push({ kind: 'punctuation', mark });
      position += punctuation.length;
      continue;
    }
    const end = latinRunEnd(line, position);
    tokens.push({ kind: 'word', text: line.slice(position, end), origin: 'latin', han: 0 });
    position = end;
  }
  return tokens;
}
