import * as OpenCC from 'opencc-js/t2cn';
import { FUNCTION_WORDS } from './data/function-words';
import { loadDictionariesFromEnv, type ConvertDictionaries } from './dictionary';
import { hanVietReading } from './hanviet/table';
import { PhraseDictionary } from './phraseDictionary';
import { normalizeWidth } from './punctuation';
import { joinTokens } from './join';
import { titleCase, tokenizeLine, type MatchSource } from './tokenize';

export interface ConvertOptions {
  /** Names of this story (中文 → Vietnamese); they beat every dictionary on equal length. */
  names?: Readonly<Record<string, string>>;
  /** Global Names and VietPhrase; defaults to the files configured in the environment. */
  dictionaries?: ConvertDictionaries;
}

let toSimplified: ((text: string) => string) | undefined;
let builtIn: PhraseDictionary | undefined;
const storyNames = new WeakMap<object, PhraseDictionary>();

/** Traditional (Taiwan and Hong Kong forms included) → simplified, with OpenCC's phrase tables. */
function simplify(text: string): string {
  toSimplified ??= OpenCC.Converter({ from: 'tw', to: 'cn' });
  return toSimplified(text);
}

function storyNamesDictionary(names: Readonly<Record<string, string>>): PhraseDictionary {
  let dictionary = storyNames.get(names);
  if (!dictionary) {
    dictionary = PhraseDictionary.fromRecord(names);
    storyNames.set(names, dictionary);
  }
  return dictionary;
}

/** Priority on a tie: the story's names, global Names, VietPhrase, then the built-in words. */
function matchSources(options: ConvertOptions): MatchSource[] {
  const dictionaries = options.dictionaries ?? loadDictionariesFromEnv();
  builtIn ??= PhraseDictionary.fromRecord(FUNCTION_WORDS);
  const sources: MatchSource[] = [];
  if (options.names) sources.push({ dictionary: storyNamesDictionary(options.names), isNames: true });
  sources.push(
    { dictionary: dictionaries.names, isNames: true },
    { dictionary: dictionaries.vietPhrase, isNames: false },
    { dictionary: builtIn, isNames: false },
  );
  return sources.filter((source) => source.dictionary.size > 0);
}

function convertLines(text: string, options: ConvertOptions): string[] {
  const sources = matchSources(options);
  const normalized = normalizeWidth(simplify(text));
  return normalized.split('\n').map((line) => joinTokens(tokenizeLine(line, sources, hanVietReading)));
}

/**
 * Converts Chinese (simplified or traditional) to Vietnamese QuickTranslate-style: longest
 * match over the story's names, Names, VietPhrase and built-in words, Hán-Việt readings for
 * the rest, Vietnamese punctuation, spacing and sentence capitals. Line breaks are kept.
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
