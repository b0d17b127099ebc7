import type { PhraseDictionary } from '../phraseDictionary';
import { matchLuatNhan, type HoleFiller, type LuatNhanRules } from './luatNhan';

/** QuickTranslator looks at most this many characters ahead. */
export const QT_MAX_ENTRY = 20;

/** The dictionaries QuickTranslator matches with: Names (earlier ones win) ∪ VietPhrase, and LuatNhan. */
export interface QtSources {
  names: readonly PhraseDictionary[];
  /**
   * One of `names` whose entries are words, not names: matched as names are (first, kept whole),
   * but their meaning is used as written (a story list's entries written in lower case).
   */
  words?: PhraseDictionary;
  vietPhrase: PhraseDictionary;
  pronouns?: PhraseDictionary;
  luatNhan?: LuatNhanRules;
}

export interface QtMatch {
  length: number;
  text: string;
  isName: boolean;
}

function descendingUnique(lists: number[][]): number[] {
  return [...new Set(lists.flat())].sort((a, b) => b - a);
}

/**
 * QuickTranslator's choice over one line, position by position: the longest entry (at most 20
 * characters) that no name starting inside it overruns and that no longer entry starting
 * inside it and reaching further beats; a LuatNhan match counts as an entry where no entry has
 * its text. The longest name and entry at each position are found once per line.
 */
export class QtLineMatcher {
  private readonly longestName: Int8Array;
  private readonly longestEntry: Int8Array;
  private readonly filler: HoleFiller;
  private readonly dictionaries: readonly PhraseDictionary[];

  constructor(
    private readonly line: string,
    private readonly sources: QtSources,
  ) {
    this.longestName = new Int8Array(line.length);
    this.longestEntry = new Int8Array(line.length);
    for (let position = 0; position < line.length; position++) {
      let name = 0;
      for (const names of sources.names) name = Math.max(name, names.longestMatchLength(line, position, QT_MAX_ENTRY));
      this.longestName[position] = name;
      this.longestEntry[position] = Math.max(name, sources.vietPhrase.longestMatchLength(line, position, QT_MAX_ENTRY));
    }
    this.dictionaries = [...sources.names, sources.vietPhrase];
    const fillers = [...(sources.pronouns ? [sources.pronouns] : []), ...sources.names, sources.vietPhrase];
    this.filler = {
      lengthsAt: (text, start) => descendingUnique(fillers.map((dictionary) => dictionary.matchLengths(text, start, QT_MAX_ENTRY))),
      meaning: (key) => this.meaningOf(key, fillers)?.text ?? '',
    };
  }

  private meaningOf(key: string, dictionaries: readonly PhraseDictionary[]): { text: string; isName: boolean } | undefined {
    for (const dictionary of dictionaries) {
      const meaning = dictionary.get(key);
      if (meaning !== undefined) return { text: meaning, isName: dictionary !== this.sources.words && this.sources.names.includes(dictionary) };
    }
    return undefined;
  }

  /** A name (story names, Names) starts strictly inside [start, end) and ends after it. */
  nameOverruns(start: number, end: number): boolean {
    for (let inside = start + 1; inside < end; inside++) if (this.longestName[inside] > 0 && inside + this.longestName[inside] > end) return true;
    return false;
  }

  /** Nothing starting strictly inside [start, end) overruns its end: no name, no longer entry. */
  private holdsTogether(start: number, end: number): boolean {
    const length = end - start;
    for (let inside = start + 1; inside < end; inside++) {
      if (this.longestName[inside] > 0 && inside + this.longestName[inside] > end) return false;
      const entry = this.longestEntry[inside];
      if (entry > length && inside + entry > end) return false;
    }
    return true;
  }

  matchAt(start: number): QtMatch | undefined {
    const { line, sources, dictionaries } = this;
    const rules = sources.luatNhan;
    const rule = rules && (rules.byFirst.has(line.charAt(start)) || rules.byFirst.has('')) ? matchLuatNhan(line, start, rules, this.filler) : undefined;
    const ruleApplies = rule !== undefined && !dictionaries.some((dictionary) => dictionary.has(line.slice(start, start + rule.length)));
    for (let length = Math.max(this.longestEntry[start], ruleApplies ? rule.length : 0); length > 0; length--) {
      if (ruleApplies && length === rule.length) {
        if (length === 1 || this.holdsTogether(start, start + length)) return { length, text: rule.text, isName: false };
        continue;
      }
      const key = line.slice(start, start + length);
      if (!dictionaries.some((dictionary) => dictionary.has(key))) continue;
      if (length > 1 && !this.holdsTogether(start, start + length)) continue;
      return { length, ...this.meaningOf(key, dictionaries)! };
    }
    return undefined;
  }
}
