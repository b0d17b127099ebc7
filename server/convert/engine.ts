import { builtInPhrases, builtInWordReadings } from './builtIn';
import { loadDictionariesFromEnv, type ConvertDictionaries } from './dictionary';
import { parseHeading } from './headings';
import { hanVietReading } from './hanviet/table';
import { joinTokens } from './join';
import { PhraseDictionary } from './phraseDictionary';
import { normalizeWidth } from './punctuation';
import { simplify } from './simplify';
import { titleCase, tokenizeLine, type MatchSource, type Token, type TokenizeContext, type WordOrigin } from './tokenize';

export interface ConvertOptions {
  /** Names of this story (中文 → Vietnamese); they beat every dictionary on equal length. */
  names?: Readonly<Record<string, string>>;
  /** Global Names and VietPhrase; defaults to the files configured in the environment. */
  dictionaries?: ConvertDictionaries;
}

const storyNames = new WeakMap<object, PhraseDictionary>();

function storyNamesDictionary(names: Readonly<Record<string, string>>): PhraseDictionary {
  let dictionary = storyNames.get(names);
  if (!dictionary) {
    dictionary = PhraseDictionary.fromRecord(names);
    storyNames.set(names, dictionary);
  }
  return dictionary;
}

/** Priority on a tie: the story's names, global Names, then VietPhrase; the built-in list comes after. */
function contextFor(options: ConvertOptions): TokenizeContext {
  const dictionaries = options.dictionaries ?? loadDictionariesFromEnv();
  const sources: MatchSource[] = [];
  if (options.names) sources.push({ dictionary: storyNamesDictionary(options.names), isNames: true });
  sources.push({ dictionary: dictionaries.names, isNames: true }, { dictionary: dictionaries.vietPhrase, isNames: false });
  return {
    sources: sources.filter((source) => source.dictionary.size > 0),
    phrases: builtInPhrases(),
    wordReadings: builtInWordReadings(),
    reading: hanVietReading,
  };
}

function capitalizeFirst(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** One line: a heading ("Chương 12: Thiếu niên") or tokens of prose. */
function convertLine(line: string, context: TokenizeContext, tokensOut?: Token[]): string {
  const heading = parseHeading(line);
  if (heading) {
    const tokens = tokenizeLine(heading.rest, context);
    tokensOut?.push(...tokens);
    const title = joinTokens(tokens);
    return title ? `${heading.label}: ${capitalizeFirst(title)}` : heading.label;
  }
  const tokens = tokenizeLine(line, context);
  tokensOut?.push(...tokens);
  return joinTokens(tokens);
}

function convertLines(text: string, options: ConvertOptions, tokensOut?: Token[]): string[] {
  const context = contextFor(options);
  const normalized = normalizeWidth(simplify(text.replace(/\r\n?/g, '\n')));
  return normalized.split('\n').map((line) => convertLine(line, context, tokensOut));
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
