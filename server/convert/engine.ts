import { builtInPhrases, builtInWordReadings } from './builtIn';
import { emptyDictionaries, type ConvertDictionaries } from './dictionary';
import { parseHeading } from './headings';
import { hanVietReading } from './hanviet/table';
import { joinTokens, type TokenPlace } from './join';
import { PhraseDictionary } from './phraseDictionary';
import { currentDictionaries } from './operatorDictionaries';
import { normalizeWidth } from './punctuation';
import { simplify } from './simplify';
import { titleCase, tokenizeLine, type Token, type TokenizeContext, type WordOrigin } from './tokenize';

export interface ConvertOptions {
  /**
   * Names of this story (中文 → Vietnamese); they beat every dictionary on equal length. An
   * entry written in lower case ("tiếng chuông") is a word, used as written; any other is a name
   * (every word capitalised).
   */
  names?: Readonly<Record<string, string>>;
  /** The operator's dictionaries; defaults to those configured in the environment, once loaded. */
  dictionaries?: ConvertDictionaries;
}

interface StoryList {
  names: PhraseDictionary;
  words: PhraseDictionary;
}

const storyLists = new WeakMap<object, StoryList>();

/** An entry of a story's list that starts with a lower-case letter is a word's meaning, not a name. */
function isWordEntry(meaning: string): boolean {
  return /^\p{Ll}/u.test(meaning.trim());
}

function storyListDictionaries(list: Readonly<Record<string, string>>): StoryList {
  let dictionaries = storyLists.get(list);
  if (!dictionaries) {
    const entries = Object.entries(list);
    dictionaries = {
      names: PhraseDictionary.fromRecord(Object.fromEntries(entries.filter(([, meaning]) => !isWordEntry(meaning)))),
      words: PhraseDictionary.fromRecord(Object.fromEntries(entries.filter(([, meaning]) => isWordEntry(meaning)))),
    };
    storyLists.set(list, dictionaries);
  }
  return dictionaries;
}

/**
 * The story's names and the operator's dictionaries are matched first, as QuickTranslator
 * matches them (story names before Names before VietPhrase). With a whole QuickTranslator set
 * (its ChinesePhienAmWords among the files) the conversion is QT's alone: a character no entry
 * covers gets its ChinesePhienAmWords reading and a heading is read like any line, as in QT.
 * Otherwise the built-in list, numbers, found names and Hán-Việt readings fill in where the
 * operator's files have nothing.
 */
function contextFor(options: ConvertOptions): TokenizeContext & { ignored: readonly string[] } {
  const dictionaries = options.dictionaries ?? currentDictionaries();
  const story = options.names && storyListDictionaries(options.names);
  const names = [story?.words, story?.names, dictionaries.names].filter((dictionary) => dictionary && dictionary.size > 0) as PhraseDictionary[];
  const hasOperatorData = names.length > 0 || dictionaries.vietPhrase.size > 0 || (dictionaries.luatNhan?.size ?? 0) > 0;
  const { phienAm } = dictionaries;
  return {
    qt: hasOperatorData ? { names, words: story?.words, vietPhrase: dictionaries.vietPhrase, pronouns: dictionaries.pronouns, luatNhan: dictionaries.luatNhan } : undefined,
    phrases: builtInPhrases(),
    wordReadings: builtInWordReadings(),
    reading: phienAm ? (character) => phienAm.get(character) || hanVietReading(character) : hanVietReading,
    qtAlone: hasOperatorData && phienAm !== undefined && phienAm.size > 0,
    ignored: dictionaries.ignored ?? [],
  };
}

function removeIgnored(text: string, ignored: readonly string[]): string {
  let cleaned = text;
  for (const phrase of ignored) if (cleaned.includes(phrase)) cleaned = cleaned.split(phrase).join('');
  return cleaned;
}

function capitalizeFirst(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A word of a converted line: [from, to) in the Vietnamese, [zhFrom, zhTo) in the Chinese line, and how it was converted. */
export interface LineWord {
  from: number;
  to: number;
  zhFrom: number;
  zhTo: number;
  origin: WordOrigin;
}

function collectWords(tokens: readonly Token[], places: readonly TokenPlace[], viOffset: number, zhOffset: number, wordsOut: LineWord[]): void {
  tokens.forEach((token, index) => {
    const place = places[index];
    if (token.kind !== 'word' || !place) return;
    wordsOut.push({ from: place[0] + viOffset, to: place[1] + viOffset, zhFrom: token.from + zhOffset, zhTo: token.to + zhOffset, origin: token.origin });
  });
}

/**
 * One line: a heading ("Chương 12: Thiếu niên"; not in QT's own mode) or tokens of prose.
 * `wordsOut`, when given, receives where each word of the result came from.
 */
function convertLine(line: string, context: TokenizeContext, tokensOut?: Token[], wordsOut?: LineWord[]): string {
  const heading = context.qtAlone ? undefined : parseHeading(line);
  const places: TokenPlace[] | undefined = wordsOut && [];
  if (heading) {
    const tokens = tokenizeLine(heading.rest, context);
    tokensOut?.push(...tokens);
    const title = joinTokens(tokens, places);
    if (wordsOut && title) collectWords(tokens, places!, heading.label.length + 2, line.trimEnd().length - heading.rest.length, wordsOut);
    return title ? `${heading.label}: ${capitalizeFirst(title)}` : heading.label;
  }
  const tokens = tokenizeLine(line, context);
  tokensOut?.push(...tokens);
  const text = joinTokens(tokens, places);
  if (wordsOut) collectWords(tokens, places!, 0, 0, wordsOut);
  return text;
}

/** A text as the converter reads it: its lines simplified, width-normalised and without ignored phrases, and what they are converted with. */
export interface PreparedText {
  lines: string[];
  context: TokenizeContext;
}

/** Prepares a text once, so that some of its lines can be converted alone exactly as in the whole text. */
export function prepareText(text: string, options: ConvertOptions = {}): PreparedText {
  const context = contextFor(options);
  const normalized = removeIgnored(normalizeWidth(simplify(text.replace(/\r\n?/g, '\n'))), context.ignored);
  return { lines: normalized.split('\n'), context };
}

/** One line of a prepared text, converted, with where each of its words came from. */
export function convertPreparedLine(prepared: PreparedText, index: number): { text: string; words: LineWord[] } {
  const words: LineWord[] = [];
  const text = convertLine(prepared.lines[index] ?? '', prepared.context, undefined, words);
  return { text, words };
}

function convertLines(text: string, options: ConvertOptions, tokensOut?: Token[]): string[] {
  const { lines, context } = prepareText(text, options);
  return lines.map((line) => convertLine(line, context, tokensOut));
}

/**
 * Converts Chinese (simplified or traditional) to Vietnamese: chapter headings, longest match
 * over the story's names, Names and VietPhrase, the built-in phrase list over jieba's words,
 * numbers, names found by jieba's tags, Hán-Việt readings for the rest, Vietnamese punctuation,
 * spacing and sentence capitals. Line breaks are kept.
 */
export function convertChinese(text: string, options: ConvertOptions = {}): string {
  return convertLines(text, options).join('\n').trim();
}

/** A story title or an author name: every word capitalised ("Đấu Phá Thương Khung"). */
export function convertTitle(text: string, options: ConvertOptions = {}): string {
  return titleCase(convertChinese(text.replace(/\s*\n\s*/g, ' '), options));
}

/** One converted line per line of the text, empty ones kept (the agreement measure pairs lines). */
export function convertEachLine(text: string, options: ConvertOptions = {}): string[] {
  return convertLines(text, options);
}

/** A chapter body: one converted paragraph per non-empty line. */
export function convertParagraphs(text: string, options: ConvertOptions = {}): string[] {
  return convertLines(text, options).filter((paragraph) => paragraph.length > 0);
}

/**
 * A source chapter title that starts with a heading (第12章 外门杂役 → "Chương 12: Ngoại Môn
 * Tạp Dịch", title words capitalised as in a story's chapter list); undefined without one.
 */
export function convertHeading(title: string, options: ConvertOptions = {}): string | undefined {
  const heading = parseHeading(normalizeWidth(simplify(title)));
  if (!heading) return undefined;
  const rest = heading.rest ? convertTitle(heading.rest, options) : '';
  return rest ? `${heading.label}: ${rest}` : heading.label;
}

/**
 * Builds what the first conversion would otherwise build inside a request: jieba, the built-in
 * lists, the Hán-Việt table and jieba's name counts (about a second of work, once per process).
 */
export function warmConverter(): void {
  convertChinese('姓林名晓的少年说：“三个人。”', { dictionaries: emptyDictionaries() });
}

/** Han characters of a conversion by how they were converted. */
export type ConvertStats = Record<WordOrigin, number>;

/** Converts and counts Han characters per origin (the quality report of the benchmark). */
export function convertWithStats(text: string, options: ConvertOptions = {}): { text: string; stats: ConvertStats; tokens: Token[] } {
  const tokens: Token[] = [];
  const converted = convertLines(text, options, tokens).join('\n').trim();
  const stats: ConvertStats = { dictionary: 0, phrase: 0, name: 0, number: 0, 'hanviet-word': 0, hanviet: 0, unknown: 0, latin: 0 };
  for (const token of tokens) if (token.kind === 'word') stats[token.origin] += token.han;
  return { text: converted, stats, tokens };
}
