import { MAX_NAMES_PER_READER, nameProblem } from '../namesList';

/**
 * A converted chapter as the word inspector and the other views see it (POST
 * /api/embedding/chapter-detail): per paragraph its Chinese line, Hán-Việt reading, Vietnamese and
 * the words of the Vietnamese with the Chinese they came from. Shared by the server and the browser.
 */

/** How a word's reading was found, in the order the spans encode them. */
export const WORD_ORIGINS = ['dictionary', 'phrase', 'name', 'number', 'hanviet-word', 'hanviet', 'unknown', 'latin'] as const;
export type WordOriginName = (typeof WORD_ORIGINS)[number];

/** Numbers per word in `ParagraphDetail.words`: from, to (Vietnamese), zhFrom, zhTo (Chinese), origin. */
export const WORD_FIELDS = 5;

export interface ParagraphDetail {
  /** The paragraph's line in the chapter's original text (what re-converting asks for). */
  line: number;
  /** The Chinese line as the converter reads it (simplified, ASCII punctuation): spans point into it. */
  zh: string;
  /** The line as the source site wrote it, when it differs from `zh`. */
  raw?: string;
  /** Hán-Việt, one reading per character. */
  hv: string;
  /** The Vietnamese, as shown and read aloud. */
  vi: string;
  /** `WORD_FIELDS` numbers per word of `vi`, in order. */
  words: number[];
}

export interface ChapterDetail {
  index: number;
  paragraphs: ParagraphDetail[];
  /** The reader's own list the text was converted with (signed in: the account's list). */
  own: Record<string, string>;
}

/** Where a meaning in a look-up comes from. */
export type MeaningSource = 'story' | 'names' | 'vietphrase' | 'phrases' | 'hanviet-words';

export interface WordLookup {
  key: string;
  hanViet: string;
  meanings: { source: MeaningSource; values: string[] }[];
}

export interface Word {
  from: number;
  to: number;
  zhFrom: number;
  zhTo: number;
  origin: WordOriginName;
}

/** The words of a paragraph as objects. */
export function wordsOf(paragraph: Pick<ParagraphDetail, 'words'>): Word[] {
  const words: Word[] = [];
  const { words: flat } = paragraph;
  for (let at = 0; at + WORD_FIELDS <= flat.length; at += WORD_FIELDS) {
    words.push({ from: flat[at], to: flat[at + 1], zhFrom: flat[at + 2], zhTo: flat[at + 3], origin: WORD_ORIGINS[flat[at + 4]] ?? 'unknown' });
  }
  return words;
}

/** The index of the word at (or, between words, just before) `offset` of the Vietnamese; -1 when there is none. */
export function wordAtOffset(words: readonly Word[], offset: number): number {
  let found = -1;
  for (let index = 0; index < words.length; index++) {
    if (words[index].from > offset) break;
    found = index;
  }
  if (found === -1 && words.length > 0) return 0;
  return found;
}

/** A run of words of one paragraph, first to last, both included. */
export interface Selection {
  first: number;
  last: number;
}

/** Characters a selection of Chinese may hold: Han characters and the middle dot of transliterated names. */
const JOINABLE = /^[\p{Script=Han}·•]+$/u;
/** The longest Chinese a reader's entry may have (lib/namesList.ts NAME_ORIGINAL_MAX_CHARS). */
const MAX_SELECTION_CHARS = 30;

/** The Chinese of a selection: from its first word's first character to its last word's last (dropped particles between included). */
export function selectionText(zh: string, words: readonly Word[], selection: Selection): string {
  return zh.slice(words[selection.first].zhFrom, words[selection.last].zhTo);
}

/** Whether a selection's Chinese can be one entry of a reader's list: Han characters only, short enough. */
export function isSelectable(zh: string, words: readonly Word[], selection: Selection): boolean {
  if (selection.first < 0 || selection.last >= words.length || selection.first > selection.last) return false;
  const text = selectionText(zh, words, selection);
  return text.length <= MAX_SELECTION_CHARS && JOINABLE.test(text);
}

/**
 * The selection grown by the neighbouring word before or after it (a name the converter split in
 * two, selected whole); null when there is no neighbour, or the run would cross punctuation,
 * Latin text or grow past an entry's length.
 */
export function extendSelection(zh: string, words: readonly Word[], selection: Selection, side: 'previous' | 'next'): Selection | null {
  const grown = side === 'previous' ? { first: selection.first - 1, last: selection.last } : { first: selection.first, last: selection.last + 1 };
  return isSelectable(zh, words, grown) ? grown : null;
}

/** The Vietnamese a selection reads as now. */
export function selectionReading(vi: string, words: readonly Word[], selection: Selection): string {
  return vi.slice(words[selection.first].from, words[selection.last].to);
}

/**
 * The paragraphs a change to these entries can change: those whose Chinese holds one of the keys
 * (an entry of the story's list matches only where its Chinese is). Their lines, in order.
 */
export function affectedLines(paragraphs: readonly Pick<ParagraphDetail, 'line' | 'zh'>[], keys: readonly string[]): number[] {
  const wanted = keys.filter(Boolean);
  return paragraphs.filter((paragraph) => wanted.some((key) => paragraph.zh.includes(key))).map((paragraph) => paragraph.line);
}

/** The paragraphs with those re-converted put in place (by line); a line converted to nothing is dropped. */
export function replaceParagraphs(paragraphs: readonly ParagraphDetail[], lines: readonly number[], converted: readonly ParagraphDetail[]): ParagraphDetail[] {
  const asked = new Set(lines);
  const byLine = new Map(converted.map((paragraph) => [paragraph.line, paragraph]));
  return paragraphs.flatMap((paragraph) => {
    if (!asked.has(paragraph.line)) return [paragraph];
    const fresh = byLine.get(paragraph.line);
    return fresh ? [fresh] : [];
  });
}

/** "lâm uyên" → "Lâm Uyên": the form a name is first offered in. */
export function nameForm(reading: string): string {
  return reading
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/** A change to the reader's own list: 中文 → the Vietnamese to read, or null to drop the reader's entry. */
export type NameChanges = Record<string, string | null>;

const capitalized = (message: string) => message.charAt(0).toUpperCase() + message.slice(1);

/** The reader's own list with the changes made, or what is wrong with them. */
export function withChanges(own: Record<string, string>, changes: NameChanges): { names: Record<string, string> } | { problem: string } {
  const names = { ...own };
  for (const [original, translation] of Object.entries(changes)) {
    if (translation === null) {
      delete names[original];
      continue;
    }
    const problem = nameProblem(original.trim(), translation.trim());
    if (problem) return { problem: capitalized(problem) };
    names[original.trim()] = translation.trim();
  }
  if (Object.keys(names).length > MAX_NAMES_PER_READER) return { problem: `Danh sách của bạn đã có tối đa ${MAX_NAMES_PER_READER} tên cho truyện này.` };
  return { names };
}
