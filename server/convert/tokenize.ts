import { detectNames, statedNameAt } from './names';
import type { PhraseDictionary } from './phraseDictionary';
import { andYouAt, congPreposition, isAdverbialParticle, isCannotOutdo, isConditionalDehua, isComplementDe, isGettingUp, isGrabYiba, isMustDe, isObjectJiang, isProgressiveZai, isSuddenActionYi, isWantingXiang, isWhenDang, localiserAfterNoun } from './particles';
import { matchPunctuation, type PunctuationMark } from './punctuation';
import { QtLineMatcher, type QtSources } from './qt/match';
import { demonstrativeMeasureAt, quantityAt } from './quantities';
import { segmentLine, type Segment } from './segment';
import { placeAt, pluralAt, possessiveAt } from './wordOrder';
import { isLexicalWord, isTimeSpan, startsWordWithoutNumber } from './wordKinds';

/** How a word was converted: the quality report counts Han characters by origin. */
export type WordOrigin = 'dictionary' | 'phrase' | 'name' | 'number' | 'hanviet-word' | 'hanviet' | 'unknown' | 'latin';

/** A word or mark of a line; `from` and `to` are its characters in the line that was tokenized. */
export type Token =
  | { kind: 'word'; text: string; origin: WordOrigin; han: number; from: number; to: number }
  | { kind: 'punctuation'; mark: PunctuationMark; from: number; to: number };

/** What a line is converted with. */
export interface TokenizeContext {
  /** The story's names and the operator's dictionaries, matched as QuickTranslator matches them. */
  qt?: QtSources;
  /** The built-in phrase list: a match must end where a word of the segmenter ends. */
  phrases: PhraseDictionary;
  /** Hán-Việt readings of whole words where a character has more than one (长老 trưởng lão). */
  wordReadings: PhraseDictionary;
  reading: (character: string) => string | undefined;
  /**
   * QuickTranslator's own conversion (a whole QT set, ChinesePhienAmWords included): where no
   * entry of the operator's files matches, the character's reading, with no segmenter, built-in
   * phrase, number rule or found name.
   */
  qtAlone?: boolean;
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

/** Hán-Việt of the characters [start, end), whole-word readings first. */
export function hanVietOf(line: string, start: number, end: number, context: Pick<TokenizeContext, 'wordReadings' | 'reading'>): string {
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

/** What the segmenter and the name finder said about a line, and its QuickTranslator matcher. */
interface LineContext {
  boundaries: ReadonlySet<number>;
  segmentOf: readonly (Segment | undefined)[];
  names: ReadonlyMap<number, number>;
  qt?: QtLineMatcher;
}

interface Choice {
  length: number;
  text: string;
  origin: WordOrigin;
}

/** 姓韩名立 → "họ Hàn tên Lập". */
function statedName(line: string, position: number, context: TokenizeContext): Choice | undefined {
  const stated = statedNameAt(line, position);
  if (!stated) return undefined;
  const surname = titleCase(hanVietOf(line, ...stated.surname, context));
  const given = titleCase(hanVietOf(line, ...stated.given, context));
  return { length: stated.end - position, text: `họ ${surname} tên ${given}`, origin: 'name' };
}

function longestCandidate(candidates: readonly (Choice | undefined)[]): Choice | undefined {
  let best: Choice | undefined;
  for (const candidate of candidates) if (candidate && (!best || candidate.length > best.length)) best = candidate;
  return best;
}

/** 在, 将, 得, 当, 想, 从 and localisers read by the words around them (particles.ts); undefined for any other. */
function particleAt(line: string, position: number, segmentOf: LineContext['segmentOf']): string | undefined {
  if (isProgressiveZai(line, position, segmentOf)) return 'đang';
  if (isObjectJiang(line, position, segmentOf)) return 'đem';
  if (isComplementDe(line, position, segmentOf)) return 'được';
  if (isMustDe(line, position, segmentOf)) return 'phải';
  if (isWhenDang(line, position, segmentOf)) return 'khi';
  if (isWantingXiang(line, position, segmentOf)) return 'muốn';
  const cong = congPreposition(line, position, segmentOf);
  if (cong) return cong;
  return localiserAfterNoun(line, position, segmentOf);
}

/**
 * The conversion at a Chinese character: a match of the story's names and the operator's
 * dictionaries (QuickTranslator's rules) if there is one; else the longest of a built-in phrase
 * ending on a word boundary, a number and a detected name (ties in that order); else 地 where
 * the segmenter tags it as the adverbial particle (dropped), the Hán-Việt reading of a word the
 * list does not know, a built-in phrase inside the segmenter's word (这 of 这是), the Hán-Việt
 * reading of a word with its own reading, or of the character.
 */
function chooseAt(line: string, position: number, context: TokenizeContext, lineContext: LineContext): Choice {
  const segment = lineContext.segmentOf[position];
  const operator = lineContext.qt?.matchAt(position);
  if (operator) {
    return { length: operator.length, text: operator.isName ? titleCase(operator.text) : operator.text, origin: operator.isName ? 'name' : 'dictionary' };
  }
  if (context.qtAlone) return characterReading(line, position, context);
  const read = (start: number, end: number) => context.phrases.get(line.slice(start, end)) ?? hanVietOf(line, start, end, context);
  const { segmentOf } = lineContext;
  const reordered = placeAt(line, position, segmentOf, read) ?? possessiveAt(line, position, segmentOf, read) ?? pluralAt(line, position, segmentOf, read);
  if (reordered && !lineContext.qt?.nameOverruns(position, position + reordered.length)) return { ...reordered, origin: 'phrase' };
  if (isAdverbialParticle(line, position, segmentOf)) return { length: 1, text: '', origin: 'phrase' };
  // The built-in data never cuts into a name of the story or the operator (大 + 林晓, not 大林 + 晓).
  const keepsNames = (end: number) => !lineContext.qt?.nameOverruns(position, end);
  if (isCannotOutdo(line, position, segmentOf)) return { length: 2, text: 'không lại', origin: 'phrase' };
  if (isConditionalDehua(line, position)) return { length: 2, text: '', origin: 'phrase' };
  if (isGettingUp(line, position, segmentOf)) return { length: 2, text: 'đứng lên', origin: 'phrase' };
  if (isGrabYiba(line, position, segmentOf)) return { length: 2, text: 'một phen', origin: 'phrase' };
  if (isSuddenActionYi(line, position, segmentOf) && !context.phrases.has(line.slice(position, position + 2))) return { length: 1, text: '', origin: 'phrase' };
  const andYou = andYouAt(line, position);
  if (andYou) return { length: 2, text: andYou, origin: 'phrase' };
  const phraseLength = context.phrases.longestMatchLengthWhere(line, position, Infinity, (end) => lineContext.boundaries.has(end) && keepsNames(end));
  const measureWord = segmentOf[position + 1];
  const demonstrative = phraseLength <= 1 && measureWord && measureWord.end <= position + 2 ? demonstrativeMeasureAt(line, position) : undefined;
  if (demonstrative) return { ...demonstrative, origin: 'number' };
  if (phraseLength <= 1) {
    const particle = particleAt(line, position, lineContext.segmentOf);
    if (particle !== undefined) return { length: 1, text: particle, origin: 'phrase' };
  }
  const phrase: Choice | undefined = phraseLength > 0 ? { length: phraseLength, text: context.phrases.get(line.slice(position, position + phraseLength)) ?? '', origin: 'phrase' } : undefined;
  // Right after Arabic digits a measure word is one (3个人 → "3 người", not 个人 "cá nhân").
  const afterDigits = /\d/.test(line.charAt(position - 1));
  const quantity = !afterDigits && startsWordWithoutNumber(segment, position) && !isTimeSpan(line, segment!) ? undefined : quantityAt(line, position);
  if (quantity && afterDigits) return { ...quantity, origin: 'number' };
  const nameEnd = lineContext.names.get(position);
  const name: Choice | undefined = nameEnd === undefined ? undefined : { length: nameEnd - position, text: titleCase(hanVietOf(line, position, nameEnd, context)), origin: 'name' };
  const candidates = [phrase, quantity && { ...quantity, origin: 'number' as const }, name, statedName(line, position, context)];
  const best = longestCandidate(candidates.filter((candidate) => candidate && keepsNames(position + candidate.length)));
  if (best) return best.origin === 'phrase' ? withPlural(line, position, best, segmentOf) : best;
  // 教教, 试试: a verb said twice is said twice in Vietnamese ("dạy dạy"), not read in Hán-Việt.
  const single = segment?.start === position && segment.end === position + 2 && line[position] === line[position + 1] ? context.phrases.get(line[position]) : undefined;
  if (single) return { length: 2, text: `${single} ${single}`, origin: 'phrase' };
  const sound = soundOf(line, position, segment, context);
  if (sound && keepsNames(segment!.end)) return { length: segment!.end - position, text: sound, origin: 'phrase' };
  if (segment && isLexicalWord(line, segment, position) && keepsNames(segment.end)) {
    return { length: segment.end - position, text: hanVietOf(line, position, segment.end, context), origin: 'hanviet-word' };
  }

  const wordEnd = segment?.end ?? position + 1;
  const inWord = context.phrases.longestMatchLengthWhere(line, position, wordEnd - position, keepsNames);
  const wordLength = context.wordReadings.longestMatchLengthWhere(line, position, wordEnd - position, keepsNames);
  if (inWord > 0 && inWord >= wordLength) {
    return { length: inWord, text: context.phrases.get(line.slice(position, position + inWord)) ?? '', origin: 'phrase' };
  }
  if (wordLength > 1) {
    return { length: wordLength, text: context.wordReadings.get(line.slice(position, position + wordLength)) ?? '', origin: 'hanviet-word' };
  }
  return characterReading(line, position, context);
}

/** 呼吸声, 敲门声: a word of the segmenter made of a listed word and 声 is the sound of it, "tiếng hít thở". */
function soundOf(line: string, position: number, segment: Segment | undefined, context: TokenizeContext): string | undefined {
  if (segment?.start !== position || segment.end - position !== 3 || line[segment.end - 1] !== '声') return undefined;
  const what = context.phrases.get(line.slice(position, segment.end - 1));
  return what ? `tiếng ${what}` : undefined;
}

/** 外门弟子们: a phrase that ends on a noun before the plural 们 is said with "các" before it. */
function withPlural(line: string, position: number, choice: Choice, segmentOf: LineContext['segmentOf']): Choice {
  const end = position + choice.length;
  const suffix = segmentOf[end];
  const noun = segmentOf[end - 1];
  if (line[end] !== '们' || suffix?.start !== end || suffix.end !== end + 1 || !noun || !/^n[gsz]?$/.test(noun.tag) || noun.end !== end) return choice;
  return { ...choice, length: choice.length + 1, text: `các ${choice.text}` };
}

function characterReading(line: string, position: number, context: TokenizeContext): Choice {
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
  const segments = !context.qtAlone && /\p{Script=Han}/u.test(line) ? segmentLine(line) : [];
  const boundaries = new Set<number>([0, line.length]);
  const segmentOf: (Segment | undefined)[] = new Array(line.length);
  for (const segment of segments) {
    boundaries.add(segment.end);
    for (let index = segment.start; index < segment.end; index++) segmentOf[index] = segment;
  }
  const names = detectNames(line, segments, (word) => /^\p{Ll}/u.test(context.phrases.get(word) ?? ''));
  for (const end of names.values()) boundaries.add(end);
  const lineContext: LineContext = { boundaries, segmentOf, names, qt: context.qt && new QtLineMatcher(line, context.qt) };

  const tokens: Token[] = [];
  let quoteOpen = false;
  let position = 0;
  while (position < line.length) {
    const codePoint = line.codePointAt(position)!;
    if (isHan(codePoint)) {
      const choice = chooseAt(line, position, context, lineContext);
      const han = countHan(line.slice(position, position + choice.length));
      tokens.push({ kind: 'word', text: choice.text, origin: choice.origin, han, from: position, to: position + choice.length });
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
      tokens.push({ kind: 'punctuation', mark, from: position, to: position + punctuation.length });
      position += punctuation.length;
      continue;
    }
    const end = latinRunEnd(line, position);
    tokens.push({ kind: 'word', text: line.slice(position, end), origin: 'latin', han: 0, from: position, to: end });
    position = end;
  }
  return tokens;
}
