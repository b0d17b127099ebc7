import type { PhraseDictionary } from '../phraseDictionary';
import type { ConvertDictionaries } from './load';
import { matchLuatNhan } from './luatNhan';

/**
 * A reference implementation of QuickTranslator 2013's "VietPhrase một nghĩa" conversion, the
 * yardstick of the converter's QT mode (syllable F1 per paragraph, `npm run bench`). Written
 * plainly and apart from the engine: no segmenter, no built-in list, no number or name rules.
 * Text is width-normalised and cleared of ignored phrases; left to right, the longest entry of
 * Names ∪ VietPhrase (Names first; at most 20 characters) that no name starting inside it
 * overruns and no longer entry starting inside it beats; a LuatNhan match where no entry has
 * its text; else the ChinesePhienAmWords reading of the character; a capital after a sentence end.
 */
const MAX = 20;

const PUNCTUATION: Readonly<Record<string, string>> = {
  '，': ',', '、': ',', '。': '.', '！': '!', '？': '?', '：': ':', '；': ';', '“': '"', '”': '"',
  '‘': "'", '’': "'", '「': '"', '」': '"', '『': '"', '』': '"', '《': '«', '》': '»', '（': '(', '）': ')',
  '…': '...', '—': '-',
};

const isHan = (char: string) => /\p{Script=Han}/u.test(char);

function normalize(line: string): string {
  return line.replace(/[\uff01-\uff5e]/g, (char) => PUNCTUATION[char] ?? String.fromCharCode(char.charCodeAt(0) - 0xfee0)).replace(/\u3000/g, ' ');
}

function lookup(dictionaries: readonly PhraseDictionary[], key: string): string | undefined {
  for (const dictionary of dictionaries) {
    const meaning = dictionary.get(key);
    if (meaning !== undefined) return meaning;
  }
  return undefined;
}

function longestAt(dictionaries: readonly PhraseDictionary[], line: string, start: number): number {
  for (let length = Math.min(MAX, line.length - start); length > 0; length--) {
    if (lookup(dictionaries, line.slice(start, start + length)) !== undefined) return length;
  }
  return 0;
}

/** One line converted by QuickTranslator's rules. */
export function qtReferenceLine(raw: string, dictionaries: ConvertDictionaries): string {
  let line = normalize(raw);
  for (const phrase of dictionaries.ignored ?? []) line = line.split(phrase).join('');
  const names = [dictionaries.names];
  const all = [dictionaries.names, dictionaries.vietPhrase];
  const fillers = [...(dictionaries.pronouns ? [dictionaries.pronouns] : []), ...all];
  const filler = {
    lengthsAt: (text: string, start: number) => {
      const lengths: number[] = [];
      for (let length = Math.min(MAX, text.length - start); length > 0; length--) {
        if (lookup(fillers, text.slice(start, start + length)) !== undefined) lengths.push(length);
      }
      return lengths;
    },
    meaning: (key: string) => lookup(fillers, key) ?? '',
  };
  const holds = (start: number, end: number) => {
    for (let inside = start + 1; inside < end; inside++) {
      const name = longestAt(names, line, inside);
      if (name > 0 && inside + name > end) return false;
      const entry = longestAt(all, line, inside);
      if (entry > end - start && inside + entry > end) return false;
    }
    return true;
  };

  const words: string[] = [];
  let position = 0;
  while (position < line.length) {
    const char = line[position];
    if (!isHan(char)) {
      words.push(PUNCTUATION[char] ?? char);
      position++;
      continue;
    }
    const rule = dictionaries.luatNhan ? matchLuatNhan(line, position, dictionaries.luatNhan, filler) : undefined;
    let chosen: { length: number; text: string } | undefined;
    for (let length = Math.min(MAX, line.length - position); length > 0 && !chosen; length--) {
      const meaning = lookup(all, line.slice(position, position + length));
      const text = meaning ?? (rule?.length === length ? rule.text : undefined);
      if (text !== undefined && (length === 1 || holds(position, position + length))) chosen = { length, text };
    }
    chosen ??= { length: 1, text: dictionaries.phienAm?.get(char) ?? char };
    words.push(` ${chosen.text} `);
    position += chosen.length;
  }
  return capitalize(words.join('').replace(/\s+/g, ' ').replace(/ ([,.!?:;»)])/g, '$1').trim());
}

function capitalize(text: string): string {
  return text.replace(/(^|[.!?]\s+|["«(]\s*)(\p{Ll})/gu, (_, before: string, letter: string) => before + letter.toUpperCase());
}

/** Every line of a text converted by QuickTranslator's rules. */
export function qtReference(text: string, dictionaries: ConvertDictionaries): string[] {
  return text.split(/\r?\n/).map((line) => qtReferenceLine(line, dictionaries));
}
