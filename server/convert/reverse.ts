import { dict } from '@node-rs/jieba/dict';
import { foldVietnamese } from '@/lib/text/fold';
import { hanViet } from './hanviet/table';

/**
 * The reverse of the Hán-Việt reading: from "Phàm Nhân Tu Tiên Truyện" back to the Chinese it
 * can be read from (凡人修仙传). Words of jieba's list (the dict.txt its segmenter loads) are
 * indexed by the Hán-Việt reading of their characters, and every character by each of its
 * readings; a query's syllables are cut into the likeliest words (longer and more frequent words
 * first, a syllable typed with its tone matching its tone), so a Vietnamese reader's name for a
 * story becomes the few Chinese titles it can stand for. Simplified characters only: the sites
 * are searched in simplified Chinese, which is what they index.
 */

interface Entry {
  text: string;
  /** The reading with its tones, lower case, syllables joined by spaces. */
  reading: string;
  frequency: number;
}

interface ReverseIndex {
  /** The reading of a word of two or more characters, with its tones → its likeliest words. */
  words: Map<string, Entry[]>;
  /** A syllable with its tone → its likeliest characters. */
  characters: Map<string, Entry[]>;
  /** The same, by readings without tones (what a reader typing without them gives). */
  foldedWords: Map<string, Entry[]>;
  foldedCharacters: Map<string, Entry[]>;
}

const KEPT_PER_KEY = 4;
/** jieba's rarest words are noise for titles, and leaving them out halves the index. */
const MIN_WORD_FREQUENCY = 10;
const MAX_WORD_LENGTH = 6;
/** Candidates kept per position while cutting a query. */
const BEAM = 6;

function keep(map: Map<string, Entry[]>, key: string, entry: Entry): void {
  const list = map.get(key);
  if (!list) {
    map.set(key, [entry]);
    return;
  }
  if (list.some((other) => other.text === entry.text && other.reading === entry.reading)) return;
  list.push(entry);
  list.sort((a, b) => b.frequency - a.frequency);
  if (list.length > KEPT_PER_KEY) list.length = KEPT_PER_KEY;
}

/** Builds the index line by line, so that a process can build it in slices between requests. */
class ReverseIndexBuilder {
  private readonly words = new Map<string, Entry[]>();
  private readonly foldedWords = new Map<string, Entry[]>();
  private readonly characterCounts = new Map<string, number>();

  constructor(
    private readonly readings: ReadonlyMap<string, readonly string[]>,
    private readonly traditionalOnly: ReadonlySet<string>,
  ) {}

  /** One line of jieba's list: `word count tag`. */
  add(line: string): void {
    const [word, count] = line.split(' ');
    const frequency = Number(count);
    if (!word || !Number.isFinite(frequency)) return;
    const characters = [...word];
    if (characters.some((character) => this.traditionalOnly.has(character) || !this.readings.has(character))) return;
    if (characters.length >= 2) for (const character of characters) this.characterCounts.set(character, (this.characterCounts.get(character) ?? 0) + frequency);
    if (characters.length < 2 || characters.length > MAX_WORD_LENGTH || frequency < MIN_WORD_FREQUENCY) return;
    const reading = characters.map((character) => this.readings.get(character)![0].toLowerCase()).join(' ');
    const entry = { text: word, reading, frequency };
    keep(this.words, reading, entry);
    keep(this.foldedWords, foldVietnamese(reading), entry);
  }

  finish(): ReverseIndex {
    const characters = new Map<string, Entry[]>();
    const foldedCharacters = new Map<string, Entry[]>();
    for (const [character, list] of this.readings) {
      if (this.traditionalOnly.has(character)) continue;
      const frequency = this.characterCounts.get(character) ?? 0;
      if (frequency === 0) continue;
      for (const reading of list) {
        const entry = { text: character, reading: reading.toLowerCase(), frequency };
        keep(characters, entry.reading, entry);
        keep(foldedCharacters, foldVietnamese(entry.reading), entry);
      }
    }
    return { words: this.words, characters, foldedWords: this.foldedWords, foldedCharacters };
  }
}

/** Builds the index from jieba's word list (`word count tag` per line) and the Hán-Việt table. */
export function buildReverseIndex(dictionaryText: string, readings: ReadonlyMap<string, readonly string[]>, traditionalOnly: ReadonlySet<string>): ReverseIndex {
  const builder = new ReverseIndexBuilder(readings, traditionalOnly);
  for (const line of dictionaryText.split('\n')) builder.add(line);
  return builder.finish();
}

/** Lines of the word list read between two turns of the event loop while the index is built. */
const SLICE_LINES = 5_000;

let building: Promise<ReverseIndex> | undefined;

/**
 * The process's index, built on first use in slices (a few milliseconds each) so that the
 * requests the process serves meanwhile are not held up by it.
 */
export function reverseIndex(): Promise<ReverseIndex> {
  building ??= (async () => {
    const table = hanViet();
    // jieba's own word list, as the segmenter loads it (server/convert/segment.ts).
    const lines = Buffer.from(dict).toString('utf8').split('\n');
    const builder = new ReverseIndexBuilder(table.readings, table.traditionalOnly);
    for (let start = 0; start < lines.length; start += SLICE_LINES) {
      for (const line of lines.slice(start, start + SLICE_LINES)) builder.add(line);
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
    return builder.finish();
  })();
  building.catch(() => {
    building = undefined;
  });
  return building;
}

/** The syllables of a Hán-Việt text, lower case with their tones; null when it is not one. */
export function hanVietSyllables(text: string): string[] | null {
  const syllables = text
    .normalize('NFC')
    .toLowerCase()
    .split(/[^\p{L}]+/u)
    .filter(Boolean);
  if (syllables.length === 0 || syllables.some((syllable) => !/^[abcdeghiklmnopqrstuvxyàáảãạăằắẳẵặâầấẩẫậđèéẻẽẹêềếểễệìíỉĩịòóỏõọôồốổỗộơờớởỡợùúủũụưừứửữựỳýỷỹỵ]+$/u.test(syllable))) return null;
  return syllables;
}

interface Partial {
  text: string;
  score: number;
}

/**
 * The Chinese a Hán-Việt text is likeliest read from, best first (at most `limit`): "Phàm Nhân
 * Tu Tiên Truyện" → ["凡人修仙传", …]. Empty when the text is not Hán-Việt syllables or a
 * syllable has no character.
 */
export function chineseCandidates(text: string, limit: number, index: ReverseIndex): string[] {
  const syllables = hanVietSyllables(text);
  if (!syllables) return [];
  // Typed with tones, the tones are taken as meant; typed without, any tone fits.
  const toned = syllables.some((syllable) => foldVietnamese(syllable) !== syllable);
  const keys = toned ? syllables : syllables.map(foldVietnamese);
  const wordsBy = toned ? index.words : index.foldedWords;
  const charactersBy = toned ? index.characters : index.foldedCharacters;
  const best: Partial[][] = [[{ text: '', score: 0 }]];
  for (let end = 1; end <= syllables.length; end++) {
    const here: Partial[] = [];
    for (let start = Math.max(0, end - MAX_WORD_LENGTH); start < end; start++) {
      const before = best[start];
      if (!before?.length) continue;
      const length = end - start;
      const key = keys.slice(start, end).join(' ');
      const entries = length === 1 ? charactersBy.get(key) : wordsBy.get(key);
      for (const entry of entries ?? []) {
        const score = length === 1 ? 0.3 * Math.log(entry.frequency + 1) : Math.log(entry.frequency + 1) + 6 * (length - 1);
        for (const partial of before) here.push({ text: partial.text + entry.text, score: partial.score + score });
      }
    }
    here.sort((a, b) => b.score - a.score);
    best[end] = here.filter((partial, i) => here.findIndex((other) => other.text === partial.text) === i).slice(0, BEAM);
  }
  return (best[syllables.length] ?? []).slice(0, limit).map((partial) => partial.text);
}

/** chineseCandidates over the process's index (built on first use). */
export async function hanVietToChinese(text: string, limit = 3): Promise<string[]> {
  return hanVietSyllables(text) ? chineseCandidates(text, limit, await reverseIndex()) : [];
}
