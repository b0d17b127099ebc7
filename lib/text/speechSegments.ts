import { mayJoinForeignName, readLatinWord, type LatinWordReading } from '@/lib/text/latinWords';
import { toSpeechText } from '@/lib/text/speechText';

/** The language a stretch of speech is read in: Vietnamese, or English for foreign names. */
export type SpeechLang = 'vi' | 'en';

export interface SpeechSegment {
  lang: SpeechLang;
  text: string;
}

/**
 * Changes whenever the same chapter text would be read differently (normaliser, word rules,
 * segments); the server's audio cache key carries it, so audio of an older reading is not served.
 */
export const SPEECH_TEXT_VERSION = 2;

const WORD = /[\p{L}\p{M}]+(?:'[\p{L}\p{M}]+)*/gu;
/** Punctuation right after a foreign name goes with it, so the English voice ends the phrase. */
const TRAILING_PUNCTUATION = /^[.,!?;:]+/;

interface Word {
  start: number;
  end: number;
  text: string;
  reading: LatinWordReading;
}

/** Two words of one name: only a space or a hyphen between them. */
const joined = (text: string, left: Word, right: Word) => ['-', ' '].includes(text.slice(left.end, right.start));
/** A capital at the start of a sentence (or after a colon) says nothing about a name. */
const opensSentence = (text: string, word: Word) => /(?:^|[.!?…:])$/.test(text.slice(0, word.start).trimEnd());

/** Which words are read in English: foreign names, with the capitalised words of the same name. */
function foreignWords(text: string, words: Word[]): boolean[] {
  const foreign = words.map((word) => word.reading.kind === 'foreign');
  const joins = (at: number) => !foreign[at] && mayJoinForeignName(words[at].text);
  for (let at = 0; at < words.length; at += 1) {
    if (words[at].reading.kind !== 'foreign') continue;
    for (let left = at - 1; left >= 0 && joined(text, words[left], words[left + 1]) && joins(left) && !opensSentence(text, words[left]); left -= 1) {
      foreign[left] = true;
    }
    for (let right = at + 1; right < words.length && joined(text, words[right - 1], words[right]) && joins(right); right += 1) {
      foreign[right] = true;
    }
  }
  return foreign;
}

/**
 * Splits speakable text (the normaliser's output) into Vietnamese and English stretches, with
 * Latin words respelled as latinWords.ts rules. The segments' texts joined give the whole text.
 */
export function segmentLatinWords(text: string): SpeechSegment[] {
  const words: Word[] = [...text.matchAll(WORD)].map((match) => ({
    start: match.index,
    end: match.index + match[0].length,
    text: match[0],
    reading: readLatinWord(match[0]),
  }));
  const foreign = foreignWords(text, words);
  const segments: SpeechSegment[] = [];
  let vietnamese = '';
  let cursor = 0;
  for (let at = 0; at < words.length; at += 1) {
    const word = words[at];
    if (!foreign[at]) {
      vietnamese += text.slice(cursor, word.start) + word.reading.text;
      cursor = word.end;
      continue;
    }
    let last = at;
    while (last + 1 < words.length && foreign[last + 1] && joined(text, words[last], words[last + 1])) last += 1;
    const punctuation = TRAILING_PUNCTUATION.exec(text.slice(words[last].end))?.[0] ?? '';
    vietnamese += text.slice(cursor, word.start);
    if (vietnamese) segments.push({ lang: 'vi', text: vietnamese });
    vietnamese = '';
    cursor = words[last].end + punctuation.length;
    segments.push({ lang: 'en', text: text.slice(word.start, cursor) });
    at = last;
  }
  vietnamese += text.slice(cursor);
  if (vietnamese) segments.push({ lang: 'vi', text: vietnamese });
  return segments;
}

/** The speakable text of a paragraph in language segments: what both voices read. */
export function toSpeechSegments(text: string): SpeechSegment[] {
  return segmentLatinWords(toSpeechText(text));
}

/** The segments as one text, for a voice that reads everything in Vietnamese. */
export function joinSegments(segments: readonly SpeechSegment[]): string {
  return segments.map((segment) => segment.text).join('');
}
