import { readFileSync } from 'node:fs';
import iconv from 'iconv-lite';
import initSqlJs from 'sql.js';
import { unihanDatabase } from './unihanSource';

/** One Unihan row reduced to what the Hán-Việt table needs. */
export interface UnihanReadingRow {
  character: string;
  /** kVietnamese readings in Unihan's order (Hán-Việt and Nôm mixed). */
  readings: string[];
  /**
   * Mandarin readings of today (kMandarin, kXHC1983; kHanyuPinyin, which also lists archaic
   * readings, only when neither exists), used to tell Hán-Việt readings from Nôm ones.
   */
  mandarin: string[];
  variants: string[];
  /** kSimplifiedVariant and kTraditionalVariant as listed (the character itself included). */
  simplifiedVariants: string[];
  traditionalVariants: string[];
  /** kSemanticVariant and kZVariant (same meaning, or the same character drawn otherwise), the character itself left out. */
  otherVariants?: string[];
  /** kPhonetic: the phonetic classes of Casey's list the character belongs to ("1549A"). */
  phonetic?: string[];
}

/**
 * The package stores characters outside the Basic Multilingual Plane as the Perl escape
 * `\x{20016}`; everything else as the character itself.
 */
export function decodeUnihanCharacter(value: string): string {
  return value.replace(/\\x\{([0-9A-Fa-f]{4,6})\}/g, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)));
}

/** "U+8AAA U+8AAC<kLau" → ["說", "説"] */
function parseCodePoints(field: string | null): string[] {
  if (!field) return [];
  return field
    .split(/\s+/)
    .map((token) => /^U\+([0-9A-F]{4,6})/i.exec(token)?.[1])
    .filter((hex): hex is string => hex !== undefined)
    .map((hex) => String.fromCodePoint(parseInt(hex, 16)));
}

/** "zhǎng(1879) cháng(1179)", "0121.040:cháng 1456.020:zhǎng", "10001.010:tiān" → syllables. */
function parseMandarin(...fields: (string | null)[]): string[] {
  const syllables = new Set<string>();
  for (const field of fields) {
    for (const token of (field ?? '').split(/[\s,]+/)) {
      const syllable = token.replace(/^.*:/, '').replace(/\(.*$/, '').trim();
      if (syllable) syllables.add(syllable.normalize('NFC'));
    }
  }
  return [...syllables];
}

async function openUnihan(databasePath: string) {
  const SQL = await initSqlJs();
  return new SQL.Database(readFileSync(databasePath));
}

/** "1549A 271*" → ["1549A", "271"] (the asterisk marks a character the editors added to Casey's class). */
function parsePhonetic(field: string | null): string[] {
  return (field ?? '')
    .split(/\s+/)
    .map((token) => token.replace(/\*$/, ''))
    .filter(Boolean);
}

/**
 * Reads every character that has a Vietnamese reading, a variant or a Mandarin reading, from the
 * Unihan SQLite file (unihanSource.ts, fetched on first use), read with sql.js (WASM): nothing native.
 */
export async function readUnihanReadings(databasePath?: string): Promise<UnihanReadingRow[]> {
  const db = await openUnihan(databasePath ?? (await unihanDatabase()));
  try {
    const statement = db.prepare(
      `SELECT character, kVietnamese, kSimplifiedVariant, kTraditionalVariant, kMandarin, kHanyuPinyin, kXHC1983,
              kSemanticVariant, kZVariant, kPhonetic
       FROM unihan WHERE kVietnamese <> '' OR kSimplifiedVariant <> '' OR kTraditionalVariant <> ''
         OR kSemanticVariant <> '' OR kZVariant <> '' OR kMandarin <> '' OR kHanyuPinyin <> '' OR kXHC1983 <> ''`,
    );
    const rows: UnihanReadingRow[] = [];
    while (statement.step()) {
      const [raw, vietnamese, simplified, traditional, mandarin, hanyuPinyin, xhc, semantic, zVariant, phonetic] =
        statement.get() as (string | null)[];
      if (!raw) continue;
      const character = decodeUnihanCharacter(raw);
      const simplifiedVariants = parseCodePoints(simplified);
      const traditionalVariants = parseCodePoints(traditional);
      rows.push({
        character,
        readings: (vietnamese ?? '').split(/\s+/).filter(Boolean),
        mandarin: mandarin || xhc ? parseMandarin(mandarin, xhc) : parseMandarin(hanyuPinyin),
        variants: [...simplifiedVariants, ...traditionalVariants].filter((v) => v !== character),
        simplifiedVariants,
        traditionalVariants,
        otherVariants: [...new Set([...parseCodePoints(semantic), ...parseCodePoints(zVariant)])].filter((v) => v !== character),
        phonetic: parsePhonetic(phonetic),
      });
    }
    statement.free();
    return rows;
  } finally {
    db.close();
  }
}

/**
 * The hanzi of GB 2312 by level: level 1 holds the 3,755 most common simplified characters
 * (rows 16–55), level 2 the next 3,008 (rows 56–87). Read from the encoding itself (EUC-CN bytes
 * 0xA0 + row, 0xA0 + cell), so no Unihan data is needed.
 */
export function readGb2312Characters(level: 1 | 2): string[] {
  const [first, last] = level === 1 ? [16, 55] : [56, 87];
  const characters: string[] = [];
  for (let row = first; row <= last; row++) {
    for (let cell = 1; cell <= 94; cell++) {
      const character = iconv.decode(Buffer.from([0xa0 + row, 0xa0 + cell]), 'gb2312');
      if (/^\p{Script=Han}$/u.test(character)) characters.push(character);
    }
  }
  return characters;
}
