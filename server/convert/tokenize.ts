import type { PhraseDictionary } from './phraseDictionary';
import { matchPunctuation, type PunctuationMark } from './punctuation';

export type Token = { kind: 'word'; text: string } | { kind: 'punctuation'; mark: PunctuationMark };

/** A dictionary tried by the longest match; earlier sources win ties. Names are title-cased. */
export interface MatchSource {
  dictionary: PhraseDictionary;
  isNames: boolean;
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

/** The longest dictionary match at `start`: longest across all sources, the earlier source on a tie. */
function longestMatch(line: string, start: number, sources: readonly MatchSource[]) {
  let best: { length: number; source: MatchSource } | undefined;
  for (const source of sources) {
    const length = source.dictionary.longestMatchLength(line, start);
    if (length > 0 && (!best || length > best.length)) best = { length, source };
  }
  return best;
}

/**
 * Splits one line (already simplified and width-normalised) into Vietnamese words and
 * punctuation marks, left to right: the longest dictionary phrase at each Chinese character,
 * else that character's Hán-Việt reading (or the character itself when it has none).
 */
export function tokenizeLine(
  line: string,
  sources: readonly MatchSource[],
  reading: (character: string) => string | undefined,
): Token[] {
  const tokens: Token[] = [];
  let quoteOpen = false;
  let position = 0;
  while (position < line.length) {
    const codePoint = line.codePointAt(position)!;
    if (isHan(codePoint)) {
      const match = longestMatch(line, position, sources);
      if (match) {
        const meaning = match.source.dictionary.get(line.slice(position, position + match.length)) ?? '';
        if (meaning) tokens.push({ kind: 'word', text: match.source.isNames ? titleCase(meaning) : meaning });
        position += match.length;
        continue;
      }
      const character = String.fromCodePoint(codePoint);
      tokens.push({ kind: 'word', text: reading(character) ?? character });
      position += character.length;
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
    tokens.push({ kind: 'word', text: line.slice(position, end) });
    position = end;
  }
  return tokens;
}
