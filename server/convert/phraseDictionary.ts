const PAIR_BITS = 1 << 20;

function pairLengthBit(first: number, second: number, length: number): number {
  return (Math.imul(Math.imul(first, 0x9e3779b1) ^ second, 0x85ebca6b) ^ Math.imul(length, 0xc2b2ae35)) >>> 12;
}

/**
 * A phrase dictionary (Chinese key → Vietnamese meaning) built for longest-match lookup. Keys
 * map to an entry number; meanings live as UTF-8 in one growing buffer (a string per meaning
 * would be one more heap object per entry, 3,000,000 of them for a sangtacviet VietPhrase). For
 * each first UTF-16 unit the distinct key lengths are kept in descending order, so a lookup tries
 * only lengths that exist for that character; this loads a million-entry VietPhrase far faster
 * and in far less memory than a node-per-character trie.
 */
export class PhraseDictionary {
  private readonly entries = new Map<string, number>();
  private readonly lengthsByFirstUnit = new Map<number, number[]>();
  /**
   * One bit per (first two units, length) of the keys, hashed: a lookup skips a length whose bit
   * is clear without slicing the text. Most lengths tried at a position fail (QuickTranslator's
   * VietPhrase has keys of up to 20 characters for most first characters), so this saves most of
   * the work of the longest match; 128 KB, whatever the size of the dictionary.
   */
  private readonly pairLengthBits = new Uint32Array(PAIR_BITS / 32);
  private meanings = Buffer.allocUnsafe(4096);
  private used = 0;
  /**
   * Entry n in `meanings`: its meaning from [3n] to [3n + 1], then its other meanings (QuickTranslator's
   * `a/b|c` after the first, as written) up to [3n + 2].
   */
  private bounds = new Uint32Array(768);
  private count = 0;

  get size(): number {
    return this.entries.size;
  }

  /**
   * Adds or replaces an entry: a later duplicate overrides an earlier one (the built-in list).
   * `others`: the rest of the line's meanings, `/` or `|` between them (kept for the word inspector).
   */
  set(key: string, meaning: string, others = ''): void {
    if (key.length === 0) return;
    this.entries.set(key, this.store(meaning, others));
    this.indexLength(key);
  }

  /** Adds an entry unless the key is there already: the first duplicate wins (QuickTranslator). */
  add(key: string, meaning: string | Uint8Array, others: string | Uint8Array = ''): boolean {
    if (key.length === 0 || this.entries.has(key)) return false;
    this.entries.set(key, this.store(meaning, others));
    this.indexLength(key);
    return true;
  }

  has(key: string): boolean {
    return this.entries.has(key);
  }

  get(key: string): string | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    return this.meanings.toString('utf8', this.bounds[3 * entry], this.bounds[3 * entry + 1]);
  }

  /** Every meaning of an entry, the one `get` gives first, without empty ones or repeats; [] for an unknown key. */
  allMeanings(key: string): string[] {
    const entry = this.entries.get(key);
    if (entry === undefined) return [];
    const [start, firstEnd, end] = [this.bounds[3 * entry], this.bounds[3 * entry + 1], this.bounds[3 * entry + 2]];
    const first = this.meanings.toString('utf8', start, firstEnd).trim();
    const others = this.meanings.toString('utf8', firstEnd, end).split(/[/|]/).map((meaning) => meaning.trim());
    return [...new Set([first, ...others].filter(Boolean))];
  }

  /** Length (in UTF-16 units) of the longest key that starts at `start` in `text`, or 0. */
  longestMatchLength(text: string, start: number, maxLength = Infinity): number {
    const lengths = this.lengthsByFirstUnit.get(text.charCodeAt(start));
    if (!lengths) return 0;
    const limit = Math.min(maxLength, text.length - start);
    for (const length of lengths) {
      if (length <= limit && this.mayHave(text, start, length) && this.entries.has(text.slice(start, start + length))) return length;
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
      if (length <= limit && accept(start + length) && this.mayHave(text, start, length) && this.entries.has(text.slice(start, start + length))) return length;
    }
    return 0;
  }

  /** Lengths of every key that starts at `start` in `text`, longest first. */
  matchLengths(text: string, start: number, maxLength = Infinity): number[] {
    const lengths = this.lengthsByFirstUnit.get(text.charCodeAt(start));
    if (!lengths) return [];
    const limit = Math.min(maxLength, text.length - start);
    return lengths.filter((length) => length <= limit && this.mayHave(text, start, length) && this.entries.has(text.slice(start, start + length)));
  }

  /** False when no key of this length starts with the two units at `start` (true may be wrong). */
  private mayHave(text: string, start: number, length: number): boolean {
    if (length < 2) return true;
    const bit = pairLengthBit(text.charCodeAt(start), text.charCodeAt(start + 1), length);
    return (this.pairLengthBits[bit >>> 5] & (1 << (bit & 31))) !== 0;
  }

  /** Gives back the room the buffers grew ahead of need (once a large file is read). */
  compact(): this {
    if (this.meanings.length > this.used) this.meanings = Buffer.from(this.meanings.subarray(0, this.used));
    if (this.bounds.length > 3 * this.count) this.bounds = this.bounds.slice(0, 3 * this.count);
    return this;
  }

  static fromRecord(record: Readonly<Record<string, string>>): PhraseDictionary {
    const dictionary = new PhraseDictionary();
    for (const [key, meaning] of Object.entries(record)) dictionary.set(key.trim(), meaning.trim());
    return dictionary;
  }

  private store(meaning: string | Uint8Array, others: string | Uint8Array): number {
    const start = this.used;
    this.append(meaning);
    const firstEnd = this.used;
    this.append(others);
    if (3 * this.count + 3 > this.bounds.length) {
      const grown = new Uint32Array(Math.max(this.bounds.length * 2, 768));
      grown.set(this.bounds);
      this.bounds = grown;
    }
    this.bounds[3 * this.count] = start;
    this.bounds[3 * this.count + 1] = firstEnd;
    this.bounds[3 * this.count + 2] = this.used;
    return this.count++;
  }

  private append(bytes: string | Uint8Array): void {
    const byteLength = typeof bytes === 'string' ? Buffer.byteLength(bytes) : bytes.length;
    if (byteLength === 0) return;
    if (this.used + byteLength > this.meanings.length) {
      const grown = Buffer.allocUnsafe(Math.max(this.meanings.length * 2, this.used + byteLength));
      this.meanings.copy(grown, 0, 0, this.used);
      this.meanings = grown;
    }
    if (typeof bytes === 'string') this.meanings.write(bytes, this.used);
    else this.meanings.set(bytes, this.used);
    this.used += byteLength;
  }

  private indexLength(key: string): void {
    if (key.length >= 2) {
      const bit = pairLengthBit(key.charCodeAt(0), key.charCodeAt(1), key.length);
      this.pairLengthBits[bit >>> 5] |= 1 << (bit & 31);
    }
    const firstUnit = key.charCodeAt(0);
    const lengths = this.lengthsByFirstUnit.get(firstUnit);
    if (!lengths) {
      this.lengthsByFirstUnit.set(firstUnit, [key.length]);
    } else if (!lengths.includes(key.length)) {
      lengths.push(key.length);
      lengths.sort((a, b) => b - a);
    }
  }
}
