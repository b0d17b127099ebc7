/**
 * A phrase dictionary (Chinese key → Vietnamese meaning) built for longest-match lookup. Keys
 * live in one Map; for each first UTF-16 unit the distinct key lengths are kept in descending
 * order, so a lookup tries only lengths that exist for that character. This loads a
 * 1,000,000-entry VietPhrase far faster and in far less memory than a node-per-character trie.
 */
export class PhraseDictionary {
  private readonly entries = new Map<string, string>();
  private readonly lengthsByFirstUnit = new Map<number, number[]>();

  get size(): number {
    return this.entries.size;
  }

  /** Adds or replaces an entry: a later duplicate overrides an earlier one. */
  set(key: string, meaning: string): void {
    if (key.length === 0) return;
    this.entries.set(key, meaning);
    const firstUnit = key.charCodeAt(0);
    const lengths = this.lengthsByFirstUnit.get(firstUnit);
    if (!lengths) {
      this.lengthsByFirstUnit.set(firstUnit, [key.length]);
    } else if (!lengths.includes(key.length)) {
      lengths.push(key.length);
      lengths.sort((a, b) => b - a);
    }
  }

  get(key: string): string | undefined {
    return this.entries.get(key);
  }

  /** Length (in UTF-16 units) of the longest key that starts at `start` in `text`, or 0. */
  longestMatchLength(text: string, start: number): number {
    const lengths = this.lengthsByFirstUnit.get(text.charCodeAt(start));
    if (!lengths) return 0;
    const remaining = text.length - start;
    for (const length of lengths) {
      if (length <= remaining && this.entries.has(text.slice(start, start + length))) return length;
    }
    return 0;
  }

  /**
   * Length of the longest key at `start` that is at most `maxLength` long and whose end
   * `accept`s (a word boundary, for instance), or 0.
   */
  longestMatchLengthWhere(text: string, start: number, maxLength: number, accept: (end: number) => boolean): number {
    const lengths = this.lengthsByFirstUnit.get(text.charCodeAt(start));
    if (!lengths) return 0;
    const limit = Math.min(maxLength, text.length - start);
    for (const length of lengths) {
      if (length <= limit && accept(start + length) && this.entries.has(text.slice(start, start + length))) return length;
    }
    return 0;
  }

  /** Copies every entry of `other` into this dictionary, `other` winning on duplicates. */
  merge(other: PhraseDictionary): this {
    for (const [key, meaning] of other.entries) this.set(key, meaning);
    return this;
  }

  static fromRecord(record: Readonly<Record<string, string>>): PhraseDictionary {
    const dictionary = new PhraseDictionary();
    for (const [key, meaning] of Object.entries(record)) dictionary.set(key.trim(), meaning.trim());
    return dictionary;
  }
}
