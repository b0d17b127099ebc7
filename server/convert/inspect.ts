import { WORD_ORIGINS, type MeaningSource, type ParagraphDetail, type WordLookup } from '@/lib/embedding/chapterDetail';
import { builtInPhrases, builtInWordReadings } from './builtIn';
import type { ConvertDictionaries } from './dictionary';
import { convertPreparedLine, prepareText, type ConvertOptions, type PreparedText } from './engine';
import { hanVietReading } from './hanviet/table';
import { joinTokens } from './join';
import { currentDictionaries } from './operatorDictionaries';
import { matchPunctuation } from './punctuation';
import { hanVietOf, isHan, type Token, type TokenizeContext } from './tokenize';

/**
 * What the word inspector and the reading views need of a chapter: each paragraph's Chinese,
 * Hán-Việt and Vietnamese with the words' spans, converted exactly as the whole chapter is, and
 * what the dictionaries hold for a piece of Chinese.
 */

const ORIGIN_CODES = new Map<string, number>(WORD_ORIGINS.map((origin, index) => [origin, index]));

function codePointLength(line: string, position: number): number {
  return line.codePointAt(position)! > 0xffff ? 2 : 1;
}

/** A line in Hán-Việt, one reading per character (a word's own reading where a character has several), punctuation as in the Vietnamese. */
export function hanVietLine(line: string, context: Pick<TokenizeContext, 'reading' | 'wordReadings'>): string {
  const tokens: Token[] = [];
  let quoteOpen = false;
  let position = 0;
  while (position < line.length) {
    if (isHan(line.codePointAt(position)!)) {
      let end = position;
      while (end < line.length && isHan(line.codePointAt(end)!)) end += codePointLength(line, end);
      tokens.push({ kind: 'word', text: hanVietOf(line, position, end, context), origin: 'hanviet', han: 0, from: position, to: end });
      position = end;
      continue;
    }
    if (/\s/.test(line[position])) {
      position++;
      continue;
    }
    const punctuation = matchPunctuation(line, position, quoteOpen);
    if (punctuation) {
      if (punctuation.mark.text === '"') quoteOpen = punctuation.mark.spacing === 'opening';
      tokens.push({ kind: 'punctuation', mark: punctuation.mark, from: position, to: position + punctuation.length });
      position += punctuation.length;
      continue;
    }
    let end = position + codePointLength(line, position);
    while (end < line.length && !isHan(line.codePointAt(end)!) && !/\s/.test(line[end]) && !matchPunctuation(line, end, quoteOpen)) end += codePointLength(line, end);
    tokens.push({ kind: 'word', text: line.slice(position, end), origin: 'latin', han: 0, from: position, to: end });
    position = end;
  }
  return joinTokens(tokens);
}

function paragraphOf(prepared: PreparedText, rawLines: readonly string[], line: number): ParagraphDetail | undefined {
  const { text, words } = convertPreparedLine(prepared, line);
  if (!text) return undefined;
  const zh = prepared.lines[line];
  const flat: number[] = [];
  for (const word of words) flat.push(word.from, word.to, word.zhFrom, word.zhTo, ORIGIN_CODES.get(word.origin) ?? ORIGIN_CODES.get('unknown')!);
  const raw = rawLines[line]?.trim();
  return { line, zh, ...(raw && raw !== zh.trim() ? { raw } : {}), hv: hanVietLine(zh, prepared.context), vi: text, words: flat };
}

/**
 * The paragraphs of a chapter's original text (one a line; lines converted to nothing left out), or
 * only those of `lines`: each converted as in the whole text, so a few re-converted paragraphs
 * match a whole conversion.
 */
export function paragraphDetails(text: string, options: ConvertOptions = {}, lines?: readonly number[]): ParagraphDetail[] {
  const prepared = prepareText(text, options);
  const rawLines = text.replace(/\r\n?/g, '\n').split('\n');
  const wanted = lines ? [...new Set(lines)].filter((line) => line >= 0 && line < prepared.lines.length).sort((a, b) => a - b) : prepared.lines.map((_, line) => line);
  return wanted.flatMap((line) => paragraphOf(prepared, rawLines, line) ?? []);
}

/** The Vietnamese of `paragraphDetails`, as the chapter's text is stored (paragraphs separated by '\n'). */
export function detailsText(paragraphs: readonly ParagraphDetail[]): string {
  return paragraphs.map((paragraph) => paragraph.vi).join('\n');
}

/**
 * Everything the loaded dictionaries hold for each piece of Chinese: the story's shared list, the
 * operator's Names and VietPhrase (every `/` meaning), the built-in phrase list and word readings,
 * and its Hán-Việt reading.
 */
export function lookUpWords(keys: readonly string[], storyList: Readonly<Record<string, string>>, dictionaries: ConvertDictionaries = currentDictionaries()): WordLookup[] {
  const phrases = builtInPhrases();
  const wordReadings = builtInWordReadings();
  const { phienAm } = dictionaries;
  const context = { reading: phienAm ? (character: string) => phienAm.get(character) || hanVietReading(character) : hanVietReading, wordReadings };
  return keys.map((key) => {
    const sources: [MeaningSource, string[]][] = [
      ['story', storyList[key] ? [storyList[key]] : []],
      ['names', dictionaries.names.allMeanings(key)],
      ['vietphrase', dictionaries.vietPhrase.allMeanings(key)],
      ['phrases', phrases.allMeanings(key)],
      ['hanviet-words', wordReadings.allMeanings(key)],
    ];
    return {
      key,
      hanViet: hanVietOf(key, 0, key.length, context),
      meanings: sources.filter(([, values]) => values.length > 0).map(([source, values]) => ({ source, values })),
    };
  });
}
